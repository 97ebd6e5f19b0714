import { startTestApp, type TestApp } from './support/app';
import { mcpCall } from './support/edge';

/**
 * The security headers of each kind of response (SECURITY.md#security-headers, docs/hardening.md):
 * pages get a Content Security Policy of their own files and the browser isolation headers; the
 * API, MCP, errors and assets the minimal set of an API; a 304 the same set as its 200. HSTS only
 * when PUBLIC_URL is https.
 */

const HTML = { headers: { Accept: 'text/html' } };
const SLUG = 'answer-engine-foundations';

/** The security headers, by lower-case name, absent ones left out. */
function securityHeaders(response: Response): Record<string, string> {
  const names = [
    'content-security-policy',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
    'permissions-policy',
    'referrer-policy',
    'strict-transport-security',
    'x-content-type-options',
    'x-frame-options',
    'access-control-allow-origin',
  ];
  return Object.fromEntries(
    names.flatMap((name) => {
      const value = response.headers.get(name);
      return value === null ? [] : [[name, value]];
    }),
  );
}

/** The directives of a Content Security Policy, by name. */
function directives(policy: string): Record<string, string> {
  return Object.fromEntries(
    policy.split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name, sources.join(' ')];
    }),
  );
}

const API_SET = {
  'access-control-allow-origin': '*',
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'cross-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

describe('security headers over http', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['home', '/', 200],
    ['list', '/ai-seo-courses', 200],
    ['course', `/ai-seo-courses/${SLUG}`, 200],
    ['finder', '/ai-seo-courses/finder', 200],
    ['methodology', '/ai-seo-courses/methodology', 200],
    ['a missing course', '/ai-seo-courses/no-such-course', 404],
    ['an unknown path', '/no/such/page', 404],
  ])(
    'a page, %s (%d): its own files only, no framing, isolated, no powerful features',
    async (_, path, status) => {
      const response = await t.get(path, HTML);
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const headers = securityHeaders(response);
      expect(directives(headers['content-security-policy'])).toEqual({
        'default-src': "'self'",
        'script-src': "'self'",
        'style-src': "'self'",
        'img-src': "'self'",
        'font-src': "'self'",
        'connect-src': "'self'",
        'object-src': "'none'",
        'base-uri': "'self'",
        'form-action': "'self'",
        'frame-ancestors': "'none'",
      });
      expect(headers).toMatchObject({
        'access-control-allow-origin': '*',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
      });
      const permissions = headers['permissions-policy'].split(', ');
      expect(permissions).toEqual(
        expect.arrayContaining(['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']),
      );
      expect(headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('a page route’s Markdown and JSON variants get the page’s set too, CORS still open', async () => {
    const page = securityHeaders(await t.get('/', HTML));
    for (const [path, accept] of [
      ['/', 'application/json'],
      [`/ai-seo-courses/${SLUG}`, 'text/markdown'],
    ]) {
      const response = await t.get(path, { headers: { Accept: accept } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain(accept);
      expect(securityHeaders(response)).toEqual(page);
    }
  });

  it('HEAD of a page and of an API answer: the same set as GET', async () => {
    for (const [path, init] of [
      ['/ai-seo-courses', HTML],
      ['/api/v1/courses', {}],
    ] as const) {
      const get = await t.get(path, init);
      const head = await t.get(path, { ...init, method: 'HEAD' });
      expect([head.status, get.status]).toEqual([200, 200]);
      expect(securityHeaders(head)).toEqual(securityHeaders(get));
    }
  });

  it('Swagger UI: its own policy, which allows its inline styles, data: images and calls to PUBLIC_URL', async () => {
    const response = await t.get('/api/v1/docs');
    expect(response.status).toBe(200);
    const policy = directives(securityHeaders(response)['content-security-policy']);
    expect(policy['script-src']).toBe("'self'");
    expect(policy['style-src']).toBe("'self' 'unsafe-inline'");
    expect(policy['img-src']).toBe("'self' data:");
    expect(policy['connect-src']).toBe("'self' http://localhost:3000");
    expect(policy['frame-ancestors']).toBe("'none'");
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it.each([
    ['a list', '/api/v1/courses', 200],
    ['a course', `/api/v1/courses/${SLUG}`, 200],
    ['the OpenAPI document', '/api/v1/openapi.json', 200],
    ['a 404', '/api/v1/courses/no-such-course', 404],
    ['a 422', '/api/v1/courses?level=expert', 422],
    ['an unknown API path', '/api/v1/nowhere', 404],
    ['the stylesheet', '/assets/site.css', 200],
    ['a probe', '/healthz', 200],
  ])(
    '%s, asked for by a browser, is not a page: the minimal set and open CORS',
    async (_, path, status) => {
      const response = await t.get(path, HTML);
      expect(response.status).toBe(status);
      expect(securityHeaders(response)).toEqual(API_SET);
    },
  );

  it('MCP: the minimal set, answers and errors alike', async () => {
    const answer = await t.get('/mcp', mcpCall('search_courses', {}));
    expect(answer.status).toBe(200);
    expect(securityHeaders(answer)).toEqual(API_SET);
    const refused = await t.get('/mcp', { method: 'PUT' });
    expect(refused.status).toBe(405);
    expect(securityHeaders(refused)).toEqual(API_SET);
  });

  it.each([
    ['a page', `/ai-seo-courses/${SLUG}`, HTML.headers],
    ['Swagger UI', '/api/v1/docs', HTML.headers],
    ['an API answer', `/api/v1/courses/${SLUG}`, {}],
  ])('a 304 of %s carries the same set as its 200', async (_, path, headers) => {
    const first = await t.get(path, { headers });
    expect(first.status).toBe(200);
    const again = await t.get(path, {
      headers: { ...headers, 'If-None-Match': first.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    expect(securityHeaders(again)).toEqual(securityHeaders(first));
  });
});

describe('security headers when PUBLIC_URL is https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLIC_URL: 'https://courses.example' } });
  });
  afterAll(() => t.close());

  it.each([
    ['a page', '/', HTML, 200],
    ['an API answer', '/api/v1/courses', {}, 200],
    ['an error', '/api/v1/courses/no-such-course', {}, 404],
    ['MCP', '/mcp', mcpCall('search_courses', {}), 200],
  ])(
    '%s tells browsers to come back over https only, for a year, to this host (HSTS)',
    async (_, path, init, status) => {
      const response = await t.get(path, init);
      expect(response.status).toBe(status);
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000');
    },
  );
});
