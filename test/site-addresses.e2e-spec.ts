import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { CourseRecord } from '../src/catalog/course.schema';
import { DistributionService } from '../src/recommendations/distribution.service';
import { DATA_DIR, startTestApp, type TestApp } from './support/app';
import { SAMPLE_ANSWERS } from './support/answers';
import { rawRequest } from './support/raw-http';

/**
 * Addresses on pages (docs/website.md#addresses-on-pages): pages link by path, whatever name they
 * were reached by, and nothing on them is built from `Host`; only canonical and alternate links
 * and JSON-LD name PUBLIC_URL. One way to write a request
 * (docs/website.md#one-way-to-write-a-request): an address with an empty field or `courses`
 * repeated is sent (308) to the API's writing. Also `/favicon.ico` and JSON-LD that never lists
 * nothing.
 */

const ORIGIN = 'http://localhost:3000';
/** Another name for the service, as a LAN address or a port-forward gives it. */
const ELSEWHERE = '192.168.1.20:8080';
const records: CourseRecord[] = JSON.parse(
  readFileSync(join(DATA_DIR, 'courses.json'), 'utf8'),
).courses;
const [first, second, third] = records.filter((r) => r.status === 'active');
const ANSWERS = new URLSearchParams(SAMPLE_ANSWERS).toString();

const PAGES = [
  '/',
  '/ai-seo-courses',
  '/ai-seo-courses?include_inactive=true',
  `/ai-seo-courses/${first.slug}`,
  '/ai-seo-courses/finder',
  `/ai-seo-courses/finder?${ANSWERS}`,
  `/ai-seo-courses/compare?courses=${first.slug},${second.slug}`,
  `/ai-seo-courses/compare?courses=${first.slug}`,
  '/ai-seo-courses/methodology',
  '/api/v1/docs',
  '/ai-seo-courses/no-such-course',
];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // The methodology page is whole, and the same for every request, once the spread is worked out.
  await t.app.get(DistributionService).settled();
});
afterAll(() => t.close());

/** GET over a bare socket, with a `Host` header of our choosing (fetch sends its own). */
const getAs = (host: string, path: string, accept = 'text/html') =>
  rawRequest(
    t.url,
    `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nAccept: ${accept}\r\nConnection: close\r\n\r\n`,
  );

const jsonLdOf = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]);

describe('addresses on pages', () => {
  // First in the suite, so each page is made, and kept by the cache, for the other name.
  it.each(PAGES)(
    '%s asked for by another name: links by path, PUBLIC_URL only in canonical and alternate links',
    async (path) => {
      const page = await getAs(ELSEWHERE, path);
      expect(page.status).toBe(path.includes('no-such') ? 404 : 200);
      expect(page.body).not.toContain(ELSEWHERE);
      // Every tag that names this service by an absolute address in href, src or action.
      const absolute = [
        ...page.body.matchAll(
          /<[a-z]+\b[^>]*\s(?:href|src|action)="http:\/\/localhost[^"]*"[^>]*>/g,
        ),
      ].map((m) => m[0]);
      expect(absolute.filter((tag) => !/^<link rel="(canonical|alternate)"/.test(tag))).toEqual([]);
      expect(page.body).toMatch(new RegExp(`<link rel="canonical" href="${ORIGIN}/`));
      // An address shown in full is written under PUBLIC_URL, its origin marked for the script.
      for (const [, origin, text] of page.body.matchAll(/data-origin="([^"]+)">([^<]*)</g)) {
        expect(origin).toBe(ORIGIN);
        expect(text).toContain(ORIGIN);
      }
      // The same bytes for the service's own name: nothing depends on Host.
      const again = await getAs(new URL(t.url).host, path);
      expect(again.body).toBe(page.body);
    },
  );

  it('the front door and the finder show the MCP endpoint and the results in full, to be copied', async () => {
    const home = (await getAs(ELSEWHERE, '/')).body;
    expect(home).toContain(
      `<pre><code data-origin="${ORIGIN}">{ "mcpServers": { "course-finder": { "type": "http", "url": "${ORIGIN}/mcp" } } }</code></pre>`,
    );
    const finder = (await getAs(ELSEWHERE, `/ai-seo-courses/finder?${ANSWERS}`)).body;
    const { data } = await t.json(`/api/v1/recommendations?${ANSWERS}`);
    const url = data.human_url.replaceAll('&', '&amp;');
    expect(finder).toContain(`<a href="${url.slice(ORIGIN.length)}">Link to these results</a>`);
    expect(finder).toContain(`<code data-origin="${ORIGIN}">${url}</code>`);
  });

  it('every page loads the one script, from a file: no inline script', async () => {
    for (const path of PAGES) {
      const { body } = await getAs(ELSEWHERE, path);
      const scripts = [...body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts).toContain('<script type="module" src="/assets/site.js">');
      for (const tag of scripts) expect(tag).toMatch(/ src="\/|type="application\/ld\+json"/);
    }
    const script = await t.get('/assets/site.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await script.text()).toContain('location.origin');
  });
});

describe('one way to write a request', () => {
  /** The status and Location of a request, redirects not followed. */
  async function sent(path: string, host = ELSEWHERE) {
    const response = await getAs(host, path);
    return { status: response.status, location: response.headers.location };
  }

  it.each([
    ['/ai-seo-courses?q=local&level=', '/ai-seo-courses?q=local'],
    [
      '/ai-seo-courses?q=&level=&specialty=links&price_band=&include_inactive=false&sort=name-asc',
      '/ai-seo-courses?specialty=links&include_inactive=false&sort=name-asc',
    ],
    ['/ai-seo-courses?q=', '/ai-seo-courses'],
    // A form's boxes send one name per ticked box: one comma list, as the API takes it.
    [
      '/ai-seo-courses?level=beginner&level=advanced&price_band=free&price_band=&specialty=local',
      '/ai-seo-courses?level=beginner,advanced&price_band=free&specialty=local',
    ],
    [
      `/ai-seo-courses/compare?courses=${first.slug}&courses=${second.slug}`,
      `/ai-seo-courses/compare?courses=${first.slug},${second.slug}`,
    ],
    [
      `/ai-seo-courses/compare?courses=${first.slug},${second.slug}&courses=${third.slug}&courses=`,
      `/ai-seo-courses/compare?courses=${first.slug},${second.slug},${third.slug}`,
    ],
    [
      '/ai-seo-courses/finder?experience=beginner&objective=&budget=under_100',
      '/ai-seo-courses/finder?experience=beginner&budget=under_100',
    ],
  ])('%s is sent to %s, a path', async (from, to) => {
    expect(await sent(from)).toEqual({ status: 308, location: to });
  });

  it.each([
    `/ai-seo-courses/compare?courses=${first.slug},${second.slug}`,
    '/ai-seo-courses?q=local%20links&sort=name-asc',
    `/ai-seo-courses/finder?${ANSWERS}`,
    // A name that takes one value, given twice, stays as it is: the page says what is wrong.
    '/ai-seo-courses/finder?objective=ai_geo&objective=links',
  ])('%s is written the one way already: answered, not sent on', async (path) => {
    expect((await sent(path)).status).toBe(200);
  });

  it('sends to a path of this origin, public like the page, whatever host the request target names', async () => {
    const response = await getAs(ELSEWHERE, 'http://evil.example/ai-seo-courses?q=local&level=');
    expect([response.status, response.headers.location]).toEqual([308, '/ai-seo-courses?q=local']);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('the comparison takes the comma list, as the API does', async () => {
    const page = await t.get(`/ai-seo-courses/compare?courses=${first.slug},${second.slug}`);
    const slugs = [...(await page.text()).matchAll(/<th scope="col" data-slug="([^"]+)"/g)];
    expect(slugs.map((m) => m[1])).toEqual([first.slug, second.slug]);
  });

  it('any address with empty fields or a list given apart is sent to one the API would take as it is', async () => {
    const slugs = records.map((r) => r.slug);
    const field = fc.oneof(
      fc.tuple(fc.constantFrom('q', 'level', 'specialty', 'price_band'), fc.constant('')),
      fc.tuple(fc.constant('q'), fc.stringMatching(/^[a-z ,]{1,12}$/)),
      fc.tuple(fc.constant('level'), fc.constantFrom('beginner', 'advanced')),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.array(field, { maxLength: 5 }).map((fields) => ['/ai-seo-courses', fields] as const),
          fc
            .array(fc.tuple(fc.constant('courses'), fc.constantFrom('', ...slugs)), {
              minLength: 1,
              maxLength: 4,
            })
            .map((fields) => ['/ai-seo-courses/compare', fields] as const),
        ),
        async ([path, fields]) => {
          const query = fields.map(([n, v]) => `${n}=${encodeURIComponent(v)}`).join('&');
          const { status, location } = await sent(`${path}?${query}`);
          const given = fields.filter(([, v]) => v !== '');
          const lists = ['courses', 'level'];
          const repeated = lists.some((list) => given.filter(([n]) => n === list).length > 1);
          if (given.length === fields.length && !repeated) {
            expect(status).toBe(200);
            return;
          }
          expect(status).toBe(308);
          expect(location.startsWith(`${path}`)).toBe(true);
          const clean = new URLSearchParams(location.split('?')[1] ?? '');
          expect([...clean.values()].every((v) => v !== '')).toBe(true);
          for (const list of lists) {
            expect(clean.getAll(list).length).toBeLessThanOrEqual(1);
            expect(clean.getAll(list).join(',')).toBe(
              given.flatMap(([n, v]) => (n === list ? [v] : [])).join(','),
            );
          }
          expect(clean.getAll('q')).toEqual(given.flatMap(([n, v]) => (n === 'q' ? [v] : [])));
          // The address it is sent to is answered as it is.
          expect((await sent(location)).status).toBe(200);
        },
      ),
      { numRuns: 60, seed: Number(process.env.FUZZ_SEED ?? 20261126) },
    );
  });
});

describe('the icon at /favicon.ico', () => {
  it('is the service’s SVG icon, typed and cached like the other assets', async () => {
    const icon = await t.get('/assets/icon.svg');
    const favicon = await t.get('/favicon.ico');
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(favicon.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await favicon.text()).toBe(await icon.text());
    const etag = favicon.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    const again = await t.get('/favicon.ico', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });
});

describe('JSON-LD', () => {
  it.each([
    ['the front door', '/'],
    ['the finder before its answers', '/ai-seo-courses/finder'],
    ['a search that finds nothing', '/ai-seo-courses?q=zzzzzz'],
    ['the API documentation', '/api/v1/docs'],
  ])('%s, which shows no course, is a WebPage: never an empty list', async (_, path) => {
    const ld = jsonLdOf(await (await t.get(path, { headers: { Accept: 'text/html' } })).text());
    expect(ld).toMatchObject({ '@context': 'https://schema.org', '@type': 'WebPage' });
    expect(ld.url).toMatch(new RegExp(`^${ORIGIN}/`));
    expect(ld.name.length).toBeGreaterThan(5);
    expect(ld).not.toHaveProperty('numberOfItems');
  });

  it.each([
    '/ai-seo-courses',
    `/ai-seo-courses/finder?${ANSWERS}`,
    `/ai-seo-courses/compare?courses=${first.slug},${second.slug}`,
    `/ai-seo-courses/${first.slug}`,
  ])('%s lists the courses it shows', async (path) => {
    const body = await (await t.get(path, { headers: { Accept: 'text/html' } })).text();
    const ld = jsonLdOf(body);
    expect(ld['@type']).toBe('ItemList');
    expect(ld.numberOfItems).toBeGreaterThan(0);
    expect(ld.itemListElement).toHaveLength(ld.numberOfItems);
  });
});
