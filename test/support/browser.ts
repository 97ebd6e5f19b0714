import type { Page } from 'playwright-core';

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
