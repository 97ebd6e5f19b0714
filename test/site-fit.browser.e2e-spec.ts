import { type Browser, type Page } from 'playwright-core';
import { CatalogService } from '../src/catalog/catalog.service';
import { allAnswers } from '../src/recommendations/distribution';
import { recommend } from '../src/recommendations/engine';
import { startTestApp, type TestApp } from './support/app';
import { OVER_BUDGET_ANSWERS } from './support/answers';
import { readingTab, screenshot, seriousViolations, sharedBrowser } from './support/browser';
import { describeWithBrowser } from './support/requirements';

/**
 * How a course fits, in Debian's chromium (docs/website.md#how-a-course-fits-you): from the finder's
 * results to a course page that shows the fit, a course page's own form, and what came closest;
 * each as the API says, with no console error and no serious accessibility violation.
 */

const ANSWERS = OVER_BUDGET_ANSWERS;
const PHONE = { width: 375, height: 740 };
/** What a page shows, with its no-break spaces read as spaces. */
const plain = (text: string | null) => (text ?? '').replaceAll('\u00a0', ' ').trim();

describeWithBrowser('how a course fits, in a real browser', () => {
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

  /** Loads a page in the suite's one tab (support/browser.ts). */
  const open = (path: string, viewport = { width: 1280, height: 900 }) =>
    load(`${t.url}${path}`, viewport);

  /** The fit a course page shows. */
  const shownFit = async (page: Page) => ({
    verdict: await page.locator('section.fit').getAttribute('data-verdict'),
    match: plain(await page.locator('section.fit .match').textContent()),
    explanation: plain(await page.locator('section.fit .verdict').textContent()),
  });

  const apiFit = async (answers: Record<string, string>, slug: string) =>
    (await t.json(`/api/v1/recommendations/fit?${new URLSearchParams(answers)}&courses=${slug}`))
      .data.fits[0];

  it('finder → a result → its course page shows the fit with the same percent', async () => {
    const { page, errors } = await open(`/ai-seo-courses/finder?${new URLSearchParams(ANSWERS)}`);
    const api = await t.json(`/api/v1/recommendations?${new URLSearchParams(ANSWERS)}`);
    const second = api.data.results[1];
    await Promise.all([
      page.waitForURL(new RegExp(`/ai-seo-courses/${second.course.slug}\\?experience=`)),
      page.locator(`li.card[data-slug="${second.course.slug}"] h3 a`).click(),
    ]);
    const fit = await apiFit(ANSWERS, second.course.slug);
    expect(await shownFit(page)).toEqual({
      verdict: 'recommended',
      match: `${second.match_percent} % match`,
      explanation: fit.explanation,
    });
    expect(fit.match_percent).toBe(second.match_percent);
    await page.getByText(`rank ${second.rank} of your matches`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'course-fit', { fullPage: true });
    expect(errors).toEqual([]);
  });

  it("a course page's own form, filled and submitted, gives the verdict the API gives", async () => {
    const slug = 'search-generalist-program';
    const { page, errors } = await open(`/ai-seo-courses/${slug}`);
    await page.locator('#fit-answers summary').click();
    for (const [name, value] of Object.entries(ANSWERS)) {
      await page.check(`input[name="${name}"][value="${value}"]`);
    }
    await Promise.all([
      page.waitForURL(/experience=/),
      page.getByRole('button', { name: 'See how it fits' }).click(),
    ]);
    expect(new URL(page.url()).pathname).toBe(`/ai-seo-courses/${slug}`);
    const fit = await apiFit(ANSWERS, slug);
    const shown = await shownFit(page);
    expect(shown.verdict).toBe(fit.verdict);
    expect(shown.explanation).toBe(fit.explanation);
    expect(shown.match).toMatch(new RegExp(`^${fit.match_percent} % match`));
    expect(errors).toEqual([]);
  });

  it.each([
    [
      'a course page with its form open, at 1280 px and on a phone',
      'course-form',
      '/ai-seo-courses/answer-engine-foundations?experience=beginner',
    ],
    ['the finder showing what came closest', 'finder-closest', ''],
  ])(
    '%s: no serious accessibility violation, no sideways scrolling',
    async (_what, name, given) => {
      let path = given;
      if (!path) {
        const { courses, methodology } = t.app.get(CatalogService).current();
        const none = allAnswers().find((a) => recommend(a, courses, methodology).length === 0)!;
        path = `/ai-seo-courses/finder?${new URLSearchParams(none)}`;
      }
      for (const [viewport, suffix] of [
        [{ width: 1280, height: 900 }, ''],
        [PHONE, '-phone'],
      ] as const) {
        const { page, errors } = await open(path, viewport);
        const overflow = await page.evaluate(() => {
          const w = globalThis as any;
          return w.document.documentElement.scrollWidth - w.innerWidth;
        });
        expect(overflow).toBeLessThanOrEqual(0);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `${name}${suffix}`, { fullPage: true });
        expect(errors).toEqual([]);
      }
    },
  );
});
