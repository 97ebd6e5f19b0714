/* global document, location, addEventListener */
// The pages' one script, a module (docs/website.md#the-script). Every page works without it; with
// it, an address shown in full names the origin the page was read at, a form's address is written
// the API's way, and the list's compare bar says what Compare needs.

// An address shown in full, to be copied, is written under PUBLIC_URL or SITE_URL (its element
// says which origin, `data-origin`). Read at another origin than the page's canonical one (at
// 127.0.0.1, a LAN address, through a port-forward), it names the origin the page was read at.
const canonical = document.querySelector('link[rel="canonical"]');
if (canonical && new URL(canonical.href).origin !== location.origin) {
  for (const shown of document.querySelectorAll('[data-origin]')) {
    shown.textContent = shown.textContent.replaceAll(shown.dataset.origin, location.origin);
  }
}

// The site's own forms (`method="get"`, said) get their address as the API writes a request: no
// empty field, `courses` as one comma list (`courses=a,b`); another name given twice stays twice,
// for the page to say so. The server sends any other writing there too (a 308).
const LISTS = new Set(['courses']);
document.addEventListener('submit', (event) => {
  const form = event.target;
  if (event.defaultPrevented || form.getAttribute('method') !== 'get') return;
  const query = [];
  for (const [name, value] of new FormData(form, event.submitter)) {
    if (value === '') continue;
    const list = LISTS.has(name) && query.find(([other]) => other === name);
    if (list) list[1] += `,${value}`;
    else query.push([name, value]);
  }
  const encoded = (text) => encodeURIComponent(text).replaceAll('%2C', ',');
  const text = query.map(([name, value]) => `${encoded(name)}=${encoded(value)}`).join('&');
  event.preventDefault();
  location.assign(text ? `${form.action}?${text}` : form.action);
});

// The list's compare bar: how many courses are ticked and what Compare needs, as they are ticked.
const ticked = document.getElementById('compare-ticked');
if (ticked) {
  const boxes = [...document.querySelectorAll('input[name="courses"][form="compare-form"]')];
  const NEEDS = [
    'tick two or three',
    'tick one or two more',
    'compare them, or tick one more',
    'compare them',
  ];
  const OVER = ['one', 'two', 'three', 'four', 'five', 'six'];
  const needs = (count) =>
    NEEDS[count] ?? `untick ${OVER[count - 4] ?? count - 3}: Compare takes two or three`;
  const say = () => {
    const count = boxes.filter((box) => box.checked).length;
    ticked.textContent = `${count} ticked — ${needs(count)}`;
  };
  for (const box of boxes) box.addEventListener('change', say);
  // Boxes a reload or the back button ticks again.
  addEventListener('pageshow', say);
  say();
}
