import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Locator, type Page } from 'playwright-core';
import type { CourseRecord } from '../src/catalog/course.schema';
import { copyOfData, DATA_DIR, startTestApp, type TestApp } from './support/app';
import { readingTab, screenshot, sharedBrowser } from './support/browser';
import { describeWithBrowser } from './support/requirements';
import { makeVerified, verifiedClock } from './support/verified-data';

/**
 * The list, the comparison and the course page on a phone (375 px) and a desktop (1280 px): every
 * fact on screen or in a scroll box that shows a cue, the compare bar only when it can be used and
 * never over the filters, numbers whole and written one way, Compare's needs said in words.
 * Screenshots, when asked for (SCREENSHOTS=1), go to test-output/screenshots/phones/.
 */

const SIZES = [
  { width: 375, height: 740 },
  { width: 1280, height: 900 },
];
const records: CourseRecord[] = JSON.parse(
  readFileSync(join(DATA_DIR, 'courses.json'), 'utf8'),
).courses;
const active = records.filter((c) => c.status === 'active');
/** Three courses with long names and four-figure first-year costs among them. */
const COMPARED = [...active]
  .sort((a, b) => (b.price.first_year_cost_usd ?? 0) - (a.price.first_year_cost_usd ?? 0))
  .slice(0, 3);
const COSTLY = COMPARED.find((c) => (c.price.first_year_cost_usd ?? 0) >= 1000)!;
/** In the verified data, the one course left a placeholder: the catalog still holds one. */
const STILL_PLACEHOLDER = active.find((c) => !COMPARED.includes(c))!;

// The functions below run in the page; the test's own TypeScript has no DOM types.

/**
 * Elements reaching past the viewport's sides that are not inside a scroll box with a cue (a
 * `.table-wrap`, whose edge shadows show where more lies; see `cueAt`). An element moved wholly
 * off to the left is hidden on purpose (the skip link, a list's column heads on a phone).
 */
function pastTheEdges(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const w = globalThis as any;
    const scroller = (el: any): any => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        if (/auto|scroll/.test(w.getComputedStyle(p).overflowX)) return p;
      }
      return null;
    };
    const found: string[] = [];
    for (const el of w.document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= 0) continue;
      if (r.left >= -0.5 && r.right <= w.innerWidth + 0.5) continue;
      const box = scroller(el);
      if (!box?.classList.contains('table-wrap')) {
        found.push(`${el.tagName}.${el.className} ${Math.round(r.left)}–${Math.round(r.right)}`);
      }
    }
    if (w.document.documentElement.scrollWidth > w.innerWidth)
      found.push('the page scrolls sideways');
    return found;
  });
}

/**
 * Numbers a line break splits (a figure, "$2,388", "4.8 %", "4/5", a date), and amounts of money
 * written without the thousands separator the list's prices use.
 */
function badNumbers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const w = globalThis as any;
    const walker = w.document.createTreeWalker(w.document.body, 4 /* text */);
    const NUMBER = /\$?\d[\d,]*(?:\.\d+)?(?:-\d\d-\d\d|[ \u00a0]%|\/5)?/g;
    const found: string[] = [];
    while (walker.nextNode()) {
      const node = walker.currentNode;
      if (!node.parentElement?.checkVisibility()) continue;
      for (const m of node.data.matchAll(NUMBER)) {
        const range = w.document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set(
          [...range.getClientRects()].filter((r: any) => r.width > 0).map((r: any) => r.top),
        );
        if (lines.size > 1) found.push(`“${m[0]}” split over ${lines.size} lines`);
        if (/^\$\d{4}/.test(m[0])) found.push(`“${m[0]}” without a thousands separator`);
      }
    }
    return found;
  });
}

/** Two screenshots of a thin strip at one edge of a box, with and without its background. */
async function cueAt(page: Page, box: Locator, side: 'left' | 'right'): Promise<boolean> {
  const r = (await box.boundingBox())!;
  const clip = {
    x: side === 'left' ? r.x : r.x + r.width - 10,
    y: r.y,
    width: 10,
    height: Math.min(r.height, 120),
  };
  const shown = await page.screenshot({ clip });
  await box.evaluate((el: any) => (el.style.background = 'none'));
  const bare = await page.screenshot({ clip });
  await box.evaluate((el: any) => (el.style.background = ''));
  return !shown.equals(bare);
}

/** The comparison's rows whose values are not each beside the fact's name, brought into view. */
function beside(rows: Locator, count: number): Promise<string[]> {
  return rows.evaluateAll(
    (all, { count }) => {
      const w = globalThis as any;
      const found: string[] = [];
      for (const row of all) {
        const fact = row.querySelector('th');
        const cells = [...row.querySelectorAll('td')];
        if (cells.length !== count) found.push(`${fact.textContent}: ${cells.length}`);
        for (const td of cells) {
          td.scrollIntoView({ block: 'nearest', inline: 'nearest' });
          const [f, v] = [fact.getBoundingClientRect(), td.getBoundingClientRect()];
          const shown = f.left >= 0 && v.left >= f.right - 1 && v.right <= w.innerWidth + 1;
          if (!shown || !td.checkVisibility()) found.push(`${fact.textContent} ${td.cellIndex}`);
        }
      }
      return found;
    },
    { count },
  );
}

/** The facts whose row shows the mark "differs" (a visible word of its name's cell), by name. */
function visibleMarks(page: Page): Promise<string[]> {
  return page.locator('table.compare tbody th').evaluateAll((cells) =>
    cells
      .filter((th: any) => {
        const mark = th.querySelector('.differs');
        const r = mark?.getBoundingClientRect();
        return (
          mark?.checkVisibility() && r.width > 1 && r.height > 1 && /differs/.test(mark.innerText)
        );
      })
      .map((th: any) => th.firstChild.textContent.trim()),
  );
}

/**
 * On a phone: the named two courses, and only they, side by side in every row below the fact's
 * name, within the screen's width; with the price's row brought into view, both prices on screen
 * and the courses' names still at the top.
 */
function twoSideBySide(page: Page, names: string[]): Promise<string[]> {
  return page.evaluate((names) => {
    const w = globalThis as any;
    const d = w.document;
    const found: string[] = [];
    const visible = (el: any) => el.checkVisibility();
    const heads = [...d.querySelectorAll('table.compare thead th[data-slug]')].filter(visible);
    const headNames = heads.map((th: any) => th.querySelector('a').textContent);
    if (JSON.stringify(headNames) !== JSON.stringify(names)) found.push(`heads ${headNames}`);
    for (const row of d.querySelectorAll('table.compare tbody tr')) {
      const fact = row.querySelector('th');
      const cells = [...row.querySelectorAll('td')].filter(visible);
      const [f, a, b] = [fact, ...cells].map((el: any) => el.getBoundingClientRect());
      const label = fact.firstChild.textContent.trim();
      if (cells.length !== 2) found.push(`${label}: ${cells.length} shown`);
      else if (!(f.bottom <= a.top + 1 && f.bottom <= b.top + 1)) found.push(`${label}: not above`);
      else if (!(a.left >= 0 && a.right <= b.left && b.right <= w.innerWidth)) {
        found.push(`${label}: not side by side on screen`);
      }
    }
    const price = [...d.querySelectorAll('table.compare tbody tr')].find((row: any) =>
      row.querySelector('th').textContent.startsWith('Price'),
    );
    price.scrollIntoView({ block: 'center' });
    for (const cell of [...price.querySelectorAll('td')].filter(visible)) {
      const r = cell.getBoundingClientRect();
      if (!(r.left >= 0 && r.right <= w.innerWidth && r.top >= 0 && r.bottom <= w.innerHeight)) {
        found.push(`price ${cell.textContent} off the screen`);
      }
    }
    for (const th of heads) {
      const r = th.getBoundingClientRect();
      if (!(r.top >= 0 && r.bottom <= price.getBoundingClientRect().top)) {
        found.push(`${th.textContent} not held in view above the prices`);
      }
    }
    return found;
  }, names);
}

describeWithBrowser('the list, the comparison and the course page at 375 and 1280 px', () => {
  let t: TestApp;
  let verified: TestApp;
  let browser: Browser;

  let load: Awaited<ReturnType<typeof readingTab>>;

  beforeAll(async () => {
    t = await startTestApp();
    const dir = copyOfData();
    makeVerified(dir, [STILL_PLACEHOLDER.slug]);
    verified = await startTestApp({ env: { DATA_DIR: dir }, clock: verifiedClock() });
    browser = await sharedBrowser();
    load = await readingTab(browser);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await verified?.close();
  });

  /** Loads a page in the suite's one tab (support/browser.ts): nothing a test does outlives it. */
  const open = (path: string, viewport: { width: number; height: number }, app = t) =>
    load(`${app.url}${path}`, viewport);
  const shot = (page: Page, name: string, width: number) =>
    screenshot(page, `phones/${name}-${width}`, { fullPage: true });

  describe.each(SIZES)('at $width px', (size) => {
    it('the list fits the screen, numbers whole; the compare bar shows once a course is ticked', async () => {
      const { page, errors } = await open('/ai-seo-courses', size);
      expect(await pastTheEdges(page)).toEqual([]);
      expect(await badNumbers(page)).toEqual([]);
      const bar = page.locator('.compare-bar');
      expect(await bar.isVisible()).toBe(false);
      await shot(page, 'list', size.width);
      const boxes = page.locator('input[name="courses"][form="compare-form"]');
      await boxes.first().check();
      await bar.waitFor({ state: 'visible' });
      // Compact: the bar covered about 100 px of a phone screen.
      expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(64);
      await screenshot(page, `phones/list-ticked-${size.width}`);
      await boxes.first().uncheck();
      await bar.waitFor({ state: 'hidden' });
      expect(errors).toEqual([]);
    });

    it('an empty list names its ways out on screen, each a target a tap reaches, the first leading to the courses it counts', async () => {
      // Words and filters that find nothing together: a filter left out, the words left out.
      const path = '/ai-seo-courses?q=backlinks&level=advanced&price_band=free';
      const { page, errors } = await open(path, size);
      const links = page.locator('.ways-out li a');
      expect(await links.count()).toBeGreaterThan(1);
      expect(await pastTheEdges(page)).toEqual([]);
      await shot(page, 'list-nothing-found', size.width);
      const ways = await page.locator('.ways-out li').evaluateAll((items) =>
        items.map((li: any) => ({
          href: li.querySelector('a').getAttribute('href'),
          count: Number(/\((\d+) courses?\)/.exec(li.textContent)?.[1] ?? -1),
        })),
      );
      // Each a target a tap reaches (nothing over it: playwright's checks before a click, without
      // the click); where each leads, and that it finds what it counts, src/site/pages.spec.ts
      // holds from the pages' own HTML. One is followed here.
      for (let i = 0; i < ways.length; i++) await links.nth(i).click({ trial: true });
      const [first] = ways.filter((way) => way.count > 0);
      await Promise.all([
        page.waitForURL(`**${first.href}`),
        page.locator(`.ways-out a[href="${first.href}"]`).click(),
      ]);
      const rows = await page.locator('tr[data-slug]').count();
      expect(rows).toBe(Math.min(first.count, 50));
      // The last: the glossary.
      expect(ways.at(-1)).toEqual({ href: '/ai-seo-courses/glossary', count: -1 });
      expect(errors).toEqual([]);
    });

    it('the open filters show a count beside every choice, a choice giving none dimmed, not hidden', async () => {
      const { page, errors } = await open('/ai-seo-courses?q=local&price_band=free', size);
      // Open already: the list is filtered.
      expect(await page.locator('details.filters').getAttribute('open')).toBe('');
      expect(await pastTheEdges(page)).toEqual([]);
      const choices = page.locator('.filter-groups label');
      const facets = (await t.json('/api/v1/facets?q=local&price_band=free')).data.facets;
      const values = ['level', 'specialty', 'price_band'].flatMap((name) =>
        Object.keys(facets[name]),
      );
      expect(await choices.count()).toBe(values.length);
      const shown = await choices.evaluateAll((labels) =>
        labels.map((label: any) => ({
          visible: label.checkVisibility() && label.querySelector('.count').checkVisibility(),
          count: label.querySelector('.count').textContent,
          dim: label.classList.contains('none'),
        })),
      );
      const expected = ['level', 'specialty', 'price_band'].flatMap((name) =>
        Object.values<number>(facets[name]).map((n) => ({
          visible: true,
          count: `(${n})`,
          dim: n === 0,
        })),
      );
      expect(shown).toEqual(expected);
      expect(expected.some((choice) => choice.dim)).toBe(true);
      // The other choices say what they give too.
      expect(await page.locator('label[for="f-community_only"] .count').innerText()).toBe(
        `(${facets.community_only.true})`,
      );
      await page.locator('.filter-groups').scrollIntoViewIfNeeded();
      await screenshot(page, `phones/list-counts-${size.width}`);
      expect(errors).toEqual([]);
    });

    it('the award shown on the list keeps its caveat beside it', async () => {
      const { page } = await open('/ai-seo-courses', size);
      const box = page.locator('.pick-box');
      expect(await box.locator('.badge.pick').isVisible()).toBe(true);
      const caveat = box.locator('.caveat');
      expect(await caveat.isVisible()).toBe(true);
      expect(await caveat.innerText()).toMatch(/no part in the Course Finder's scoring/);
      await screenshot(box, `phones/list-award-${size.width}`);
    });

    it('the compare bar never covers the open filter form, wherever the page is scrolled', async () => {
      const { page } = await open('/ai-seo-courses', size);
      await page.locator('input[name="courses"][form="compare-form"]').nth(1).check();
      await page.locator('details.filters summary').click();
      // Scrolled 120 px at a time in the page, each step measured there: the bar is sticky, laid
      // out anew as the page scrolls, with no script of its own to wait for.
      const seen = await page.evaluate((screen) => {
        const d = (globalThis as any).document;
        const [form, bar] = [d.querySelector('form.filters'), d.querySelector('.compare-bar')];
        const found = { overlaps: [] as number[], barSeen: 0 };
        for (let y = 0; y < d.documentElement.scrollHeight; y += 120) {
          (globalThis as any).scrollTo(0, y);
          const [f, b] = [form.getBoundingClientRect(), bar.getBoundingClientRect()];
          if (b.height > 0 && b.top < screen && b.bottom > 0) found.barSeen++;
          if (b.top < f.bottom && f.top < b.bottom) found.overlaps.push(y);
        }
        return found;
      }, size.height);
      expect(seen.overlaps).toEqual([]);
      expect(seen.barSeen).toBeGreaterThan(0);
      const form = page.locator('form.filters');
      // The form's end at the screen's foot: where the bar used to sit over it.
      await form.evaluate((el: any) => el.scrollIntoView({ block: 'end' }));
      await screenshot(page, `phones/list-filters-open-${size.width}`);
    });

    it.each([2, 3])(
      'the comparison of %i courses is one table; at 375 px two courses side by side, fact names above, course names held at the top, differing facts marked; at 1280 px a column per course beside the facts’ names',
      async (count) => {
        const chosen = COMPARED.slice(0, count);
        const path = `/ai-seo-courses/compare?courses=${chosen.map((c) => c.slug).join(',')}`;
        const { page, errors } = await open(path, size);
        expect(await pastTheEdges(page)).toEqual([]);
        expect(await badNumbers(page)).toEqual([]);
        const height = await page.evaluate(
          () => (globalThis as any).document.documentElement.scrollHeight,
        );
        // Each fact once, not once per course (5,680 px for two courses when it repeated them);
        // on a phone a fact's name takes a line of its own above its values.
        if (size.width === 375 && count === 2) expect(height).toBeLessThanOrEqual(3_000);
        const api = await t.json(`/api/v1/comparisons?courses=${chosen.map((c) => c.slug)}`);
        const courses: any[] = api.data.courses;
        const heads = await page.locator('table.compare thead th[data-slug]').allInnerTexts();
        expect(heads.length).toBe(count);
        const rows = page.locator('table.compare tbody tr');
        expect(await rows.count()).toBeGreaterThanOrEqual(20);
        // One table, read in order: each row a fact's name and a cell per course.
        expect(await page.locator('table').count()).toBe(1);
        expect(
          await rows.evaluateAll((all) =>
            all.map((row) => `${row.children[0].tagName} ${row.querySelectorAll('td').length}`),
          ),
        ).toEqual(Array(await rows.count()).fill(`TH ${count}`));
        const box = page.locator('.table-wrap', { has: page.locator('table.compare') });
        const scrolls = await box.evaluate((el: any) => el.scrollWidth > el.clientWidth);
        expect(scrolls).toBe(false);
        await shot(page, `compare-${count}`, size.width);
        if (size.width === 1280) {
          const shownHeads = await page
            .locator('table.compare thead th[data-slug]')
            .allInnerTexts();
          expect(shownHeads.map((head, i) => head.includes(courses[i].name))).toEqual(
            courses.map(() => true),
          );
          expect(await beside(rows, count)).toEqual([]);
          // As it was: the words "differs" are for a screen reader here, not shown.
          expect(await visibleMarks(page)).toEqual([]);
        } else {
          const pairs =
            count === 2
              ? [[0, 1]]
              : [
                  [0, 1],
                  [1, 2],
                ];
          for (const [a, b] of pairs) {
            if (count === 3) await page.locator(`#pair-${a + 1}${b + 1}`).check();
            const shown = [courses[a], courses[b]];
            expect(
              await twoSideBySide(
                page,
                shown.map((c) => c.name),
              ),
            ).toEqual([]);
            // Marked, in words, where these two differ; not where they agree.
            const facts: [string, (c: any) => unknown][] = [
              ['Provider', (c) => c.provider.name],
              ['AI/GEO focus', (c) => c.ai_geo_focus],
              ['Certification', (c) => c.certification],
              ['Community', (c) => c.community],
              ['Updates', (c) => c.updates],
              ['Covers AI SEO', (c) => c.topic_coverage.ai_seo],
              ['Covers Local SEO', (c) => c.topic_coverage.local_seo],
            ];
            const expected = facts
              .filter(([, value]) => value(shown[0]) !== value(shown[1]))
              .map(([label]) => label);
            expect(expected.length).toBeGreaterThan(0);
            const marked = (await visibleMarks(page)).filter((label) =>
              facts.some(([fact]) => fact === label),
            );
            expect({ pair: [a, b], marked }).toEqual({ pair: [a, b], marked: expected });
            await screenshot(page, `phones/compare-${count}-prices-${a + 1}${b + 1}-${size.width}`);
          }
        }
        expect(errors).toEqual([]);
      },
    );

    it('every finder choice, its box and its words, is a target of at least 44 × 44 px', async () => {
      const { page } = await open('/ai-seo-courses/finder', size);
      const questions = (await t.json('/api/v1/finder/questions')).data.questions;
      const choices = page.locator('form fieldset .choices label');
      const options = Object.values(questions).flatMap((q: any) => Object.keys(q.values));
      expect(await choices.count()).toBe(options.length);
      const sizes = await choices.evaluateAll((labels) =>
        labels.map((label: any) => {
          const r = label.getBoundingClientRect();
          return { width: r.width, height: r.height };
        }),
      );
      const smallest = {
        width: Math.min(...sizes.map((r) => r.width)),
        height: Math.min(...sizes.map((r) => r.height)),
      };
      expect(smallest.width).toBeGreaterThanOrEqual(44);
      expect(smallest.height).toBeGreaterThanOrEqual(44);
      // A tap anywhere in the target, its far corner too, chooses.
      for (let i = 0; i < options.length; i++) {
        const corner = await choices.nth(i).evaluate((label: any) => {
          label.scrollIntoView({ block: 'center' });
          const r = label.getBoundingClientRect();
          return { x: r.right - 2, y: r.bottom - 2 };
        });
        await page.mouse.click(corner.x, corner.y);
        expect(await choices.nth(i).locator('input').isChecked()).toBe(true);
      }
      await shot(page, 'finder', size.width);
    });

    it('the compare bar says how many courses are ticked and what Compare needs, as they are ticked', async () => {
      const { page } = await open('/ai-seo-courses', size);
      // Marks this document: a page load would lose it.
      await page.evaluate(() => ((globalThis as any).sameDocument = true));
      const boxes = page.locator('input[name="courses"][form="compare-form"]');
      const said = page.locator('.compare-bar [role="status"]');
      const expected = [
        '1 ticked — tick one or two more',
        '2 ticked — compare them, or tick one more',
        '3 ticked — compare them',
        '4 ticked — untick one: Compare takes two or three',
      ];
      for (const [i, text] of expected.entries()) {
        await boxes.nth(i).check();
        expect(await said.innerText()).toBe(text);
      }
      await screenshot(page, `phones/list-four-ticked-${size.width}`);
      await boxes.nth(0).uncheck();
      expect(await said.innerText()).toBe(expected[2]);
      expect(await page.evaluate(() => (globalThis as any).sameDocument)).toBe(true);
    });

    it('the compare bar covers nothing for good: after the list at its end, never over a box in focus', async () => {
      const { page } = await open('/ai-seo-courses', size);
      const boxes = page.locator('input[name="courses"][form="compare-form"]');
      const bar = page.locator('.compare-bar');
      await boxes.first().check();
      await bar.waitFor({ state: 'visible' });
      // Tab through the list from its first box: whatever takes the focus is clear of the bar.
      const covered: string[] = [];
      await boxes.first().focus();
      const steps = (await boxes.count()) * 2;
      for (let i = 0; i < steps; i++) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const d = (globalThis as any).document;
          const el = d.activeElement;
          // The bar's own button is in it, not under it.
          if (el.closest('.compare-bar')) return null;
          const [r, b] = [el, d.querySelector('.compare-bar')].map((e) =>
            e.getBoundingClientRect(),
          );
          return {
            what: `${el.tagName} ${el.getAttribute('value') ?? el.textContent}`,
            covered: r.bottom > b.top && r.top < b.bottom,
          };
        });
        if (focused?.covered) covered.push(focused.what);
      }
      expect(covered).toEqual([]);
      // At the end of the page the bar sits after the list, over none of it.
      await page.evaluate(() => (globalThis as any).scrollTo(0, 1e6));
      const list = (await page.locator('.ticked-list .table-wrap').boundingBox())!;
      expect((await bar.boundingBox())!.y).toBeGreaterThanOrEqual(list.y + list.height - 1);
      await screenshot(page, `phones/list-end-ticked-${size.width}`);
    });

    it('with problems shown under some filters, every filter keeps its line', async () => {
      const { page, errors } = await open('/ai-seo-courses?level=expert&sort=random', size);
      // `level` under its group of boxes, `sort` in the grid of the other filters.
      expect(await page.locator('.filter-groups .error').count()).toBe(1);
      expect(await page.locator('.filter-grid .error').count()).toBe(1);
      expect(await pastTheEdges(page)).toEqual([]);
      // Each field's label and its control (a select, the box with its words, the button).
      const fields = await page.locator('.filter-grid > div').evaluateAll((cells) =>
        cells.map((cell: any) => {
          const control = [...cell.children].find(
            (child: any) => child.tagName !== 'LABEL' && !child.classList.contains('error'),
          );
          const label = cell.querySelector(':scope > label');
          const [f, c] = [cell.getBoundingClientRect(), control.getBoundingClientRect()];
          return {
            top: f.top,
            bottom: f.bottom,
            label: label && Math.round(label.getBoundingClientRect().top),
            middle: Math.round(c.top + c.height / 2),
          };
        }),
      );
      // Fields side by side (their boxes overlap from top to bottom) are a line.
      const lines: (typeof fields)[] = [];
      for (const field of fields) {
        const line = lines.find(([f]) => field.top < f.bottom && f.top < field.bottom);
        if (line) line.push(field);
        else lines.push([field]);
      }
      if (size.width > 375) expect(lines.length).toBeLessThan(fields.length);
      for (const line of lines) {
        expect(new Set(line.map((f) => f.middle)).size).toBe(1);
        const labels = new Set(line.flatMap((f) => (f.label === null ? [] : [f.label])));
        expect(labels.size).toBeLessThanOrEqual(1);
      }
      await shot(page, 'list-problems', size.width);
      expect(errors).toEqual([]);
    });

    it('Compare says in plain words what it needs: one course ticked, then four', async () => {
      const [first, ...rest] = COMPARED;
      const { page } = await open(`/ai-seo-courses/compare?courses=${first.slug}`, size);
      const need = page.locator('#compare-need');
      expect(await need.innerText()).toBe(
        'Tick two or three courses to compare them; you ticked one.',
      );
      expect(await need.isVisible()).toBe(true);
      await screenshot(page, `phones/compare-one-${size.width}`);
      const fourth = active.find((c) => !COMPARED.includes(c))!;
      for (const c of [...rest, fourth]) await page.check(`input[value="${c.slug}"]`);
      await Promise.all([page.waitForURL(/courses=/), page.click('form button[type="submit"]')]);
      expect(await need.innerText()).toBe(
        'Tick two or three courses to compare them; you ticked four.',
      );
      expect(await page.locator('main').innerText()).not.toMatch(/slug|got 4/i);
      await screenshot(page, `phones/compare-four-${size.width}`);
    });

    it.each([
      ['the shipped data', false],
      ['verified data', true],
    ])(
      'the course page (%s) keeps labels by their scores and numbers whole',
      async (_, isVerified) => {
        const app = isVerified ? verified : t;
        const { page, errors } = await open(`/ai-seo-courses/${COSTLY.slug}`, size, app);
        expect(await pastTheEdges(page)).toEqual([]);
        expect(await badNumbers(page)).toEqual([]);
        const cost = COSTLY.price.first_year_cost_usd!.toLocaleString('en');
        expect(await page.locator('dl.facts').innerText()).toContain(
          `(about $${cost} in the first year)`,
        );
        // Each topic's label and its score: side by side, not the page's width apart.
        const gaps = await page.locator('table.scores tbody tr').evaluateAll((rows) =>
          rows.map((row: any) => {
            const text = (el: any) => {
              const range = (globalThis as any).document.createRange();
              range.selectNodeContents(el);
              return range.getBoundingClientRect();
            };
            return text(row.querySelector('td')).left - text(row.querySelector('th')).right;
          }),
        );
        expect(gaps).toHaveLength(10);
        expect(Math.max(...gaps)).toBeLessThan(240);
        await shot(page, isVerified ? 'course-verified' : 'course', size.width);
        expect(errors).toEqual([]);
      },
    );

    it('the methodology charts keep every figure whole', async () => {
      const { page } = await open('/ai-seo-courses/methodology', size);
      expect(await pastTheEdges(page)).toEqual([]);
      expect(await badNumbers(page)).toEqual([]);
      const values = await page.locator('table.chart td.value').allInnerTexts();
      for (const value of values) expect(value).toMatch(/^[\d,]+ (points|\([\d.]+\u00a0%\))$/);
      await shot(page, 'methodology', size.width);
    });
  });

  it('a course page’s notice speaks of that course: a placeholder says it is fictional, a verified one among placeholders nothing of the kind, on screen (the words: src/site/placeholder-notice.spec.ts)', async () => {
    const banner = (page: Page) => page.locator('main .banner').allInnerTexts();
    const desktop = SIZES[1];
    const placeholder = await open(`/ai-seo-courses/${STILL_PLACEHOLDER.slug}`, desktop, verified);
    expect(await banner(placeholder.page)).toEqual([
      'Placeholder data. This course is a fictional example on a reserved example domain, waiting for verified facts. Do not rely on it.',
    ]);
    const real = await open(`/ai-seo-courses/${COSTLY.slug}`, desktop, verified);
    expect(await banner(real.page)).toEqual([]);
    const main = await real.page.locator('main').innerText();
    expect(main).not.toMatch(/fictional|placeholder/i);
    expect(main).toContain('Facts are accurate as of that date.');
    // Its dates in words, as every date on the pages: the badge, the sources, the citation.
    const days = await real.page.locator('main time').allInnerTexts();
    expect(days.length).toBeGreaterThan(3);
    for (const day of days)
      expect(day).toMatch(
        /^\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
      );
    await screenshot(real.page, 'phones/course-real-among-placeholders');
    // The list and the home page keep the catalog's notice while any course is a placeholder.
    for (const path of ['/ai-seo-courses', '/']) {
      const { page } = await open(path, desktop, verified);
      expect(await banner(page)).toEqual([
        'Placeholder data. Some courses shown here are fictional examples on reserved example domains, waiting for verified facts. Do not rely on them.',
      ]);
    }
  });

  it('the home page and the list count the same courses, and say which', async () => {
    const tracked = (await t.json('/api/v1/courses?include_inactive=true')).meta.count;
    const enrolling = (await t.json('/api/v1/courses')).meta.count;
    expect(enrolling).toBeLessThan(tracked);
    const counted = `${tracked} courses tracked, ${enrolling} enrolling now`;
    const home = await open('/', SIZES[0]);
    expect(await home.page.locator('.tracked').innerText()).toBe(counted);
    const list = await open('/ai-seo-courses', SIZES[0]);
    expect(await list.page.locator('#results').innerText()).toMatch(
      new RegExp(`^${counted} \\(show all ${tracked}\\)$`),
    );
    const all = await open('/ai-seo-courses?include_inactive=true', SIZES[0]);
    expect(await all.page.locator('#results').innerText()).toBe(counted);
  });

  it('a table too wide for a small phone scrolls in its box, with a cue on the side that has more', async () => {
    // 320 px: the verified course page's evidence table is wider than the screen.
    const { page } = await open(
      `/ai-seo-courses/${COSTLY.slug}`,
      { width: 320, height: 640 },
      verified,
    );
    expect(await pastTheEdges(page)).toEqual([]);
    const box = page.locator('.table-wrap', {
      has: page.locator('th', { hasText: 'Verified on' }),
    });
    // Its top at the screen's: a check of every fact is a table taller than the screen.
    await box.evaluate((el: any) => el.scrollIntoView({ block: 'start' }));
    expect(await box.evaluate((el: any) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await cueAt(page, box, 'right')).toBe(true);
    expect(await cueAt(page, box, 'left')).toBe(false);
    await screenshot(page, 'phones/course-evidence-320');
    await box.evaluate((el: any) => (el.scrollLeft = el.scrollWidth));
    expect(await cueAt(page, box, 'right')).toBe(false);
    expect(await cueAt(page, box, 'left')).toBe(true);
  });
});
