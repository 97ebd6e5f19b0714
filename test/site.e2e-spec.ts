import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { CourseRecord } from '../src/catalog/course.schema';
import { errorBodySchema } from '../src/core/envelope.schema';
import { courseListResponseSchema } from '../src/courses/courses.responses';
import { allAnswers } from '../src/recommendations/distribution';
import { DistributionService } from '../src/recommendations/distribution.service';
import { DATA_DIR, startTestApp, type TestApp } from './support/app';
import { SAMPLE_ANSWERS, TELLTALE_ANSWERS } from './support/answers';
import { logCapture, mcpRequest } from './support/edge';
import { rawRequest } from './support/raw-http';
import { expectValid } from './support/schemas';

/**
 * The site over HTTP (docs/website.md): every address the service hands out answers, the status,
 * type, caching and referrer policy of its pages, content negotiation, the 404 pages, the 308s to
 * the one way of writing a request, pages that do not depend on the `Host` they were asked by, the
 * privacy of an address that holds answers (docs/privacy.md), the companions and discovery
 * documents as served. What a page says from the data is src/site/*.spec.ts's; what a browser
 * shows, the browser suites'.
 */

const ORIGIN = 'http://localhost:3000';
/** Another name for the service, as a LAN address or a port-forward gives it. */
const ELSEWHERE = '192.168.1.20:8080';
const records: CourseRecord[] = JSON.parse(
  readFileSync(join(DATA_DIR, 'courses.json'), 'utf8'),
).courses;
const [first, second, third] = records.filter((r) => r.status === 'active');
const ANSWERS = new URLSearchParams(SAMPLE_ANSWERS).toString();
const HTML = { headers: { Accept: 'text/html' } };

const logs = logCapture();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ logStream: logs.stream, env: { LOG_LEVEL: 'info' } });
  // The methodology page is whole, and the same for every request, once the spread is worked out.
  await t.app.get(DistributionService).settled();
});
afterAll(() => t.close());

/** Every URL the service hands out uses PUBLIC_URL; the test server listens elsewhere. */
const pathOf = (url: string) => {
  expect(url.startsWith(ORIGIN)).toBe(true);
  return url.slice(ORIGIN.length);
};

async function text(path: string, init?: RequestInit, status = 200) {
  const response = await t.get(path, init);
  const body = await response.text();
  expect({ path, status: response.status }).toEqual({ path, status });
  return { response, body };
}

/** GET over a bare socket, with a `Host` header of our choosing (fetch sends its own). */
const getAs = (host: string, path: string, accept = 'text/html') =>
  rawRequest(
    t.url,
    `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nAccept: ${accept}\r\nConnection: close\r\n\r\n`,
  );

describe('addresses on pages', () => {
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

  // First in the suite, so each page is made, and kept by the cache, for the other name.
  it.each(PAGES)(
    '%s asked for by another name is the same bytes as by the service’s own: nothing is built from Host',
    async (path) => {
      const page = await getAs(ELSEWHERE, path);
      expect(page.status).toBe(path.includes('no-such') ? 404 : 200);
      expect(page.body).not.toContain(ELSEWHERE);
      expect(page.body).toMatch(new RegExp(`<link rel="canonical" href="${ORIGIN}/`));
      const again = await getAs(new URL(t.url).host, path);
      expect(again.body).toBe(page.body);
    },
  );

  it('the pages’ one script is a file, typed and cached', async () => {
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
    expect((await sent(to)).status).toBe(200);
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

  it('sends an address that holds answers on without keeping it in any cache', async () => {
    const response = await getAs(ELSEWHERE, '/ai-seo-courses/finder?experience=beginner&budget=');
    expect(response.status).toBe(308);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('every URL the API hands out answers 200', () => {
  it('page_url of every course, canonical_url and methodology_url', async () => {
    const body = await t.json('/api/v1/courses?include_inactive=true');
    const urls = [
      ...body.data.map((course: { page_url: string }) => course.page_url),
      body.meta.canonical_url,
      body.meta.methodology_url,
      (await t.json('/api/v1/methodology')).data.methodology_url,
    ];
    expect(urls.length).toBe(records.length + 3);
    for (const url of urls) {
      const { response } = await text(pathOf(url), HTML);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    }
  });

  it('human_url, methodology_url and dataset_url of recommendations, for a spread of answers', async () => {
    const sample = allAnswers().filter((_, i) => i % 997 === 0);
    for (const answers of sample) {
      const query = new URLSearchParams(answers).toString();
      const { data } = await t.json(`/api/v1/recommendations?${query}`);
      for (const url of [data.human_url, data.methodology_url, data.dataset_url]) {
        await text(pathOf(url), HTML);
      }
    }
  });
});

describe('a form with wrong values', () => {
  it.each([
    '/ai-seo-courses?level=expert&sort=random&utm_source=x',
    '/ai-seo-courses/finder?experience=beginner&budget=lots&objective=ai_geo&objective=links',
    '/ai-seo-courses/answer-engine-foundations?experience=guru',
    `/ai-seo-courses/compare?courses=${first.slug}`,
  ])('%s is a page that says what is wrong, a 200 and never a 500', async (path) => {
    const { response, body } = await text(path, HTML);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(body).toMatch(/class="error"|role="alert"|you ticked one/);
  });

  it('the comparison API keeps its own wording for the same mistake', async () => {
    const four = records.slice(0, 4).map((c) => c.slug);
    const api = await t.get(`/api/v1/comparisons?courses=${four.join(',')}`);
    expect(api.status).toBe(422);
    expect(JSON.stringify(await api.json())).toContain('give 2 to 3 course slugs (got 4)');
  });
});

describe('pages not there', () => {
  it("a course's address a word or a typo away is a 404 page that offers the course", async () => {
    for (const slug of ['technical-seo', 'Technical-SEO', 'tecnical-seo-deep-dive']) {
      const { body } = await text(`/ai-seo-courses/${slug}`, HTML, 404);
      expect(body).toContain(
        'Did you mean <a href="/ai-seo-courses/technical-seo-deep-dive">Technical SEO Deep Dive</a>?',
      );
    }
    expect((await text('/ai-seo-courses/no-such-course', HTML, 404)).body).not.toContain(
      'Did you mean',
    );
  });

  it('an unknown slug is a 404 page for a browser and the contract error for everyone else', async () => {
    const html = await text('/ai-seo-courses/no-such-course', HTML, 404);
    expect(html.response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.response.headers.get('cache-control')).toBe('no-store');
    // A person is told in plain words; the API's wording ("slug") is for code.
    expect(html.body).toContain('<h1>Page not found</h1>');
    expect(html.body).toContain('There is no page at this address.');
    expect(html.body).not.toMatch(/slug/i);
    for (const accept of ['application/json', '*/*', 'text/markdown', undefined]) {
      const response = await t.get('/ai-seo-courses/NOT_A_SLUG', {
        headers: accept === undefined ? {} : { Accept: accept },
      });
      expect(response.status).toBe(404);
      // The handler had typed its answer HTML or Markdown before the slug turned out unknown.
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expectValid(errorBodySchema, await response.json());
    }
  });
});

describe('a page whose address holds answers (docs/privacy.md#caches)', () => {
  const QUERY = new URLSearchParams(TELLTALE_ANSWERS).toString();

  it('a course page with answers answers no-store, sends no Referer on, and is logged without its query', async () => {
    const id = 'course-fit-page';
    // What this request logs: the suite's other requests hold some of these values as filters.
    const before = logs.lines().length;
    const { response } = await text(`/ai-seo-courses/${first.slug}?${QUERY}`, {
      headers: { Accept: 'text/html', 'X-Request-Id': id },
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
    // No Referer carries the answers on, not even to the page's own files.
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    const entry = logs.entries().find((e) => e.req_id === id);
    expect(entry).toMatchObject({ url: `/ai-seo-courses/${first.slug}`, status: 200 });
    for (const value of Object.values(TELLTALE_ANSWERS)) {
      expect(
        logs
          .lines()
          .slice(before)
          .filter((line) => line.includes(value)),
      ).toEqual([]);
    }
  });

  it('so does one with an answer missing or wrong, and the finder with answers', async () => {
    for (const path of [
      '/ai-seo-courses/answer-engine-foundations?experience=guru',
      `/ai-seo-courses/finder?${QUERY}`,
    ]) {
      const { response } = await text(path, HTML);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('the bare course page and finder are public and kept, like every page without answers', async () => {
    for (const path of [`/ai-seo-courses/${first.slug}`, '/ai-seo-courses/finder']) {
      const { response } = await text(path, HTML);
      expect(response.headers.get('cache-control')).toBe('public, max-age=300');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      const again = await t.get(path, {
        headers: { ...HTML.headers, 'If-None-Match': response.headers.get('etag')! },
      });
      expect(again.status).toBe(304);
    }
  });
});

describe('Markdown forms', () => {
  it('Accept: text/markdown on the list answers its Markdown, with Vary: Accept', async () => {
    const md = await text('/ai-seo-courses', { headers: { Accept: 'text/markdown' } });
    expect(md.response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(md.response.headers.get('vary')).toMatch(/Accept/);
    expect(md.body).toMatch(/^# /);
    const html = await text('/ai-seo-courses', HTML);
    expect(html.response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.response.headers.get('vary')).toMatch(/Accept/);
  });

  it('Accept: text/markdown on a course page answers its Markdown', async () => {
    const { response, body } = await text('/ai-seo-courses/answer-engine-foundations', {
      headers: { Accept: 'text/markdown' },
    });
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(body).toMatch(/^# Answer Engine Foundations\n/);
  });
});

describe('plain-data companions', () => {
  it('/ai-seo-courses.json equals the envelope of every tracked course', async () => {
    const { response, body } = await text('/ai-seo-courses.json');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const dataset = JSON.parse(body);
    expectValid(courseListResponseSchema, dataset);
    expect(dataset).toEqual(await t.json('/api/v1/courses?include_inactive=true'));
    expect(dataset.data).toHaveLength(records.length);
  });

  it('/ai-seo-courses.md is Markdown', async () => {
    const { response, body } = await text('/ai-seo-courses.md');
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(body).toContain(`${ORIGIN}/ai-seo-courses/${first.slug}`);
  });

  it('llms.txt is plain text that lists every operation and tool served', async () => {
    const { response, body } = await text('/llms.txt');
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const api = `${ORIGIN}/api/v1`;
    const document = await t.json('/api/v1/openapi.json');
    const linked = Object.keys(document.paths).filter((path) => path !== '/openapi.json');
    expect(linked.length).toBeGreaterThan(8);
    for (const path of linked)
      expect({ path, listed: body.includes(`(<${api}${path}`) }).toEqual({
        path,
        listed: true,
      });
    const listed = await t.json('/mcp', mcpRequest('tools/list'));
    for (const { name } of listed.result.tools) {
      expect({ name, listed: body.includes(name) }).toEqual({ name, listed: true });
    }
  });

  it('the home page names every tool tools/list serves, each with what it is for', async () => {
    const { body } = await text('/', HTML);
    const listed = await t.json('/mcp', mcpRequest('tools/list'));
    const items = [...body.matchAll(/<li><code>([a-z_]+)<\/code> ([^<]{12,})<\/li>/g)];
    const named = items.map((m) => m[1]).sort();
    expect(named).toEqual(listed.result.tools.map((tool: { name: string }) => tool.name).sort());
  });

  it('a crawler finds robots.txt, the sitemap it names, and every page in it answers 200', async () => {
    const robots = await text('/robots.txt');
    expect(robots.response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const sitemap = /^Sitemap: (.+)$/m.exec(robots.body)![1];
    const { response, body } = await text(pathOf(sitemap));
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toHaveLength(records.length + 5);
    for (const loc of locs) await text(pathOf(loc), HTML);
  });
});

/** RFC 9264 §4.2: a linkset of link context objects, each relation an array of target objects. */
const targetSchema = z
  .object({
    href: z.url(),
    type: z.string().optional(),
    hreflang: z.array(z.string()).optional(),
    title: z.string().optional(),
    media: z.string().optional(),
  })
  .catchall(z.array(z.unknown()));
const relationName = /^([a-z][a-z0-9.-]*|[a-z][a-z0-9+.-]*:.+)$/;
const linksetSchema = z.strictObject({
  linkset: z
    .array(
      z
        .object({ anchor: z.url() })
        .catchall(z.array(targetSchema).min(1))
        .refine(
          (context) => Object.keys(context).every((k) => k === 'anchor' || relationName.test(k)),
          'relation names are registered types or URIs',
        ),
    )
    .min(1),
});

describe('discovery', () => {
  it('the api-catalog is an RFC 9264 linkset with the RFC 9727 profile, and every link answers', async () => {
    const { response, body } = await text('/.well-known/api-catalog');
    expect(response.headers.get('content-type')).toBe(
      'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"; charset=utf-8',
    );
    expect(response.headers.get('link')).toBe(
      `<${ORIGIN}/.well-known/api-catalog>; rel="api-catalog"`,
    );
    const catalog = linksetSchema.parse(JSON.parse(body));
    const byAnchor = Object.fromEntries(catalog.linkset.map((c) => [c.anchor, c]));
    const api = byAnchor[`${ORIGIN}/api/v1`] as any;
    const mcp = byAnchor[`${ORIGIN}/mcp`] as any;
    expect(api['service-desc'][0].href).toBe(`${ORIGIN}/api/v1/openapi.json`);
    expect(api['service-doc'].map((l: any) => l.href)).toEqual([
      `${ORIGIN}/api/v1/docs`,
      `${ORIGIN}/llms.txt`,
    ]);
    expect(mcp['service-desc'][0].href).toBe(`${ORIGIN}/.well-known/mcp/server-card.json`);
    const hrefs = catalog.linkset.flatMap((context) =>
      Object.entries(context)
        .filter(([key]) => key !== 'anchor')
        .flatMap(([, targets]) => (targets as { href: string }[]).map((target) => target.href)),
    );
    for (const href of new Set(hrefs)) {
      await text(pathOf(href));
    }
  });

  it('HEAD on the api-catalog carries its Link header too', async () => {
    const response = await t.get('/.well-known/api-catalog', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('link')).toContain('rel="api-catalog"');
  });

  it('the MCP server card is JSON by default, and its own media type for a client that asks', async () => {
    const { response, body } = await text('/.well-known/mcp/server-card.json');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('vary')).toMatch(/accept/i);
    const card = JSON.parse(body);
    expect(card.remotes[0].url).toBe(`${ORIGIN}/mcp`);
    const negotiated = await t.get('/.well-known/mcp/server-card.json', {
      headers: { Accept: 'application/mcp-server-card+json' },
    });
    expect(negotiated.headers.get('content-type')).toBe(
      'application/mcp-server-card+json; charset=utf-8',
    );
    expect(await negotiated.json()).toEqual(card);
  });

  it.each(['/assets/icon.svg', '/favicon.ico'])(
    '%s is the service’s SVG icon, typed and cached like the other assets',
    async (path) => {
      const response = await t.get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('public, max-age=300');
      const etag = response.headers.get('etag')!;
      expect(etag).toMatch(/^W\/"/);
      expect(await response.text()).toMatch(
        /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>[\s\S]*<\/svg>\n$/,
      );
      const again = await t.get(path, { headers: { 'If-None-Match': etag } });
      expect(again.status).toBe(304);
    },
  );

  it('/favicon.ico is the icon itself, not a redirect', async () => {
    const [icon, favicon] = await Promise.all(
      ['/assets/icon.svg', '/favicon.ico'].map(async (path) => (await t.get(path)).text()),
    );
    expect(favicon).toBe(icon);
  });
});
