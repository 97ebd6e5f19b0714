import { type Browser, type Page } from 'playwright-core';
import { startTestApp, type TestApp } from './support/app';
import { collectProblems, screenshot, seriousViolations, sharedBrowser } from './support/browser';
import { ERROR_TYPES } from './support/generated-types';
import { freePort } from './support/redis';
import { describeWithBrowser } from './support/requirements';

/**
 * Swagger UI at /api/v1/docs in Debian's chromium, read as an integrator reads it: each response
 * shows the service's real answer as its example (nothing the viewer made up) and the error
 * schemas by name; in the site's frame, readable on a phone, "Try it out" calling the origin the
 * page was loaded from (docs/website.md#the-api-documentation).
 */

/** Swagger UI's markup that no stylesheet can change, as docs/website.md lists it. */
const SWAGGER_MARKUP = ['nested-interactive', 'select-name'];

describeWithBrowser('Swagger UI in a real browser', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let errors: string[] = [];
  let csp: string | undefined;
  let port: number;
  /** Every request the page makes. */
  const requested: string[] = [];

  beforeAll(async () => {
    // The page is read at http://localhost:<port> while PUBLIC_URL, the document's server, names
    // http://127.0.0.1:<port>: another origin, as behind a port-forward.
    port = await freePort();
    t = await startTestApp({ env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } });
    browser = await sharedBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    errors = await collectProblems(page);
    page.on('request', (request) => requested.push(request.url()));
    const response = await page.goto(`http://localhost:${port}/api/v1/docs`);
    csp = response?.headers()['content-security-policy'];
    await page.locator('.opblock').first().waitFor();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** Opens an operation and returns its block. */
  async function open(tag: string, operationId: string) {
    const block = page.locator(`#operations-${tag.replace(/ /g, '_')}-${operationId}`);
    if (!(await block.getAttribute('class'))?.includes('is-open')) {
      await block.locator('.opblock-summary').first().click();
    }
    await block.locator('.responses-table').first().waitFor();
    return block;
  }

  /** The JSON the viewer shows as the example of one response. */
  async function exampleShown(block: ReturnType<Page['locator']>, status: string) {
    const row = block.locator(`tr.response[data-code="${status}"]`);
    const text = await row
      .locator('.example .microlight, .highlight-code .microlight')
      .first()
      .innerText();
    return JSON.parse(text);
  }

  it('shows the service’s own answer as the example of each 200 and error', async () => {
    const slug = 'answer-engine-foundations';
    const block = await open('Courses', 'getCourse');
    expect(await exampleShown(block, '200')).toEqual(await t.json(`/api/v1/courses/${slug}`));
    expect(await exampleShown(block, '404')).toEqual(await t.json('/api/v1/courses/technical-seo'));
    await screenshot(page, 'swagger-ui-get-course');

    const compare = await open('Courses', 'compareCourses');
    const missing = await exampleShown(compare, '404');
    expect(missing).toEqual(await t.json(`/api/v1/comparisons?courses=${slug},no-such-course`));
    expect(missing.error.details.missing).toEqual(['no-such-course']);

    const recommend = await open('Course Finder', 'recommendCourses');
    const invalid = await exampleShown(recommend, '422');
    expect(invalid.error.code).toBe('invalid_answers');
    expect(invalid.error.details.answer_options.experience).toEqual([
      'beginner',
      'intermediate',
      'advanced',
    ]);
  });

  it('names the error schemas of each response', async () => {
    const block = await open('Courses', 'searchCourses');
    const row = block.locator('tr.response[data-code="422"]');
    await row.getByText('Schema', { exact: true }).click();
    await expect(row.locator('.model-box').first().innerText()).resolves.toContain(
      'InvalidParametersError',
    );
    // The Schemas section lists every error body by name.
    const models = await page.locator('section.models').innerText();
    for (const name of ERROR_TYPES.filter((type) => type.endsWith('Error'))) {
      expect(models).toContain(name);
    }
    expect(models).not.toMatch(/^Error$/m);
  });

  it('shows nothing the viewer invented: no 2^53 integers, endless slugs or far-future dates', async () => {
    for (const [tag, id] of [
      ['Courses', 'searchCourses'],
      ['Courses', 'compareCourses'],
      ['Course Finder', 'getFinderQuestions'],
      ['Course Finder', 'getMethodology'],
    ]) {
      await open(tag, id);
    }
    const text = await page.locator('#swagger-ui').innerText();
    expect(text).not.toMatch(/9007199254740991|-9007199254740991/);
    expect(text).not.toMatch(/[a-z0-9-]{120,}/);
    const years = [...text.matchAll(/\b(\d{4})-\d{2}-\d{2}\b/g)].map((m) => Number(m[1]));
    expect(years.filter((year) => year < 2000 || year > 2100)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('“Try it out” calls the API on the page’s own origin, under its CSP, with no violation or console error', async () => {
    // Swagger UI's own policy: the service's files only; inline styles, which it draws with, allowed.
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    const slug = 'answer-engine-foundations';
    const block = await open('Courses', 'getCourse');
    await block.locator('button.try-out__btn').click();
    await block.locator('tr[data-param-name="slug"] input').fill(slug);
    await block.locator('button.execute').click();
    const live = block.locator('.live-responses-table tbody tr.response');
    await live.waitFor();
    expect((await live.locator('.response-col_status').innerText()).trim()).toBe('200');
    const shown = JSON.parse(
      await live.locator('.response-col_description .microlight').first().innerText(),
    );
    expect(shown).toEqual(await t.json(`/api/v1/courses/${slug}`));
    // Called where the page was loaded from, not at PUBLIC_URL, and said so.
    const called = requested.filter((url) => url.endsWith(`/api/v1/courses/${slug}`));
    expect(called).toEqual([`http://localhost:${port}/api/v1/courses/${slug}`]);
    expect(await block.locator('.request-url').innerText()).toContain(called[0]);
    await live.scrollIntoViewIfNeeded();
    await screenshot(page, 'swagger-ui-try-it-out');
    expect(errors).toEqual([]);
  });

  it('“Try it out” sends only what was typed: no parameter starts filled', async () => {
    const block = await open('Courses', 'searchCourses');
    await block.locator('button.try-out__btn').click();
    const inputs = block.locator('.parameters input, .parameters select, .parameters textarea');
    const filled = await inputs.evaluateAll((all) =>
      all
        .filter((input: any) => (input.multiple ? input.selectedOptions.length > 0 : input.value))
        .map((input: any) => input.closest('tr')?.dataset.paramName),
    );
    expect(filled).toEqual([]);
    const list = (request: { url(): string }) =>
      new URL(request.url()).pathname === '/api/v1/courses';
    const [untouched] = await Promise.all([
      page.waitForRequest(list),
      block.locator('button.execute').click(),
    ]);
    expect(untouched.url()).toBe(`http://localhost:${port}/api/v1/courses`);
    // What is typed, and only that, is sent.
    await block.locator('tr[data-param-name="q"] input').fill('local');
    const [typed] = await Promise.all([
      page.waitForRequest(list),
      block.locator('button.execute').click(),
    ]);
    expect(typed.url()).toBe(`http://localhost:${port}/api/v1/courses?q=local`);
    await block.locator('button.try-out__btn').click();
  });

  it('carries the site’s header, the same as every page’s', async () => {
    const nav = (p: Page) => p.locator('header.site-header nav').innerHTML();
    const home = await browser.newPage();
    try {
      await home.goto(`http://localhost:${port}/`);
      expect(await nav(page)).toBe(await nav(home));
    } finally {
      await home.close();
    }
    await Promise.all([page.waitForURL(/\/ai-seo-courses$/), page.click('nav a >> text=Courses')]);
    expect(page.url()).toBe(`http://localhost:${port}/ai-seo-courses`);
    await page.goBack();
    await page.locator('.opblock').first().waitFor();
  });

  it.each([375, 1280])(
    'reads at %i px: no sideways scrolling, no word broken over two lines, axe finds only Swagger UI’s markup',
    async (width) => {
      const phone = await browser.newPage({ viewport: { width, height: 800 } });
      try {
        await phone.goto(`http://localhost:${port}/api/v1/docs`);
        await phone.locator('.opblock').first().waitFor();
        // An operation open, with its parameters, responses and examples.
        await phone.locator('#operations-Courses-getCourse .opblock-summary').first().click();
        await phone.locator('#operations-Courses-getCourse .responses-table').first().waitFor();
        const split = await phone.evaluate(() => {
          const w = globalThis as any;
          const found: string[] = [];
          if (w.document.documentElement.scrollWidth > w.innerWidth) found.push('the page');
          const texts = w.document.querySelectorAll(
            '.opblock-tag small, .opblock-summary-description, .opblock-description-wrapper p, .response-col_description p, .parameters-col_description p',
          );
          for (const el of texts) {
            const walker = w.document.createTreeWalker(el, 4 /* text */);
            while (walker.nextNode()) {
              const node = walker.currentNode;
              // A word, or a part of a compound between its hyphens or slashes, where a line may break.
              for (const m of node.data.matchAll(/[^\s/-]+/g)) {
                const range = w.document.createRange();
                range.setStart(node, m.index);
                range.setEnd(node, m.index + m[0].length);
                const lines = new Set([...range.getClientRects()].map((r: any) => r.top));
                if (lines.size > 1) found.push(m[0]);
              }
            }
          }
          return found;
        });
        expect(split).toEqual([]);
        await screenshot(phone, `swagger-ui-${width}`, { fullPage: true });
        expect(await seriousViolations(phone, SWAGGER_MARKUP)).toEqual([]);
      } finally {
        await phone.close();
      }
    },
  );
});
