/* global document, location, addEventListener */
// The pages' one script, a module (docs/website.md#the-script). Every page works without it; with
// it, an address shown in full names the origin the page was read at, a form's address is written
// the API's way, the list's search box offers searches as words are typed, and the list's compare
// bar says what Compare needs.

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
// empty field, a list as one comma list (`courses=a,b`, `level=a,b`); another name given twice
// stays twice, for the page to say so. The server sends any other writing there too (a 308), and
// names the same lists (src/site/forms.ts).
const LISTS = new Set(['courses', 'level', 'specialty', 'price_band']);
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

// The list's search box offers searches and courses as words are typed: from 2 characters, a
// quarter of a second after the last key (a person's typing stays far inside the rate limit), from
// /api/v1/suggestions. A combobox with a list of options in two groups, as ARIA's pattern has it:
// arrows to move, Enter to take one, Escape to close. Taking a search searches for it; taking a
// course opens its page. The box still submits what is typed.
const box = document.getElementById('f-q');
if (box) {
  // A listbox of groups: a <div>, since a list may hold only items, and each group is a list.
  const list = document.createElement('div');
  list.id = 'f-q-options';
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', 'Suggestions');
  list.hidden = true;
  const wrap = document.createElement('span');
  wrap.className = 'suggest';
  box.replaceWith(wrap);
  wrap.append(box, list);
  box.setAttribute('role', 'combobox');
  box.setAttribute('aria-autocomplete', 'list');
  box.setAttribute('aria-controls', list.id);
  box.setAttribute('aria-expanded', 'false');
  box.autocomplete = 'off';
  let timer;
  let asked = 0;
  let active = -1;
  const options = () => [...list.querySelectorAll('[role="option"]')];
  const mark = (at) => {
    active = at;
    for (const [i, option] of options().entries()) {
      option.setAttribute('aria-selected', String(i === at));
    }
    if (at < 0) box.removeAttribute('aria-activedescendant');
    else box.setAttribute('aria-activedescendant', options()[at].id);
  };
  const close = () => {
    list.hidden = true;
    box.setAttribute('aria-expanded', 'false');
    mark(-1);
  };
  // One group of options: searches (their words), or courses (their names, each with its page).
  const group = (label, items) => {
    const ul = document.createElement('ul');
    ul.setAttribute('role', 'group');
    ul.setAttribute('aria-label', label);
    ul.append(
      ...items.map(({ text, href }) => {
        const option = document.createElement('li');
        option.setAttribute('role', 'option');
        option.textContent = text;
        if (href) option.dataset.href = href;
        return option;
      }),
    );
    return ul;
  };
  const show = ({ suggestions, courses }) => {
    const groups = [];
    if (suggestions.length)
      groups.push(
        group(
          'Searches',
          suggestions.map((text) => ({ text })),
        ),
      );
    if (courses.length) {
      const named = courses.map((c) => ({ text: c.name, href: new URL(c.page_url).pathname }));
      groups.push(group('Courses', named));
    }
    list.replaceChildren(...groups);
    for (const [i, option] of options().entries()) option.id = `f-q-option-${i}`;
    if (groups.length === 0) return close();
    list.hidden = false;
    box.setAttribute('aria-expanded', 'true');
    mark(-1);
  };
  const choose = (option) => {
    close();
    if (option.dataset.href) return location.assign(option.dataset.href);
    box.value = option.textContent;
    box.form.requestSubmit();
  };
  box.addEventListener('input', () => {
    clearTimeout(timer);
    const typed = box.value;
    if (typed.trim().length < 2 || typed.length > 100) return close();
    timer = setTimeout(async () => {
      const ask = ++asked;
      const answer = await fetch(`/api/v1/suggestions?q=${encodeURIComponent(typed)}`).catch(
        () => undefined,
      );
      if (ask !== asked || !answer?.ok) return;
      show((await answer.json()).data);
    }, 250);
  });
  box.addEventListener('keydown', (event) => {
    if (list.hidden) return;
    const count = options().length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (event.key === 'ArrowDown') mark(active + 1 < count ? active + 1 : 0);
      else mark(active > 0 ? active - 1 : count - 1);
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      choose(options()[active]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  });
  // A click on an option takes it; the box keeps the focus.
  list.addEventListener('mousedown', (event) => event.preventDefault());
  list.addEventListener('click', (event) => {
    const option = event.target.closest('[role="option"]');
    if (option) choose(option);
  });
  box.addEventListener('blur', close);
}

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
