import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import type { CourseRecord } from '../src/catalog/course.schema';
import { copyOfData, DATA_DIR, OUTPUT_DIR, startTestApp, type TestApp } from './support/app';
import { collectProblems } from './support/browser';
import { CHROMIUM_ARGS, CHROMIUM_PATH, describeWithBrowser } from './support/requirements';
import { makeVerified, verifiedClock } from './support/verified-data';

/**
 * The list, the comparison and the course page on a phone (375 px) and a desktop (1280 px): every
 * fact on screen or in a scroll box that shows a cue, the compare bar only when it can be used and
 * never over the filters, numbers whole and written one way, Compare's needs said in words.
 * Screenshots go to test-output/screenshots/phones/.
 */

const SHOTS = join(OUTPUT_DIR, 'screenshots', 'phones');
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

describeWithBrowser('the list, the comparison and the course page at 375 and 1280 px', () => {
  let t: TestApp;
  let verified: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    t = await startTestApp();
    const dir = copyOfData();
    makeVerified(dir);
    verified = await startTestApp({ env: { DATA_DIR: dir }, clock: verifiedClock() });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await verified?.close();
  });

  async function open(path: string, viewport: { width: number; height: number }, app = t) {
    const page = await browser.newPage({ viewport });
    const errors = await collectProblems(page);
    await page.goto(`${app.url}${path}`);
    return { page, errors };
  }
  const shot = (page: Page, name: string, width: number) =>
    page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });

  describe.each(SIZES)('at $width px', (size) => {
    it('the list fits the screen, numbers whole; the compare bar shows once a course is ticked', async () => {
      const { page, errors } = await open('/ai-seo-courses', size);
      try {
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
        await page.screenshot({ path: join(SHOTS, `list-ticked-${size.width}.png`) });
        await boxes.first().uncheck();
        await bar.waitFor({ state: 'hidden' });
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    });

    it('the compare bar never covers the open filter form, wherever the page is scrolled', async () => {
      const { page } = await open('/ai-seo-courses', size);
      try {
        await page.locator('input[name="courses"][form="compare-form"]').nth(1).check();
        await page.locator('details.filters summary').click();
        const form = page.locator('form.filters');
        const bar = page.locator('.compare-bar');
        const height = await page.evaluate(
          () => (globalThis as any).document.documentElement.scrollHeight,
        );
        let barSeen = 0;
        for (let y = 0; y < height; y += 120) {
          await page.evaluate((top) => (globalThis as any).scrollTo(0, top), y);
          const [f, b] = [(await form.boundingBox())!, (await bar.boundingBox())!];
          const onScreen = b.y < size.height && b.y + b.height > 0;
          if (onScreen) barSeen++;
          const overlap = b.y < f.y + f.height && f.y < b.y + b.height;
          expect({ y, overlap }).toEqual({ y, overlap: false });
        }
        expect(barSeen).toBeGreaterThan(0);
        // The form's end at the screen's foot: where the bar used to sit over it.
        await form.evaluate((el: any) => el.scrollIntoView({ block: 'end' }));
        await page.screenshot({ path: join(SHOTS, `list-filters-open-${size.width}.png`) });
      } finally {
        await page.close();
      }
    });

    it('the comparison shows every fact of every chosen course, each under its course', async () => {
      const path = `/ai-seo-courses/compare?courses=${COMPARED.map((c) => c.slug).join(',')}`;
      const { page, errors } = await open(path, size);
      try {
        expect(await pastTheEdges(page)).toEqual([]);
        expect(await badNumbers(page)).toEqual([]);
        const api = await t.json(`/api/v1/comparisons?courses=${COMPARED.map((c) => c.slug)}`);
        const names: string[] = api.data.courses.map((c: any) => c.name);
        const cells = await page.locator('table.compare tbody tr').evaluateAll((rows) =>
          rows.map((row: any) => {
            const w = globalThis as any;
            const cells = [...row.querySelectorAll('td')].map((td: any) => {
              const r = td.getBoundingClientRect();
              const before = w.getComputedStyle(td, '::before').content;
              return {
                // On a phone each value carries its course's name; on a desktop, its column head.
                course: /^".*"$/.test(before)
                  ? before.slice(1, -1)
                  : row.closest('table').querySelectorAll('thead th')[td.cellIndex].textContent,
                shown:
                  td.checkVisibility() && r.width > 0 && r.left >= 0 && r.right <= w.innerWidth,
              };
            });
            return { fact: row.querySelector('th').textContent, cells };
          }),
        );
        expect(cells.length).toBeGreaterThanOrEqual(20);
        for (const { fact, cells: values } of cells) {
          expect({ fact, values: values.map((v: any) => v.shown) }).toEqual({
            fact,
            values: names.map(() => true),
          });
          values.forEach((v: any, i: number) => expect(v.course).toContain(names[i]));
        }
        expect(
          await page
            .getByText(
              `about $${COSTLY.price.first_year_cost_usd!.toLocaleString('en')} in the first year`,
            )
            .first()
            .isVisible(),
        ).toBe(true);
        await shot(page, 'compare', size.width);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    });

    it('Compare says in plain words what it needs: one course ticked, then four', async () => {
      const [first, ...rest] = COMPARED;
      const { page } = await open(`/ai-seo-courses/compare?courses=${first.slug}`, size);
      try {
        const need = page.locator('#compare-need');
        expect(await need.innerText()).toBe(
          'Tick two or three courses to compare them; you ticked one.',
        );
        expect(await need.isVisible()).toBe(true);
        await page.screenshot({ path: join(SHOTS, `compare-one-${size.width}.png`) });
        const fourth = active.find((c) => !COMPARED.includes(c))!;
        for (const c of [...rest, fourth]) await page.check(`input[value="${c.slug}"]`);
        await Promise.all([page.waitForURL(/courses=/), page.click('form button[type="submit"]')]);
        expect(await need.innerText()).toBe(
          'Tick two or three courses to compare them; you ticked four.',
        );
        expect(await page.locator('main').innerText()).not.toMatch(/slug|got 4/i);
        await page.screenshot({ path: join(SHOTS, `compare-four-${size.width}.png`) });
      } finally {
        await page.close();
      }
    });

    it.each([
      ['the shipped data', false],
      ['verified data', true],
    ])(
      'the course page (%s) keeps labels by their scores and numbers whole',
      async (_, isVerified) => {
        const app = isVerified ? verified : t;
        const { page, errors } = await open(`/ai-seo-courses/${COSTLY.slug}`, size, app);
        try {
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
        } finally {
          await page.close();
        }
      },
    );

    it('the methodology charts keep every figure whole', async () => {
      const { page } = await open('/ai-seo-courses/methodology', size);
      try {
        expect(await pastTheEdges(page)).toEqual([]);
        expect(await badNumbers(page)).toEqual([]);
        const values = await page.locator('table.chart td.value').allInnerTexts();
        for (const value of values) expect(value).toMatch(/^[\d,]+ (points|\([\d.]+\u00a0%\))$/);
        await shot(page, 'methodology', size.width);
      } finally {
        await page.close();
      }
    });
  });

  it('a table too wide for a small phone scrolls in its box, with a cue on the side that has more', async () => {
    // 320 px: the verified course page's evidence table is wider than the screen.
    const { page } = await open(
      `/ai-seo-courses/${COSTLY.slug}`,
      { width: 320, height: 640 },
      verified,
    );
    try {
      expect(await pastTheEdges(page)).toEqual([]);
      const box = page.locator('.table-wrap', {
        has: page.locator('th', { hasText: 'Verified on' }),
      });
      await box.scrollIntoViewIfNeeded();
      expect(await box.evaluate((el: any) => el.scrollWidth > el.clientWidth)).toBe(true);
      expect(await cueAt(page, box, 'right')).toBe(true);
      expect(await cueAt(page, box, 'left')).toBe(false);
      await page.screenshot({ path: join(SHOTS, 'course-evidence-320.png') });
      await box.evaluate((el: any) => (el.scrollLeft = el.scrollWidth));
      expect(await cueAt(page, box, 'right')).toBe(false);
      expect(await cueAt(page, box, 'left')).toBe(true);
    } finally {
      await page.close();
    }
  });
});
