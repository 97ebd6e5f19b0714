import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type CallToolResult,
  Client,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { build } from 'esbuild';
import { type Browser, type Frame, type Page } from 'playwright-core';
import { CatalogService } from '../src/catalog/catalog.service';
import { VERIFICATION_STATUS_LABELS } from '../src/catalog/vocabulary';
import { allAnswers } from '../src/recommendations/distribution';
import { recommend } from '../src/recommendations/engine';
import { MCP_PATH } from '../src/core/paths';
import { APP_URI } from '../src/mcp/course-finder.app';
import { SAMPLE_ANSWERS } from './support/answers';
import { copyOfData, startTestApp, type TestApp } from './support/app';
import {
  screenshot,
  seriousViolations,
  sharedBrowser,
  TAKING_SCREENSHOTS,
} from './support/browser';
import { TestClock } from './support/clock';
import { checkedOn } from './support/verified-data';
import { describeWithBrowser } from './support/requirements';

/**
 * The MCP App in Debian's chromium, inside a small host page built on ext-apps' host-side bridge
 * (test/support/mcp-host.mjs): the app's HTML from `resources/read` in a sandboxed frame under the
 * CSP its metadata declares, a real `recommend_courses` result handed to it, and its own tool calls
 * forwarded through the bridge to the real server.
 */

const HOST_URL = 'http://host.test/';
const ANSWERS = SAMPLE_ANSWERS;
const CHANGED = { ...ANSWERS, objective: 'local' };
const TODAY = new Date('2026-11-20T12:00:00Z');
/** Verification dates given to the shipped placeholder courses, in turn: fresh, stale, none. */
const DATES = ['2026-11-02', '2026-01-15', null];

const LIGHT = {
  theme: 'light',
  styles: {
    variables: {
      '--color-background-primary': '#fbfbf8',
      '--color-text-primary': '#141414',
      '--font-sans': '"DejaVu Serif", serif',
    },
  },
};
const DARK = {
  theme: 'dark',
  styles: {
    variables: {
      '--color-background-primary': '#1d1d1f',
      '--color-text-primary': '#f4f4f4',
      '--font-sans': '"DejaVu Serif", serif',
    },
  },
};

describeWithBrowser('the MCP App in a host built on ext-apps', () => {
  let t: TestApp;
  let client: Client;
  let browser: Browser;
  let hostScript: string;
  let app: { html: string; csp: unknown };
  /** The host page's one tab, and what it reports of the app mounted last (see `mount`). */
  let page: Page;
  const errors: string[] = [];
  const requests: string[] = [];
  /** What the server answered the app's own calls, in turn. */
  const served: CallToolResult[] = [];

  beforeAll(async () => {
    // Some courses verified, some not, so the dates shown differ from course to course.
    const data = copyOfData();
    const file = join(data, 'courses.json');
    const dataset = JSON.parse(readFileSync(file, 'utf8'));
    dataset.courses.forEach((course: any, i: number) => {
      const day = DATES[i % DATES.length];
      if (day !== null) checkedOn(course, day);
    });
    writeFileSync(file, JSON.stringify(dataset));
    t = await startTestApp({ env: { DATA_DIR: data }, clock: new TestClock(TODAY) });

    client = new Client({ name: 'test-host', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}${MCP_PATH}`)));
    const { contents } = await client.readResource({ uri: APP_URI });
    const content = contents[0] as unknown as { text: string; _meta: { ui: { csp: unknown } } };
    app = { html: content.text, csp: content._meta.ui.csp };

    const bundle = await build({
      entryPoints: [join(__dirname, 'support', 'mcp-host.mjs')],
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      logLevel: 'warning',
    });
    hostScript = bundle.outputFiles[0].text;
    browser = await sharedBrowser();
    // One tab for the suite (a tab starts a renderer: a second or more of chromium's time): each
    // test loads the host page in it afresh, and the app in a new frame.
    page = await browser.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => requests.push(request.url()));
    await page.route(HOST_URL, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><head><title>Test host</title><style>body{margin:0;padding:1rem;font-family:sans-serif}iframe{width:100%;border:0;display:block}</style></head><body><main><h1>Test host</h1><div id="apps"></div></main><script>${hostScript}</script></body></html>`,
      }),
    );
    await page.exposeFunction(
      'hostCallTool',
      async (params: { name: string; arguments: Record<string, unknown> }) => {
        const result = await client.callTool(params);
        served.push(result as CallToolResult);
        return result;
      },
    );
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await client?.close();
    await t?.close();
  });

  /**
   * The host page, loaded afresh in the suite's tab, the app mounted in it and handed `call`'s
   * input (unless told) and result.
   */
  async function mount(
    hostContext: object,
    call: { name: string; arguments: Record<string, unknown> } = {
      name: 'recommend_courses',
      arguments: ANSWERS,
    },
    { input = true } = {},
  ) {
    for (const reported of [errors, requests, served]) reported.length = 0;
    await page.setViewportSize({ width: 900, height: 900 });
    await page.goto(HOST_URL);
    const toolResult = await client.callTool(call);
    await page.evaluate((start) => (globalThis as any).host.start(start), {
      ...app,
      toolArguments: input ? call.arguments : undefined,
      toolResult,
      hostContext,
    });
    const frame = page.frames().find((f) => f !== page.mainFrame())!;
    return { page, frame, errors, requests, served, toolResult: toolResult as CallToolResult };
  }

  /** The tool calls the app asked the host for (name and arguments; the bridge's `_meta` aside). */
  const hostCalls = (page: Page) =>
    page.evaluate(() =>
      (globalThis as any).host.calls.map(({ name, arguments: args }: any) => ({
        name,
        arguments: args,
      })),
    );

  /** The recommendation as the app shows it: one entry per card, in order. */
  const renderedCards = (frame: Frame) =>
    frame.locator('li.card').evaluateAll((cards) =>
      cards.map((card) => ({
        slug: card.getAttribute('data-slug'),
        match: card.querySelector('.match')?.textContent,
        warnings: [...card.querySelectorAll('.warnings li')].map((li) => li.textContent),
        reasons: [...card.querySelectorAll('.reasons li')].map((li) => li.textContent),
        verified: card.querySelector('[data-verified]')?.textContent,
      })),
    );

  /** What the cards must say, from the REST body of the same answers. */
  async function expectedCards(answers: object) {
    const body = await t.json(`/api/v1/recommendations?${new URLSearchParams({ ...answers })}`);
    return body.data.results.map((result: any) => ({
      slug: result.course.slug,
      match: `${result.match_percent} % match`,
      warnings: result.warnings,
      reasons: result.match_reasons,
      verified:
        result.course.verification.last_verified_on === null
          ? 'not yet verified'
          : `${result.course.verification.last_verified_on} (${VERIFICATION_STATUS_LABELS[result.course.verification.status as keyof typeof VERIFICATION_STATUS_LABELS]})`,
    }));
  }

  /**
   * A full-page screenshot, when asked for (support/browser.ts); the viewport first grows to the
   * page, so the frame is painted whole.
   */
  async function shot(page: Page, frame: Frame, name: string) {
    if (!TAKING_SCREENSHOTS) return;
    const height = await page.evaluate(() => (globalThis as any).document.body.scrollHeight);
    await page.setViewportSize({ width: 900, height });
    await frame.evaluate(
      () =>
        new Promise((done) => {
          const frame = (globalThis as any).requestAnimationFrame;
          frame(() => frame(done));
        }),
    );
    await screenshot(page, name, { fullPage: true });
  }

  it('renders the result it is handed: matches, percents, reasons, warnings, dates, links, citation', async () => {
    const { page, frame, errors, requests } = await mount(LIGHT);
    await frame.locator('li.card').first().waitFor();
    const expected = await expectedCards(ANSWERS);
    expect(expected.length).toBeGreaterThan(1);
    expect(expected.some((card: any) => card.warnings.length > 0)).toBe(true);
    expect(new Set(expected.map((card: any) => card.verified)).size).toBeGreaterThan(1);
    expect(await renderedCards(frame)).toEqual(expected);

    const body = await t.json(`/api/v1/recommendations?${new URLSearchParams(ANSWERS)}`);
    const first = body.data.results[0].course;
    await expect(
      frame.locator(`li.card[data-slug="${first.slug}"] h3 a`).getAttribute('href'),
    ).resolves.toBe(first.page_url);
    await frame.getByText('Placeholder data.').waitFor();
    await frame.getByText(body.data.citation, { exact: false }).waitFor();

    // A link opens through the host, not inside the sandbox.
    await frame.locator(`li.card[data-slug="${first.slug}"] h3 a`).click();
    expect(await page.evaluate(() => (globalThis as any).host.links)).toEqual([first.page_url]);

    // Nothing but the host page itself was ever requested: the app has no network of its own.
    expect(requests).toEqual([HOST_URL]);
    expect(errors).toEqual([]);
    expect(await hostCalls(page)).toEqual([]);
  });

  it('re-runs the finder when an answer is changed in the app, through the host bridge', async () => {
    const { page, frame, errors } = await mount(LIGHT);
    await frame.locator('li.card').first().waitFor();
    const before = await renderedCards(frame);
    await frame.selectOption('select[name="objective"]', CHANGED.objective);
    await frame.getByRole('button', { name: 'Find courses' }).click();

    const expected = await expectedCards(CHANGED);
    expect(expected.map((card: any) => card.slug)).not.toEqual(before.map((card) => card.slug));
    await frame.locator(`li.card[data-slug="${expected[0].slug}"]`).waitFor();
    expect(await hostCalls(page)).toEqual([{ name: 'recommend_courses', arguments: CHANGED }]);
    expect(await renderedCards(frame)).toEqual(expected);
    // The model is told what the user now sees.
    const context = await page.evaluate(() => (globalThis as any).host.modelContext);
    expect(context.content[0].text).toContain('recommend_courses');
    expect(errors).toEqual([]);
  });

  it('with no strong match, shows what came closest and why, asking check_course_fit through the host', async () => {
    const { courses, methodology } = t.app.get(CatalogService).current();
    const none = allAnswers().find((a) => recommend(a, courses, methodology).length === 0)!;
    const { page, frame, errors } = await mount(LIGHT, {
      name: 'recommend_courses',
      arguments: { ...none },
    });
    await frame.locator('li.card[data-closest]').first().waitFor();
    const { data } = await t.json(`/api/v1/recommendations/fit?${new URLSearchParams(none)}`);
    expect(data.no_strong_match).toBe(true);
    const shown = await frame.locator('li.card[data-closest]').evaluateAll((cards) =>
      cards.map((card) => ({
        slug: card.getAttribute('data-closest'),
        verdict: card.getAttribute('data-verdict'),
        match: card.querySelector('.match')?.textContent,
        explanation: card.querySelector('.verdict')?.textContent,
        warnings: [...card.querySelectorAll('.warnings li')].map((li) => li.textContent),
        reasons: [...card.querySelectorAll('.reasons li')].map((li) => li.textContent),
      })),
    );
    expect(shown).toEqual(
      data.fits.map((f: any) => ({
        slug: f.course.slug,
        verdict: f.verdict,
        match: `${f.match_percent} % match`,
        explanation: f.explanation,
        warnings: f.warnings,
        reasons: f.match_reasons,
      })),
    );
    expect(await hostCalls(page)).toEqual([{ name: 'check_course_fit', arguments: none }]);
    const context = await page.evaluate(() => (globalThis as any).host.modelContext);
    expect(context.content[0].text).toContain('what came closest');
    expect(await seriousViolations(frame)).toEqual([]);
    await shot(page, frame, 'mcp-app-closest');
    expect(errors).toEqual([]);
  });

  it('compares two ticked courses side by side, through the host bridge', async () => {
    const { page, frame, errors } = await mount(LIGHT);
    await frame.locator('li.card').first().waitFor();
    const slugs = (await renderedCards(frame)).slice(0, 2).map((card) => card.slug!);
    const button = frame.getByRole('button', { name: /Compare 2 or 3/ });
    expect(await button.isDisabled()).toBe(true);
    for (const slug of slugs) await frame.check(`input[data-compare="${slug}"]`);
    await button.click();
    await frame.locator('table.comparison').waitFor();
    expect(await hostCalls(page)).toEqual([
      { name: 'compare_courses', arguments: { courses: slugs } },
    ]);
    const columns = await frame
      .locator('table.comparison thead th[data-slug]')
      .evaluateAll((ths) => ths.map((th) => th.getAttribute('data-slug')));
    expect(columns).toEqual(slugs);
    expect(await seriousViolations(frame)).toEqual([]);
    await shot(page, frame, 'mcp-app-compare');
    // And back to the matches, without another call.
    await frame.getByRole('button', { name: '← Back' }).click();
    await frame.locator(`li.card[data-slug="${slugs[0]}"]`).waitFor();
    expect(await hostCalls(page)).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('pages search_courses: "Show more" asks for the next page with the cursor from _meta, to the last', async () => {
    const { page, frame, errors, served, toolResult } = await mount(LIGHT, {
      name: 'search_courses',
      arguments: {},
    });
    // Every enrolling course, in the service's order: what the pages must add up to.
    const all: string[] = (await t.json('/api/v1/courses')).data.map((c: any) => c.slug);
    expect(all.length).toBeGreaterThan(16);
    const pageOf = (result: CallToolResult) => (result._meta as any)['course-finder/page'];
    expect(pageOf(toolResult)).toMatchObject({ total: all.length, offset: 0, limit: 8 });

    const cards = frame.locator('li.card');
    const heading = frame.locator('h1');
    const more = frame.getByRole('button', { name: 'Show more' });
    await cards.first().waitFor();
    expect(await heading.textContent()).toBe(`Courses 1–8 of ${all.length}`);
    await more.waitFor();
    expect(await seriousViolations(frame)).toEqual([]);
    await shot(page, frame, 'mcp-app-search');

    const cursors: string[] = [];
    for (let last = toolResult; pageOf(last).next_cursor; last = served.at(-1)!) {
      cursors.push(pageOf(last).next_cursor);
      const before = await cards.count();
      await more.click();
      await cards.nth(before).waitFor();
      await frame.waitForFunction(
        () => !(globalThis as any).document.getElementById('app').hasAttribute('aria-busy'),
      );
      const shown = await cards.count();
      expect(shown).toBe(Math.min(before + 8, all.length));
      expect(await heading.textContent()).toBe(
        shown < all.length ? `Courses 1–${shown} of ${all.length}` : `${all.length} courses`,
      );
      // Focus moves to the first course added; the status region says what is shown.
      const focused = await frame.evaluate(
        () => (globalThis as any).document.activeElement?.closest('li.card')?.dataset.slug,
      );
      expect(focused).toBe(all[before]);
      expect(await frame.locator('#status').textContent()).toMatch(/^Now showing /);
      expect(await more.count()).toBe(shown < all.length ? 1 : 0);
    }
    expect(cursors.length).toBe(Math.ceil(all.length / 8) - 1);

    // The same arguments ({}) and the cursor from the last page's _meta, each time.
    expect(await hostCalls(page)).toEqual(
      cursors.map((cursor) => ({ name: 'search_courses', arguments: { cursor } })),
    );
    const slugs = await cards.evaluateAll((lis) => lis.map((li) => li.getAttribute('data-slug')));
    expect(slugs).toEqual(all);
    const context = await page.evaluate(() => (globalThis as any).host.modelContext);
    expect(context.content[0].text).toContain(`now sees ${all.length} courses`);
    expect(await seriousViolations(frame)).toEqual([]);
    await shot(page, frame, 'mcp-app-search-all');

    // Courses of the first and the last page compare, and back is the whole list again.
    await frame.check(`input[data-compare="${all[0]}"]`);
    await frame.check(`input[data-compare="${all.at(-1)}"]`);
    await frame.getByRole('button', { name: /Compare 2 or 3/ }).click();
    await frame.locator('table.comparison').waitFor();
    expect((await hostCalls(page)).at(-1)).toEqual({
      name: 'compare_courses',
      arguments: { courses: [all[0], all.at(-1)] },
    });
    await frame.getByRole('button', { name: '← Back' }).click();
    await cards.first().waitFor();
    expect(await cards.count()).toBe(all.length);
    expect(await heading.textContent()).toBe(`${all.length} courses`);
    expect(await more.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('offers no "Show more" when the host sent no tool input: a cursor alone would be refused', async () => {
    const { frame, errors } = await mount(
      LIGHT,
      { name: 'search_courses', arguments: {} },
      { input: false },
    );
    await frame.locator('li.card').first().waitFor();
    expect(await frame.locator('h1').textContent()).toMatch(/^Courses 1–8 of \d+$/);
    expect(await frame.locator('button[data-more]').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('follows the host theme and fonts as the host changes them, to dark and back to light, with no serious accessibility violation in either', async () => {
    const { page, frame, errors } = await mount(LIGHT);
    await frame.locator('li.card').first().waitFor();
    for (const [name, context, expectLuminance] of [
      ['dark', DARK, (l: number) => l < 0.2],
      ['light', LIGHT, (l: number) => l > 0.8],
    ] as const) {
      // The theme as the host changes it after the app started.
      await page.evaluate((c) => (globalThis as any).host.setHostContext(c), context);
      await page.evaluate((dark) => {
        const { style } = (globalThis as any).document.body;
        style.background = dark ? '#111' : '#fff';
        style.color = dark ? '#eee' : '#111';
      }, name === 'dark');
      await frame.waitForFunction(
        (theme) => (globalThis as any).document.documentElement.dataset.theme === theme,
        context.theme,
      );
      const style = await frame.evaluate(() => {
        const body = (globalThis as any).getComputedStyle((globalThis as any).document.body);
        return { background: body.backgroundColor, font: body.fontFamily };
      });
      expect(style.font).toContain('DejaVu Serif');
      const [r, g, b] = style.background.match(/\d+/g)!.map(Number);
      expect({ name, fits: expectLuminance((0.2126 * r + 0.7152 * g + 0.0722 * b) / 255) }).toEqual(
        {
          name,
          fits: true,
        },
      );
      expect(await seriousViolations(frame)).toEqual([]);
      await shot(page, frame, `mcp-app-${name}`);
    }
    expect(errors).toEqual([]);
  });
});
