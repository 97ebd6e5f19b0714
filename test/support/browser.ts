import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Browser, chromium, type Frame, type Locator, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './requirements';

const AXE = readFileSync(require.resolve('axe-core'), 'utf8');

/**
 * Whether the browser suites write their screenshots (`SCREENSHOTS=1`): pictures for people to
 * look at, which no test reads. A full-page one costs chromium as much as axe does on that page,
 * so a run takes them only when asked.
 */
export const TAKING_SCREENSHOTS = process.env.SCREENSHOTS === '1';
const SCREENSHOTS = join(__dirname, '..', '..', 'test-output', 'screenshots');

/**
 * A screenshot of a page (or of one element) as it is now, to
 * `test-output/screenshots/<name>.png`, when the run asks for them (`SCREENSHOTS=1`).
 */
export async function screenshot(
  target: Page | Locator,
  name: string,
  { fullPage = false } = {},
): Promise<void> {
  if (!TAKING_SCREENSHOTS) return;
  const path = join(SCREENSHOTS, `${name}.png`);
  mkdirSync(dirname(path), { recursive: true });
  await target.screenshot('goto' in target ? { path, fullPage } : { path });
}

/**
 * The run's one browser, which the browser project's setup launched (browser-setup.mjs), connected
 * to; a suite run without that setup launches its own. Its `close()` ends this suite's connection
 * (and its pages), or the browser it launched.
 */
export async function sharedBrowser(): Promise<Browser> {
  const endpoint = process.env.COURSE_FINDER_BROWSER_WS;
  return endpoint
    ? chromium.connect(endpoint)
    : chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * axe-core's serious and critical findings on a page or frame as it is now, each as
 * "rule: help (elements)", leaving out the rules named in `allowed`. axe is run by the browser's
 * debugger: a `<script>` tag added to the page would be inline script, which the pages' Content
 * Security Policy rightly refuses. Only violations are gathered element by element (axe's
 * `resultTypes`): the passes, which no test reads but to know that axe checked something, list
 * each rule once, and on a long page that halves axe's time.
 */
export async function seriousViolations(
  target: Page | Frame,
  allowed: string[] = [],
): Promise<string[]> {
  await target.evaluate(AXE);
  // Runs in the page; the test's own TypeScript has no DOM types.
  const results = await target.evaluate(() =>
    (globalThis as any).axe.run({ resultTypes: ['violations'] }),
  );
  if (results.passes.length < 5) throw new Error(`axe passed ${results.passes.length} rules only`);
  return results.violations
    .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
    .filter((v: any) => !allowed.includes(v.id))
    .map((v: any) => `${v.id}: ${v.help} (${v.nodes.map((n: any) => n.target).join(' | ')})`);
}

/**
 * Everything a page reports going wrong, collected as it happens: console errors, uncaught errors,
 * failed loads and every report of its Content Security Policy (`securitypolicyviolation`, listened
 * for before the page's own code runs). Call before `page.goto`.
 */
export async function collectProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.exposeFunction('reportViolation', (violation: string) =>
    problems.push(`CSP: ${violation}`),
  );
  await page.addInitScript(() => {
    // Runs in the page; the test's own TypeScript has no DOM types.
    const w = globalThis as any;
    w.document.addEventListener('securitypolicyviolation', (event: any) =>
      w.reportViolation(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`),
    );
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('requestfailed', (request) => problems.push(`failed: ${request.url()}`));
  return problems;
}

/**
 * One tab that loads pages in turn, each at the viewport asked for, with what the page reports going
 * wrong from its load on. A new tab starts a renderer (half a second idle, seconds on shared
 * cores); the site's pages keep nothing in the browser, so each load starts afresh.
 */
export async function readingTab(browser: Browser) {
  const page = await browser.newPage();
  const errors = await collectProblems(page);
  return async (url: string, viewport: { width: number; height: number }) => {
    await page.setViewportSize(viewport);
    errors.length = 0;
    const response = await page.goto(url);
    return { page, errors, response, status: response?.status() };
  };
}
