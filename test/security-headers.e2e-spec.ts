import { startTestApp, type TestApp } from './support/app';
import { mcpCall } from './support/edge';

/**
 * The security headers of each kind of response (issue 22, docs/hardening.md): pages get a
 * Content Security Policy of their own files and the browser isolation headers; the API, MCP,
 * errors and assets the minimal set of an API; a 304 the same set as its 200. HSTS only when
 * PUBLIC_URL is https.
 */

const HTML = { headers: { Accept: 'text/html' } };
const SLUG = 'answer-engine-foundations';

/** The headers this issue is about, by lower-case name, absent ones left out. */
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
    ['home', '/'],
    ['list', '/ai-seo-courses'],
    ['course', `/ai-seo-courses/${SLUG}`],
    ['finder', '/ai-seo-courses/finder'],
    ['methodology', '/ai-seo-courses/methodology'],
    ['a missing course (HTML 404)', '/ai-seo-courses/no-such-course'],
    ['an unknown path (HTML 404)', '/no/such/page'],
  ])(
    'a page, %s: its own files only, no framing, isolated, no powerful features',
    async (_, path) => {
      const response = await t.get(path, HTML);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const headers = securityHeaders(response);
      expect(directives(headers['content-security-policy'])).toEqual({
        'default-src': "'self'",
        'script-src': "'self'",
        'style-src': "'self'",
        'img-src': "'self' data:",
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

  it('Swagger UI: its own policy, which allows its inline styles and calls to PUBLIC_URL', async () => {
    const response = await t.get('/api/v1/docs');
    const policy = directives(securityHeaders(response)['content-security-policy']);
    expect(policy['script-src']).toBe("'self'");
    expect(policy['style-src']).toBe("'self' 'unsafe-inline'");
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
    ['an unknown API path, asked for HTML', '/api/v1/nowhere', 404],
    ['the stylesheet', '/assets/site.css', 200],
    ['a probe', '/healthz', 200],
  ])('%s, not a page: the minimal set and open CORS', async (_, path, status) => {
    const response = await t.get(path, HTML);
    expect(response.status).toBe(status);
    expect(securityHeaders(response)).toEqual(API_SET);
  });

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
    ['an API answer', `/api/v1/courses/${SLUG}`, {}],
  ])('a 304 of %s carries the same set as its 200', async (_, path, headers) => {
    const first = await t.get(path, { headers });
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
    ['a page', '/', HTML],
    ['an API answer', '/api/v1/courses', {}],
    ['an error', '/api/v1/courses/no-such-course', {}],
    ['MCP', '/mcp', mcpCall('search_courses', {})],
  ])('%s tells browsers to come back over https only (HSTS)', async (_, path, init) => {
    const response = await t.get(path, init);
    expect(response.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });
});
