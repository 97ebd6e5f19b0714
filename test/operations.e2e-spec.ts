import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { errorBodySchema } from '../src/core/envelope.schema';
import { TELLTALE_ANSWERS } from './support/answers';
import { startApp } from '../src/bootstrap';
import { startTestApp, type TestApp } from './support/app';
import { EdgeStubsModule, logCapture, mcpCall } from './support/edge';
import { freePort } from './support/redis';
import { expectValid } from './support/schemas';

/** Probes, metrics and logs (docs/operations.md#probes, docs/privacy.md#logs). */

const ANSWERS = TELLTALE_ANSWERS;

describe('operations endpoints and logs', () => {
  let t: TestApp;
  const logs = logCapture();
  beforeAll(async () => {
    t = await startTestApp({
      logStream: logs.stream,
      env: { LOG_LEVEL: 'debug' },
      imports: [EdgeStubsModule],
    });
  });
  afterAll(() => t.close());

  it('/healthz and /readyz answer 200 and are never cached', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const response = await t.get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('etag')).toBeNull();
    }
  });

  it('logs of recommendations and MCP calls hold no answer value, and each request is one JSON line', async () => {
    const query = new URLSearchParams(ANSWERS).toString();
    expect((await t.get(`/api/v1/recommendations?${query}`)).status).toBe(200);
    expect((await t.get(`/API/V1/Recommendations/?${query}`)).status).toBe(200);
    expect((await t.get(`/api/v1/recommendations?${query}&experience=expert`)).status).toBe(422);
    await t.get(`/ai-seo-courses/finder?${query}`);
    expect((await t.get(`/api/v1/recommendations/fit?${query}`)).status).toBe(200);
    expect((await t.get(`/ai-seo-courses/answer-engine-foundations?${query}`)).status).toBe(200);
    const call = await t.get('/mcp', mcpCall('recommend_courses', ANSWERS));
    expect(call.status).toBe(200);

    const lines = logs.lines();
    for (const value of Object.values(ANSWERS)) {
      expect(lines.filter((line) => line.includes(value))).toEqual([]);
    }
    const requests = logs.entries().filter((entry) => entry.msg === 'request');
    const recommendation = requests.find((entry) => entry.route === '/api/v1/recommendations');
    expect(recommendation).toMatchObject({
      method: 'GET',
      url: '/api/v1/recommendations',
      status: 200,
      req_id: expect.any(String),
      duration_ms: expect.any(Number),
      level: 30,
      time: expect.any(String),
    });
    expect(requests.find((entry) => entry.route === '/api/v1/recommendations/fit')?.url).toBe(
      '/api/v1/recommendations/fit',
    );
    expect(requests.find((entry) => entry.route === '/mcp')).toMatchObject({
      method: 'POST',
      status: 200,
    });
  });

  it('logs the query string where it holds no answers', async () => {
    await t.get('/api/v1/courses?level=intermediate', { headers: { 'X-Request-Id': 'find-me-1' } });
    const entry = logs.entries().find((e) => e.req_id === 'find-me-1');
    expect(entry).toMatchObject({
      url: '/api/v1/courses?level=intermediate',
      route: '/api/v1/courses',
      status: 200,
    });
  });

  it('logs no search words nor a cursor (it fingerprints them), on the API, its counts and suggestions, and the list page alike', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 30, unit: 'grapheme' }).map((words) => `telltale ${words}`),
        fc.option(fc.string({ maxLength: 30 }).map((cursor) => `telltale${cursor}`)),
        fc.constantFrom(
          '/api/v1/courses',
          '/api/v1/facets',
          '/api/v1/suggestions',
          '/ai-seo-courses',
        ),
        async (words, cursor, path) => {
          const id = `search-${randomUUID()}`;
          const query = new URLSearchParams({ level: 'beginner', q: words, limit: '5' });
          if (cursor !== null) query.set('cursor', cursor);
          await t.get(`${path}?${query}`, { headers: { 'X-Request-Id': id } });
          const entry = logs.entries().find((e) => e.req_id === id);
          expect(entry?.url).toBe(
            `${path}?level=beginner&q=REDACTED&limit=5${cursor === null ? '' : '&cursor=REDACTED'}`,
          );
          expect(logs.lines().filter((line) => /telltale/.test(line))).toEqual([]);
        },
      ),
      { seed: 20261125, numRuns: 30 },
    );
  });

  it("logs a search's next page without its cursor", async () => {
    const first = await t.get('/api/v1/courses?q=seo&limit=1');
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')?.[1];
    const cursor = new URL(next!).searchParams.get('cursor')!;
    const id = `next-${randomUUID()}`;
    const response = await t.get(`/api/v1/courses?q=seo&limit=1&cursor=${cursor}`, {
      headers: { 'X-Request-Id': id },
    });
    expect(response.status).toBe(200);
    const entry = logs.entries().find((e) => e.req_id === id);
    expect(entry?.url).toBe('/api/v1/courses?q=REDACTED&limit=1&cursor=REDACTED');
    expect(logs.lines().filter((line) => line.includes(cursor))).toEqual([]);
  });

  it('/metrics, on the main port by default, counts requests by route template and status, with latency', async () => {
    await t.get('/api/v1/courses/answer-engine-foundations');
    await t.get('/api/v1/courses/no-such-course');
    expect(new URL(t.metricsUrl).port).toBe(new URL(t.url).port);
    const response = await fetch(t.metricsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('ratelimit')).toBeNull();
    const text = await response.text();
    expect(text).toMatch(
      /^http_requests_total\{method="GET",route="\/api\/v1\/courses\/:slug",status="200"\} 1$/m,
    );
    expect(text).toMatch(
      /^http_requests_total\{method="GET",route="\/api\/v1\/courses\/:slug",status="404"\} 1$/m,
    );
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/v1\/courses\/:slug"\} 2$/m,
    );
    expect(text).toMatch(/^rate_limit_rejections_total 0$/m);
    expect(text).toMatch(/^rate_limit_store\{store="memory"\} 1$/m);
    // No raw path or answer value becomes a label.
    expect(text).not.toContain('answer-engine-foundations');
    for (const value of Object.values(ANSWERS)) expect(text).not.toContain(value);
  });
});

describe('METRICS_PORT', () => {
  let apart: TestApp;
  beforeAll(async () => {
    apart = await startTestApp({ env: { METRICS_PORT: '0' } });
  });
  afterAll(() => apart.close());

  it("moves /metrics to its own port: the main port answers 404 in the contract's error shape", async () => {
    expect(new URL(apart.metricsUrl).port).not.toBe(new URL(apart.url).port);
    expect((await fetch(apart.metricsUrl)).status).toBe(200);
    for (const path of ['/metrics', '/metrics/', '/METRICS']) {
      const response = await apart.get(path);
      expect(response.status).toBe(404);
      const body: any = await response.json();
      expectValid(errorBodySchema, body);
      expect(body.error.code).toBe('not_found');
    }
  });

  it('the metrics port serves /metrics alone, GET or HEAD', async () => {
    const base = new URL(apart.metricsUrl).origin;
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/api/v1/courses`)).status).toBe(404);
    expect((await fetch(apart.metricsUrl, { method: 'POST' })).status).toBe(405);
    const head = await fetch(apart.metricsUrl, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('closes with the app', async () => {
    const app = await startTestApp({ env: { METRICS_PORT: '0' } });
    expect((await fetch(app.metricsUrl)).status).toBe(200);
    await app.close();
    await expect(fetch(app.metricsUrl)).rejects.toThrow();
  });

  it('stops the start, naming METRICS_PORT, when its port is taken', async () => {
    const taken = new URL(apart.metricsUrl).port;
    await expect(startTestApp({ env: { METRICS_PORT: taken } })).rejects.toThrow(
      new RegExp(`^METRICS_PORT ${taken}: .*EADDRINUSE`),
    );
  });
});

describe('two instances started with only PORT set', () => {
  it('both answer, each with /metrics on its own port: no second port is bound', async () => {
    const [one, two] = [await freePort(), await freePort()];
    const first = await startApp({ logger: false, env: { PORT: String(one), HOST: '127.0.0.1' } });
    try {
      const second = await startApp({
        logger: false,
        env: { PORT: String(two), HOST: '127.0.0.1' },
      });
      try {
        for (const port of [one, two]) {
          expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
          expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
        }
      } finally {
        await second.app.close();
      }
    } finally {
      await first.app.close();
    }
  });
});
