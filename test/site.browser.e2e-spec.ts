import { type Browser, type Page, type Request } from 'playwright-core';
import { OVER_BUDGET_ANSWERS } from './support/answers';
import { startTestApp, type TestApp } from './support/app';
import { readingTab, screenshot, seriousViolations, sharedBrowser } from './support/browser';
import { describeWithBrowser } from './support/requirements';

/** The website in Debian's chromium: no console errors, forms that agree with the API, axe-clean. */

const ANSWERS = OVER_BUDGET_ANSWERS;

const PAGES: [string, string][] = [
  ['home', '/'],
  ['list', '/ai-seo-courses'],
  [
    'compare',
    '/ai-seo-courses/compare?courses=answer-engine-foundations,search-generalist-program,seo-fundamentals-bootcamp',
  ],
  ['compare-picker', '/ai-seo-courses/compare?courses=answer-engine-foundations'],
  ['course', '/ai-seo-courses/answer-engine-foundations'],
  ['finder', '/ai-seo-courses/finder'],
  ['finder-results', `/ai-seo-courses/finder?${new URLSearchParams(ANSWERS)}`],
  ['finder-problems', '/ai-seo-courses/finder?experience=beginner&budget=lots'],
  ['methodology', '/ai-seo-courses/methodology'],
  ['list-problems', '/ai-seo-courses?level=expert'],
  ['changes', '/ai-seo-courses/changes'],
  ['glossary', '/ai-seo-courses/glossary'],
  ['list-nothing-found', '/ai-seo-courses?q=backlinks+zzqx&level=advanced'],
  ['changes-problems', '/ai-seo-courses/changes?since=2026-13-01'],
  ['not-found', '/ai-seo-courses/no-such-course'],
  ['unknown-path', '/no/such/page'],
];
const NOT_FOUND = new Set(['not-found', 'unknown-path']);
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };

describeWithBrowser('the website in a real browser', () => {
  let t: TestApp;
  let browser: Browser;
  let load: Awaited<ReturnType<typeof readingTab>>;

  beforeAll(async () => {
    t = await startTestApp();
    browser = await sharedBrowser();
    load = await readingTab(browser);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /**
   * Loads a page in the suite's one tab (support/browser.ts): what a test does to a page (boxes
   * ticked, a form sent) goes with the next load, as the pages keep nothing in the browser.
   */
  const read = (path: string, viewport = DESKTOP) => load(`${t.url}${path}`, viewport);

  const slugsOn = (page: Page) =>
    page
      .locator('[data-slug]')
      .evaluateAll((items) => items.map((i) => i.getAttribute('data-slug')));

  it.each(PAGES)(
    '%s loads under its CSP with no violation or console error, and has no serious accessibility violation',
    async (name, path) => {
      const { page, errors, response, status } = await read(path);
      expect(status).toBe(NOT_FOUND.has(name) ? 404 : 200);
      await screenshot(page, name, { fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
      // The 404 itself is the only failed load allowed.
      expect(errors.filter((e) => !(NOT_FOUND.has(name) && / 404 /.test(e)))).toEqual([]);
    },
  );

  it.each(PAGES)(
    '%s fits a phone screen without sideways scrolling, axe-clean there too',
    async (name, path) => {
      const { page } = await read(path, PHONE);
      // Runs in the page; the test's own TypeScript has no DOM types.
      const overflow = await page.evaluate(() => {
        const w = globalThis as any;
        return w.document.documentElement.scrollWidth - w.innerWidth;
      });
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `${name}-phone`, { fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    },
  );

  it('the course list at 1280 px is compact: at most half the 14,100 px it used to be', async () => {
    const { page } = await read('/ai-seo-courses?include_inactive=true');
    const height = await page.evaluate(
      () => (globalThis as any).document.documentElement.scrollHeight,
    );
    expect(height).toBeLessThanOrEqual(14_100 / 2);
  });

  it('on a phone, the list filters stay folded and the first course is on the first screen', async () => {
    const { page } = await read('/ai-seo-courses', PHONE);
    expect(await page.locator('details.filters').getAttribute('open')).toBeNull();
    const top = await page.locator('table.courses tbody tr').first().boundingBox();
    expect(top!.y).toBeLessThan(PHONE.height);
  });

  it('the methodology charts keep their text at 12 px or more on a phone', async () => {
    const { page } = await read('/ai-seo-courses/methodology', PHONE);
    const sizes: number[] = await page
      .locator('table.chart th, table.chart td.value, table.chart caption')
      .evaluateAll((cells) =>
        cells.map((cell) =>
          parseFloat((globalThis as any).getComputedStyle(cell).fontSize as string),
        ),
      );
    expect(sizes.length).toBeGreaterThan(10);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12);
  });

  it('courses ticked on the list are compared side by side, as the API compares them', async () => {
    const { page, errors } = await read('/ai-seo-courses');
    const rows = page.locator('table.courses tbody tr');
    const slugs = await rows.evaluateAll((all) =>
      all.slice(0, 3).map((row) => row.getAttribute('data-slug')),
    );
    for (const slug of slugs) await page.check(`input[name="courses"][value="${slug}"]`);
    await Promise.all([page.waitForURL(/compare\?/), page.click('button[form="compare-form"]')]);
    const api = await t.json(`/api/v1/comparisons?courses=${slugs.join(',')}`);
    const headers = await page
      .locator('table.compare thead th[data-slug]')
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-slug')));
    expect(headers).toEqual(api.data.courses.map((c: any) => c.slug));
    expect(errors).toEqual([]);
  });

  it('the finder form, filled and submitted, shows the API results in the same order', async () => {
    const { page, errors } = await read('/ai-seo-courses/finder');
    for (const [name, value] of Object.entries(ANSWERS)) {
      await page.check(`input[name="${name}"][value="${value}"]`);
    }
    await Promise.all([page.waitForURL(/experience=/), page.click('button[type="submit"]')]);
    const api = await t.json(`/api/v1/recommendations?${new URLSearchParams(ANSWERS)}`);
    expect(api.data.results.length).toBeGreaterThan(1);
    expect(await slugsOn(page)).toEqual(api.data.results.map((r: any) => r.course.slug));
    for (const result of api.data.results) {
      await page.getByText(`${result.match_percent} % match`).first().waitFor();
    }
    expect(errors).toEqual([]);
  });

  it('the list form filters and sorts as /api/v1/courses does', async () => {
    const { page, errors } = await read('/ai-seo-courses');
    await page.locator('details.filters summary').click();
    const choices = { level: 'beginner', price_band: 'under_100', sort: 'price-desc' };
    await page.check('input[name="level"][value="beginner"]');
    await page.check('input[name="price_band"][value="under_100"]');
    await page.selectOption('select[name="sort"]', 'price-desc');
    await page.selectOption('select[name="include_inactive"]', 'false');
    await page.check('input[name="community_only"]');
    await Promise.all([page.waitForURL(/level=beginner/), page.click('button[type="submit"]')]);
    const query = new URLSearchParams({
      ...choices,
      include_inactive: 'false',
      community_only: 'true',
    });
    const api = await t.json(`/api/v1/courses?${query}`);
    expect(api.data.length).toBeGreaterThan(1);
    expect(await slugsOn(page)).toEqual(api.data.map((c: any) => c.slug));
    expect(errors).toEqual([]);
  });

  it('ticking two levels shows the union of the two, each count beside its box as the API counts it', async () => {
    const { page, errors } = await read('/ai-seo-courses');
    await page.locator('details.filters summary').click();
    await page.check('input[name="level"][value="beginner"]');
    await page.check('input[name="level"][value="intermediate"]');
    await Promise.all([
      page.waitForURL(/level=beginner,intermediate/),
      page.click('button[type="submit"]'),
    ]);
    const union = new Set<string>();
    for (const level of ['beginner', 'intermediate']) {
      for (const c of (await t.json(`/api/v1/courses?level=${level}`)).data) union.add(c.slug);
    }
    const all = (await t.json('/api/v1/courses')).data.map((c: any) => c.slug);
    expect(await slugsOn(page)).toEqual(all.filter((slug: string) => union.has(slug)));
    // The boxes stay ticked, and each choice says what it would give.
    const facets = (await t.json('/api/v1/facets?level=beginner,intermediate')).data.facets;
    for (const [name, counts] of Object.entries<Record<string, number>>(facets)) {
      if (!['level', 'specialty', 'price_band'].includes(name)) continue;
      for (const [value, count] of Object.entries(counts)) {
        const label = page.locator('label', {
          has: page.locator(`input[name="${name}"][value="${value}"]`),
        });
        expect(await label.locator('.count').innerText()).toBe(`(${count})`);
        expect(await label.getAttribute('class')).toBe(count === 0 ? 'none' : null);
      }
    }
    expect(await page.isChecked('input[name="level"][value="intermediate"]')).toBe(true);
    expect(errors).toEqual([]);
  });

  it('the search box offers searches and courses as words are typed, by keyboard, axe-clean while open', async () => {
    const { page, errors } = await read('/ai-seo-courses');
    const asked: string[] = [];
    const suggestions = (request: Request) => {
      if (request.url().includes('/api/v1/suggestions')) asked.push(request.url());
    };
    page.on('request', suggestions);
    const box = page.locator('#f-q');
    await box.pressSequentially('tecnical', { delay: 20 });
    const option = page.locator('#f-q-options [role="option"]', { hasText: 'technical' });
    await option.first().waitFor();
    // Debounced: one request for the word, not one per key.
    expect(asked.length).toBeLessThanOrEqual(2);
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    // Two groups, each named: the searches, then the courses whose names match.
    const groups = page.locator('#f-q-options [role="group"]');
    expect(await groups.evaluateAll((all) => all.map((g) => g.getAttribute('aria-label')))).toEqual(
      ['Searches', 'Courses'],
    );
    expect(await seriousViolations(page)).toEqual([]);
    await box.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBe('f-q-option-0');
    expect(await page.locator('#f-q-option-0').innerText()).toBe('technical');
    // Taking a search searches for it: the best match first.
    await Promise.all([page.waitForURL(/q=technical/), box.press('Enter')]);
    expect(await box.inputValue()).toBe('technical');
    const api = await t.json('/api/v1/courses?q=technical&sort=relevance');
    expect(await slugsOn(page)).toEqual(api.data.map((c: any) => c.slug));
    // Taking a course opens its page.
    const { courses } = (await t.json('/api/v1/suggestions?q=technical%20seo')).data;
    await box.fill('');
    await box.pressSequentially('technical seo', { delay: 20 });
    const course = page.locator(
      '#f-q-options [role="group"][aria-label="Courses"] [role="option"]',
    );
    await course.first().waitFor();
    expect(await course.allInnerTexts()).toEqual(courses.map((c: any) => c.name));
    await Promise.all([
      page.waitForURL(`**/ai-seo-courses/${courses[0].slug}`),
      course.first().click(),
    ]);
    expect(await page.locator('h1').innerText()).toBe(courses[0].name);
    expect(errors).toEqual([]);
    page.off('request', suggestions);
  });

  it('a course link leads to its page', async () => {
    const { page, errors } = await read('/ai-seo-courses');
    const first = page.locator('[data-slug] td.name a').first();
    const name = await first.innerText();
    const slug = await page.locator('[data-slug]').first().getAttribute('data-slug');
    await Promise.all([page.waitForURL(`**/ai-seo-courses/${slug}`), first.click()]);
    expect(await page.locator('h1').innerText()).toBe(name);
    expect(await page.title()).toContain(name);
    expect(errors).toEqual([]);
  });
});
