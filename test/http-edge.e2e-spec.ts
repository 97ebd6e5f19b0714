import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { type Cache, CACHE_MANAGER } from '@nestjs/cache-manager';
import type { Keyv } from 'keyv';
import { CatalogService } from '../src/catalog/catalog.service';
import type { LRUCache } from 'lru-cache';
import { RESPONSE_CACHE_CHARS } from '../src/edge/edge.module';
import { errorBodySchema } from '../src/core/envelope.schema';
import { copyOfData, startTestApp, type TestApp } from './support/app';
import { COUNTED, EdgeStubsModule, mcpCall, STUB_MARKDOWN, STUB_PAGE } from './support/edge';
import { expectValid } from './support/schemas';

/** Conditional GET, caching headers, CORS and the security headers (docs/api.md#http-behaviour). */

const ANSWERS =
  'experience=beginner&objective=ai_geo&learning_style=self_paced&freshness=important&budget=under_100&operating_model=brand_client';

const GET_ENDPOINTS = [
  '/api/v1/courses',
  '/api/v1/courses?level=beginner&sort=price-asc',
  '/api/v1/courses/answer-engine-foundations',
  `/api/v1/recommendations?${ANSWERS}`,
  '/api/v1/comparisons?courses=answer-engine-foundations,search-generalist-program',
  '/api/v1/finder/questions',
  '/api/v1/methodology',
  STUB_PAGE,
];

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = copyOfData();
  t = await startTestApp({ env: { DATA_DIR: dataDir }, imports: [EdgeStubsModule] });
});
afterAll(() => t.close());

function expectCors(response: Response) {
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  const exposed = response.headers.get('access-control-expose-headers')?.split(',');
  expect(exposed?.slice(0, 2)).toEqual(['Link', 'X-Total-Count']);
  expect(exposed).toEqual(
    expect.arrayContaining([
      'ETag',
      'Retry-After',
      'RateLimit',
      'RateLimit-Policy',
      'X-Request-Id',
    ]),
  );
}

/** Requests for the body as it is (no content coding): `fetch` would ask for br and gzip. */
const IDENTITY = { 'Accept-Encoding': 'identity' };

describe.each(GET_ENDPOINTS)('GET %s', (path) => {
  let etag: string;
  let body: string;
  const get = (init: { method?: string; headers?: Record<string, string> } = {}) =>
    t.get(path, { ...init, headers: { ...IDENTITY, ...init.headers } });

  beforeAll(async () => {
    const response = await get();
    expect(response.status).toBe(200);
    body = await response.text();
    etag = response.headers.get('etag')!;
  });

  it('is 200 with a weak ETag of the body bytes and Cache-Control: public, max-age=300', async () => {
    const digest = createHash('sha1').update(body).digest('base64url');
    expect(etag).toBe(`W/"${digest}"`);
    const again = await get();
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await again.text()).toBe(body);
    expectCors(again);
  });

  it.each([
    ['the exact tag', (tag: string) => tag],
    ['a list holding the tag', (tag: string) => `"something-else", ${tag}, "another"`],
    ['its opaque part without W/ (weak comparison)', (tag: string) => tag.slice(2)],
    ['a list without spaces', (tag: string) => `"x",${tag}`],
    ['*', () => '*'],
  ])('If-None-Match with %s is 304 with no body, ETag, Cache-Control and CORS', async (_, inm) => {
    const response = await get({ headers: { 'If-None-Match': inm(etag) } });
    expect(response.status).toBe(304);
    expect(await response.text()).toBe('');
    expect(response.headers.get('etag')).toBe(etag);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('content-length')).toBeNull();
    expectCors(response);
  });

  it("If-None-Match is evaluated whatever the request's Cache-Control says (fetch adds no-cache)", async () => {
    for (const directive of ['no-cache', 'max-age=0', 'no-store']) {
      const response = await get({
        headers: { 'If-None-Match': etag, 'Cache-Control': directive, Pragma: 'no-cache' },
      });
      expect(response.status).toBe(304);
    }
  });

  it('If-None-Match with another tag is 200 with the body', async () => {
    const response = await get({ headers: { 'If-None-Match': '"not-this-one", W/"nor-this"' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(body);
  });

  it('HEAD answers with the same headers as GET and no body', async () => {
    const full = await get();
    const head = await get({ method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const comparable = (response: Response) => {
      const headers = Object.fromEntries(response.headers);
      for (const volatile of ['date', 'x-request-id', 'ratelimit', 'connection', 'keep-alive']) {
        delete headers[volatile];
      }
      return headers;
    };
    expect(comparable(head)).toEqual(comparable(full));
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
  });
});

/** A GET over a bare HTTP request, so the path goes and the coded bytes come as they are. */
function rawGet(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const { hostname, port } = new URL(t.url);
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const request = httpRequest({ hostname, port, path, method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      request.on('error', reject).end();
    },
  );
}

const DECODE = { br: brotliDecompressSync, gzip: gunzipSync };

describe.each([
  ...GET_ENDPOINTS.filter((path) => path !== STUB_PAGE),
  '/ai-seo-courses',
  '/llms.txt',
])('content codings of %s', (path) => {
  let identity: { headers: IncomingHttpHeaders; body: Buffer };
  beforeAll(async () => {
    identity = await rawGet(path);
  });

  it('sends the body as it is without Accept-Encoding, and varies on it', () => {
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/Accept-Encoding/i);
  });

  it.each(['br', 'gzip'] as const)(
    '%s: decodes to the identity bytes, under the one weak ETag of the body',
    async (coding) => {
      const coded = await rawGet(path, { 'Accept-Encoding': `${coding}, identity;q=0.5` });
      expect(coded.status).toBe(200);
      expect(coded.headers['content-encoding']).toBe(coding);
      expect(coded.headers.vary).toMatch(/Accept-Encoding/i);
      expect(DECODE[coding](coded.body)).toEqual(identity.body);
      expect(coded.body.length).toBeLessThan(identity.body.length);
      expect(coded.headers.etag).toBe(identity.headers.etag);
      expect(coded.headers.etag).toMatch(/^W\//);
    },
  );

  it('If-None-Match holds for every coding: the weak tag stands for all of them', async () => {
    for (const coding of ['br', 'gzip', 'identity']) {
      const again = await rawGet(path, {
        'Accept-Encoding': coding,
        'If-None-Match': identity.headers.etag!,
      });
      expect(again.status).toBe(304);
      expect(again.headers.etag).toBe(identity.headers.etag);
      expect(again.body.length).toBe(0);
    }
  });

  it('HEAD answers as GET does, in the same coding, with no body', async () => {
    const get = await rawGet(path, { 'Accept-Encoding': 'br' });
    const head = await rawGet(path, { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  it('prefers br, honours q-values and a refused identity', async () => {
    expect(
      (await rawGet(path, { 'Accept-Encoding': 'gzip, br' })).headers['content-encoding'],
    ).toBe('br');
    expect(
      (await rawGet(path, { 'Accept-Encoding': 'br;q=0.1, gzip' })).headers['content-encoding'],
    ).toBe('gzip');
    expect(
      (await rawGet(path, { 'Accept-Encoding': 'zstd, compress' })).headers['content-encoding'],
    ).toBeUndefined();
    expect(
      (await rawGet(path, { 'Accept-Encoding': 'br;q=0, gzip;q=0' })).headers['content-encoding'],
    ).toBeUndefined();
  });
});

describe('content codings of the MCP endpoint', () => {
  it.each(['br', 'gzip'] as const)(
    'answers a JSON-RPC call in %s when the client accepts it',
    async (coding) => {
      const call = mcpCall('search_courses', {});
      const body = String(call.body);
      const coded = await new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>(
        (resolve, reject) => {
          const request = httpRequest(
            `${t.url}/mcp`,
            {
              method: 'POST',
              headers: {
                ...(call.headers as Record<string, string>),
                'Accept-Encoding': coding,
                'Content-Length': String(Buffer.byteLength(body)),
              },
            },
            (response) => {
              const chunks: Buffer[] = [];
              response.on('data', (chunk: Buffer) => chunks.push(chunk));
              response.on('end', () =>
                resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
              );
            },
          );
          request.on('error', reject).end(body);
        },
      );
      expect(coded.headers['content-encoding']).toBe(coding);
      const message = JSON.parse(DECODE[coding](coded.body).toString());
      expect(message.result.structuredContent.data.length).toBeGreaterThan(0);
      expect(coded.body.length).toBeLessThan(DECODE[coding](coded.body).length / 3);
    },
  );
});

describe('string results', () => {
  it('are sent as is, with the content type the handler set', async () => {
    const response = await t.get(STUB_PAGE);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await response.text()).toBe(STUB_MARKDOWN);
  });
});

describe('a changed dataset', () => {
  it('gets a new ETag once reloaded', async () => {
    const path = '/api/v1/courses/answer-engine-foundations';
    const before = (await t.get(path)).headers.get('etag');
    const file = join(dataDir, 'courses.json');
    const data = JSON.parse(readFileSync(file, 'utf8'));
    data.courses.find((c: { slug: string }) => c.slug === 'answer-engine-foundations').name =
      'Answer Engine Foundations, Second Edition';
    writeFileSync(file, JSON.stringify(data));
    expect(t.app.get(CatalogService).reload()).toBe(true);
    const after = await t.get(path);
    expect(after.headers.get('etag')).not.toBe(before);
    expect(((await after.json()) as any).data.name).toBe(
      'Answer Engine Foundations, Second Edition',
    );
    const stale = await t.get(path, { headers: { 'If-None-Match': before! } });
    expect(stale.status).toBe(200);
  });
});

describe('the response cache', () => {
  // Found while fuzzing: 2000 entries of 60 KB pages under 8 KB keys (URLs and `Accept` are the
  // client's to vary) held over 300 MB. Read through cache-manager's and Keyv's public APIs.
  const keyv = () => (t.app.get<Cache>(CACHE_MANAGER) as unknown as { stores: Keyv[] }).stores[0];
  const store = () => keyv().store as LRUCache<string, object>;

  it('keeps an answer an hour at most: search words are in URLs (docs/privacy.md#caches)', async () => {
    expect((await t.get('/api/v1/courses?q=hour')).status).toBe(200);
    const key = [...store().keys()].find((k) => k.includes('q=hour'))!;
    expect(store().getRemainingTTL(key)).toBeGreaterThan(0);
    expect(store().getRemainingTTL(key)).toBeLessThanOrEqual(60 * 60 * 1000);
  });

  it('never holds recommendation answers (docs/privacy.md#caches)', async () => {
    expect((await t.get(`/api/v1/recommendations?${ANSWERS}`)).status).toBe(200);
    expect((await t.get(`/ai-seo-courses/finder?${ANSWERS}`)).status).toBe(200);
    expect((await t.get(`/api/v1/recommendations/fit?${ANSWERS}`)).status).toBe(200);
    expect((await t.get(`/ai-seo-courses/answer-engine-foundations?${ANSWERS}`)).status).toBe(200);
    expect((await t.get('/api/v1/courses?level=beginner')).status).toBe(200);
    const keys = [...store().keys()];
    expect(keys.some((key) => key.includes('level=beginner'))).toBe(true);
    expect(
      keys.filter((key) =>
        /recommendations|ai-seo-courses\/finder|experience=|objective=/.test(key),
      ),
    ).toEqual([]);
  });

  it('answers a URL again from what it kept, without running the handler, in any coding', async () => {
    const url = `${COUNTED.path}?kept`;
    const before = COUNTED.calls;
    const first = await t.get(url, { headers: { 'Accept-Encoding': 'identity' } });
    const text = await first.text();
    for (const coding of ['br', 'gzip', 'identity']) {
      const again = await t.get(url, { headers: { 'Accept-Encoding': coding } });
      expect(await again.text()).toBe(text);
      expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    }
    // The same parameters in another order are the same URL.
    await t.get(`${COUNTED.path}?b=2&a=1`);
    await t.get(`${COUNTED.path}?a=1&b=2`);
    expect(COUNTED.calls - before).toBe(2);
  });

  it('holds at most its character budget, however many distinct pages are asked for', async () => {
    const pages = 400;
    for (let i = 0; i < pages; i += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, j) =>
          t
            .get('/ai-seo-courses', { headers: { Accept: `text/html, x/${i + j}` } })
            .then((r) => r.text()),
        ),
      );
    }
    // The list page is over 50,000 characters: 400 of them would be over 20 M.
    expect(store().size).toBeLessThan(pages);
    expect(store().calculatedSize).toBeLessThanOrEqual(RESPONSE_CACHE_CHARS);
    expect(store().calculatedSize).toBeGreaterThan(RESPONSE_CACHE_CHARS * 0.9);
  });
});

describe('errors', () => {
  it.each([
    ['404', '/api/v1/courses/no-such-course', 404, 'GET'],
    ['404 for an unknown path', '/nowhere', 404, 'GET'],
    ['422', '/api/v1/courses?level=expert', 422, 'GET'],
    ['405', '/api/v1/courses', 405, 'DELETE'],
  ])('%s carries Cache-Control: no-store, CORS and no ETag', async (_, path, status, method) => {
    const response = await t.get(path, { method });
    expect(response.status).toBe(status);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('etag')).toBeNull();
    expectCors(response);
    expectValid(errorBodySchema, await response.json());
  });
});

describe('one URL per answer', () => {
  const manual = (path: string, method = 'GET') => t.get(path, { method, redirect: 'manual' });

  it.each(['GET', 'HEAD'])(
    '%s with a trailing slash is 308 to the URL without it, with CORS',
    async (method) => {
      const response = await manual('/api/v1/courses/answer-engine-foundations/', method);
      expect(response.status).toBe(308);
      expect(response.headers.get('location')).toBe('/api/v1/courses/answer-engine-foundations');
      expectCors(response);
      const query = await manual('/api/v1/courses//?level=beginner&limit=2');
      expect(query.headers.get('location')).toBe('/api/v1/courses?level=beginner&limit=2');
    },
  );

  it('never redirects an OPTIONS, / or a path without a trailing slash', async () => {
    const preflight = await manual('/api/v1/courses/', 'OPTIONS');
    expect(preflight.status).toBe(204);
    for (const path of ['/', '/api/v1/courses', '/ai-seo-courses?q=a/']) {
      expect((await manual(path)).status).not.toBe(308);
    }
  });

  it('/api leads to /api/v1', async () => {
    for (const path of ['/api', '/api/', '/API']) {
      const response = await manual(path);
      expect([response.status, response.headers.get('location')]).toEqual([308, '/api/v1']);
    }
  });

  it('leads to a path of this origin when the request target names a host (absolute form)', async () => {
    for (const [target, location] of [
      ['http://evil.example/api/v1/courses/', '/api/v1/courses'],
      ['http://evil.example//evil.example/x/?a=1', '/evil.example/x?a=1'],
      ['http://evil.example/api', '/api/v1'],
    ]) {
      const response = await rawGet(target);
      expect([response.status, response.headers.location]).toEqual([308, location]);
    }
  });

  it('leads only to a path of this origin, whatever the path', async () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9._~%\\:@!$&'()*+,;=-]{0,12}$/);
    const path = fc
      .tuple(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 3 }))
      .map(([segments, slashes]) => `/${segments.join('/')}${'/'.repeat(slashes)}`);
    let redirected = 0;
    await fc.assert(
      fc.asyncProperty(path, async (sent) => {
        const response = await rawGet(sent);
        if (response.status !== 308) return;
        redirected++;
        const location = response.headers.location!;
        expect(location).toMatch(/^\/(?![/\\])/);
        expect(new URL(location, 'http://service.example').origin).toBe('http://service.example');
        expect(location.endsWith('/') && location !== '/').toBe(false);
      }),
      { numRuns: 150 },
    );
    // Every generated path ends in a slash: those that Express can read are redirected (about half
    // of them; a malformed escape is a 400), so the checks above ran on dozens of paths.
    expect(redirected).toBeGreaterThan(30);
  });
});

describe('preflight', () => {
  it('OPTIONS on the API is 204 allowing the conditional headers', async () => {
    const response = await t.get('/api/v1/courses', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://integrator.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'if-none-match',
      },
    });
    expect(response.status).toBe(204);
    expectCors(response);
    const allowed = response.headers.get('access-control-allow-headers')!.toLowerCase().split(',');
    expect(allowed).toEqual(expect.arrayContaining(['if-none-match', 'if-modified-since']));
    expect(response.headers.get('access-control-allow-methods')).toContain('GET');
  });

  it('OPTIONS on /mcp is 204 allowing POST and the MCP headers', async () => {
    const response = await t.get('/mcp', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://assistant.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,mcp-protocol-version',
      },
    });
    expect(response.status).toBe(204);
    expectCors(response);
    const allowed = response.headers.get('access-control-allow-headers')!.toLowerCase().split(',');
    expect(allowed).toEqual(
      expect.arrayContaining(['content-type', 'accept', 'mcp-session-id', 'mcp-protocol-version']),
    );
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
  });
});

describe('every response', () => {
  const requests: Array<[string, RequestInit]> = [
    ['/api/v1/courses', {}],
    ['/api/v1/courses?level=expert', {}],
    ['/nowhere', {}],
    ['/healthz', {}],
    ['/mcp', mcpCall('search_courses', {})],
  ];

  it.each(requests)('%s: nosniff, a request id, no X-Powered-By, no cookie', async (path, init) => {
    const response = await t.get(path, init);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('set-cookie')).toBeNull();
    expectCors(response);
  });

  it('echoes a sane X-Request-Id and replaces one that is not', async () => {
    const sane = await t.get('/api/v1/methodology', {
      headers: { 'X-Request-Id': 'trace-42.a_b:c' },
    });
    expect(sane.headers.get('x-request-id')).toBe('trace-42.a_b:c');
    for (const insane of ['has space', 'x'.repeat(200), 'quote"d']) {
      const response = await t.get('/api/v1/methodology', { headers: { 'X-Request-Id': insane } });
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('POST /mcp is not cacheable', async () => {
    const response = await t.get('/mcp', mcpCall('search_courses', {}));
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('etag')).toBeNull();
  });
});
