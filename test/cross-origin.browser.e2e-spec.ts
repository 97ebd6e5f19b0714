import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser } from 'playwright-core';
import { startTestApp, type TestApp } from './support/app';
import { freePort } from './support/redis';
import { sharedBrowser } from './support/browser';
import { describeWithBrowser } from './support/requirements';

/**
 * The API read by a script of another origin, in Debian's chromium (docs/api.md#cors): what the
 * docs tell a client to read of a response is readable across origins, so a browser app can page
 * through the list by its `Link` header and learn how many courses match.
 */

describeWithBrowser('the API from another origin, in a real browser', () => {
  let t: TestApp;
  let other: Server;
  let browser: Browser;

  beforeAll(async () => {
    const port = await freePort();
    t = await startTestApp({ env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } });
    // The other origin: an empty page of another port's server.
    other = createServer((_request, response) => response.end('<!doctype html><title>app</title>'));
    other.listen(0, '127.0.0.1');
    await once(other, 'listening');
    browser = await sharedBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    other?.close();
    await t?.close();
  });

  it('pages through every course by Link, with the count of matches in X-Total-Count', async () => {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`);
    const walked = await page.evaluate(async (first: string) => {
      const slugs: string[] = [];
      const totals: (string | null)[] = [];
      let url: string | undefined = first;
      while (url) {
        const response: Response = await fetch(url);
        const body = (await response.json()) as { data: { slug: string }[] };
        slugs.push(...body.data.map((course: { slug: string }) => course.slug));
        totals.push(response.headers.get('x-total-count'));
        url = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
      }
      return { slugs, totals, origin: (globalThis as any).location.origin as string };
    }, `${t.url}/api/v1/courses?limit=4&include_inactive=true`);
    const whole = (await t.json('/api/v1/courses?include_inactive=true')).data.map(
      (course: { slug: string }) => course.slug,
    );
    expect(walked.origin).not.toBe(new URL(t.url).origin);
    expect(walked.slugs).toEqual(whole);
    expect(walked.totals.length).toBe(Math.ceil(whole.length / 4));
    expect(new Set(walked.totals)).toEqual(new Set([String(whole.length)]));
  });
});
