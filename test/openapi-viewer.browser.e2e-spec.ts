import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { startTestApp, type TestApp } from './support/app';
import { collectProblems } from './support/browser';
import { ERROR_TYPES } from './support/generated-types';
import { freePort } from './support/redis';
import { CHROMIUM_ARGS, CHROMIUM_PATH, describeWithBrowser } from './support/requirements';

/**
 * Swagger UI at /api/v1/docs in Debian's chromium, read as an integrator reads it: each response
 * shows the service's real answer as its example (nothing the viewer made up) and the error
 * schemas by name.
 */

const SCREENSHOTS = join(__dirname, '..', 'test-output', 'screenshots');

describeWithBrowser('Swagger UI in a real browser', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let errors: string[] = [];
  let csp: string | undefined;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    // The page is read at http://localhost:<port> while PUBLIC_URL, the document's server that
    // “Try it out” calls, names http://127.0.0.1:<port>: another origin, as behind a port-forward.
    const port = await freePort();
    t = await startTestApp({ env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    errors = await collectProblems(page);
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
    expect(await exampleShown(block, '404')).toEqual(
      await t.json('/api/v1/courses/no-such-course'),
    );
    await page.screenshot({
      path: join(SCREENSHOTS, 'swagger-ui-get-course.png'),
      fullPage: false,
    });

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

  it('“Try it out” calls the API from the page under its own CSP, with no violation or console error', async () => {
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
    await live.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: join(SCREENSHOTS, 'swagger-ui-try-it-out.png'),
      fullPage: false,
    });
    expect(errors).toEqual([]);
  });
});
