import { Controller, Get, Module } from '@nestjs/common';
import { SkipThrottle, Throttle } from '@nestjs/throttler';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { CatalogService } from '../src/catalog/catalog.service';
import { AssistantsService } from '../src/edge/assistants.service';
import { errorBodySchema } from '../src/core/envelope.schema';
import { startTestApp, type TestApp } from './support/app';
import { onShippedDay, TestClock } from './support/clock';
import { dataWithTestAssistant, EdgeStubsModule, eventually, mcpCall } from './support/edge';
import { rawRequest } from './support/raw-http';
import { expectValid } from './support/schemas';

/**
 * Rate limits (docs/api.md#rate-limits), counted in-process (the Redis suite covers the shared
 * store).
 */

const LIMIT = 7;
/** Site pages: not counted. */
const SITE_PAGES = ['/ai-seo-courses', '/llms.txt'];

describe('one client IP', () => {
  let t: TestApp;
  const clock = new TestClock(onShippedDay('10:00:00'));
  beforeAll(async () => {
    t = await startTestApp({
      env: { RATE_LIMIT_PER_IP: String(LIMIT) },
      imports: [EdgeStubsModule],
      clock,
    });
  });
  afterAll(() => t.close());

  it('gets exactly RATE_LIMIT_PER_IP requests across REST and /mcp, then 429 with Retry-After', async () => {
    // Operations paths and site pages in between are not counted.
    for (let i = 0; i < 3; i++) {
      for (const path of ['/healthz', '/readyz', ...SITE_PAGES]) {
        const response = await t.get(path);
        expect(response.status).toBe(200);
        expect(response.headers.get('ratelimit')).toBeNull();
      }
    }
    const send = (i: number) =>
      i % 2 === 0
        ? t.get('/api/v1/courses?level=beginner')
        : t.get('/mcp', mcpCall('search_courses', { level: 'beginner' }, i));
    const responses = [await send(0), await send(1)];
    // The window opened with the first counted request: 15 s later, 45 s of it are left.
    clock.current = new Date(clock.current.getTime() + 15_000);
    responses.push(
      ...(await Promise.all(Array.from({ length: LIMIT + 1 }, (_, i) => send(i + 2)))),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);

    const rejected = responses.find((r) => r.status === 429)!;
    const body = await rejected.json();
    expectValid(errorBodySchema, body);
    expect((body as any).error.code).toBe('rate_limited');
    const retryAfter = Number(rejected.headers.get('retry-after'));
    expect(retryAfter).toBe(45);
    expect(rejected.headers.get('access-control-allow-origin')).toBe('*');
    expect(rejected.headers.get('cache-control')).toBe('no-store');
    expect(rejected.headers.get('ratelimit-policy')).toBe(`"default";q=${LIMIT};w=60`);
    expect(rejected.headers.get('ratelimit')).toBe(`"default";r=0;t=${retryAfter}`);

    const admitted = responses.filter((r) => r.status === 200);
    const remaining = admitted
      .map((r) => Number(/r=(\d+)/.exec(r.headers.get('ratelimit')!)![1]))
      .sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: LIMIT }, (_, i) => i));
    for (const r of admitted)
      expect(r.headers.get('ratelimit-policy')).toBe(`"default";q=${LIMIT};w=60`);

    // Still not counted, still answered, once the client is limited.
    expect((await t.get('/healthz')).status).toBe(200);
    for (const path of SITE_PAGES) expect((await t.get(path)).status).toBe(200);
    expect((await t.get('/api/v1/methodology')).status).toBe(429);
  });

  it('shares one bucket between REST and MCP: the 429 lands on whichever request crosses it', async () => {
    const shared = await startTestApp({ env: { RATE_LIMIT_PER_IP: '4' } });
    try {
      const tool = () => shared.get('/mcp', mcpCall('get_methodology', {}));
      expect((await shared.get('/api/v1/methodology')).status).toBe(200);
      expect((await tool()).status).toBe(200);
      expect((await shared.get('/api/v1/finder/questions')).status).toBe(200);
      const fourth = await tool();
      expect(fourth.status).toBe(200);
      const body: any = await fourth.json();
      expect(body.result.structuredContent.data.match_threshold).toBe(55);
      const crossing = await tool();
      expect(crossing.status).toBe(429);
      expect(await crossing.json()).toMatchObject({ error: { code: 'rate_limited' } });
      expect((await shared.get('/api/v1/methodology')).status).toBe(429);
    } finally {
      await shared.close();
    }
  });

  it('counts each tool call of a JSON-RPC batch, which revisions before 2025-06-18 allow', async () => {
    const batched = await startTestApp({ env: { RATE_LIMIT_PER_IP: '4' } });
    try {
      const batch = (size: number) => ({
        method: 'POST',
        // No version header: the server takes the client for 2025-03-26, which batches.
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify(
          Array.from({ length: size }, (_, id) => ({
            jsonrpc: '2.0',
            id,
            method: 'tools/call',
            params: { name: 'get_methodology', arguments: {} },
          })),
        ),
      });
      const three = await batched.get('/mcp', batch(3));
      expect(three.status).toBe(200);
      expect(((await three.json()) as unknown[]).length).toBe(3);
      expect(three.headers.get('ratelimit')).toMatch(/^"default";r=1;/);
      const refused = await batched.get('/mcp', batch(3));
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
    } finally {
      await batched.close();
    }
  });

  it('counts 429s in /metrics', async () => {
    const text = await (await fetch(t.metricsUrl)).text();
    expect(Number(/^rate_limit_rejections_total (\d+)/m.exec(text)![1])).toBeGreaterThanOrEqual(4);
    expect(text).toMatch(/^rate_limit_store\{store="memory"\} 1$/m);
  });
});

/** Routes with the throttler's own decorators, which the guard hands to the library (no body). */
@Controller('api/v1/test-throttle')
class DecoratedRoutesController {
  @Get('strict')
  @Throttle({ default: { limit: 2, ttl: 60_000 } })
  strict(): void {}

  @Get('free')
  @SkipThrottle()
  free(): void {}
}

@Module({ controllers: [DecoratedRoutesController] })
class DecoratedRoutesModule {}

describe('routes with throttler decorators', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: { RATE_LIMIT_PER_IP: '100' },
      imports: [DecoratedRoutesModule],
    });
  });
  afterAll(() => t.close());

  it('keep their meaning: @Throttle sets the limit, @SkipThrottle is not counted', async () => {
    // Plain fetch: these stubs are not part of the OpenAPI document `t.get` holds responses to.
    const stub = (name: string) => fetch(`${t.url}/api/v1/test-throttle/${name}`);
    for (let i = 0; i < 3; i++) {
      const free = await stub('free');
      expect(free.status).toBe(200);
      expect(free.headers.get('ratelimit')).toBeNull();
    }
    const strict = [];
    for (let i = 0; i < 3; i++) strict.push(await stub('strict'));
    expect(strict.map((r) => r.status)).toEqual([200, 200, 429]);
    expect(strict[0].headers.get('ratelimit-policy')).toBe('"default";q=2;w=60');
    // The same client bucket as every other route.
    expect((await t.get('/api/v1/methodology')).headers.get('ratelimit')).toMatch(
      /^"default";r=96;/,
    );
  });
});

describe('AI assistants', () => {
  let ranges: Server;
  let rangesUrl: string;
  let failing = false;
  let t: TestApp;
  const UA = 'Mozilla/5.0 (compatible; TestBot-User/1.0; +https://assistant.example/bot)';
  const as = (ip: string, path = '/api/v1/methodology', ua = UA) =>
    t.get(path, { headers: { 'User-Agent': ua, 'X-Forwarded-For': ip } });
  const policy = (r: Response) => r.headers.get('ratelimit-policy');

  beforeAll(async () => {
    ranges = createServer((request, response) => {
      if (failing) return void response.writeHead(503).end();
      response.setHeader('Content-Type', 'application/json');
      if (request.url === '/openai-style.json') {
        response.end(
          JSON.stringify({
            creationTime: 'x',
            prefixes: [{ ipv4Prefix: '198.51.100.0/24' }, { ipv6Prefix: '2001:db8:1::/48' }],
          }),
        );
      } else response.end(JSON.stringify(['192.0.2.0/25']));
    });
    await new Promise<void>((resolve) => ranges.listen(0, '127.0.0.1', resolve));
    rangesUrl = `http://127.0.0.1:${(ranges.address() as AddressInfo).port}`;
    const dir = dataWithTestAssistant(
      [`${rangesUrl}/openai-style.json`, `${rangesUrl}/plain.json`],
      ['203.0.113.64/26'],
    );
    t = await startTestApp({
      env: {
        DATA_DIR: dir,
        ASSISTANT_RANGES: 'fetch',
        TRUST_PROXY: 'loopback',
        RATE_LIMIT_PER_IP: '3',
        RATE_LIMIT_PER_ASSISTANT: '5',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    ranges.close();
    ranges.closeAllConnections();
  });

  it('a claim from outside the ranges gets the per-IP limit and does not touch the assistant bucket', async () => {
    const spoofed = await Promise.all([1, 2, 3, 4].map(() => as('203.0.113.7')));
    expect(spoofed.map(policy)).toEqual(Array(4).fill('"default";q=3;w=60'));
    expect(spoofed.map((r) => r.status).sort()).toEqual([200, 200, 200, 429]);
  });

  it('from inside the published ranges, the assistant limit shared by all its IPs', async () => {
    // Two ranges from the OpenAI-style file, one from the plain list, one static CIDR.
    const ips = [
      '198.51.100.1',
      '198.51.100.200',
      '2001:db8:1::5',
      '192.0.2.9',
      '203.0.113.70',
      '198.51.100.3',
    ];
    const responses = [];
    // User agent tokens match in any case.
    for (const [i, ip] of ips.entries())
      responses.push(await as(ip, undefined, i % 2 ? UA.toLowerCase() : UA.toUpperCase()));
    expect(responses.map(policy)).toEqual(Array(6).fill('"default";q=5;w=60'));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(responses.map((r) => r.headers.get('ratelimit')!.split(';')[1])).toEqual([
      'r=4',
      'r=3',
      'r=2',
      'r=1',
      'r=0',
      'r=0',
    ]);
  });

  it('from the same ranges without its token, still the assistant (its bucket is spent)', async () => {
    for (const ua of ['curl/8', '']) {
      const response = await as('198.51.100.77', '/api/v1/methodology', ua);
      expect(policy(response)).toBe('"default";q=5;w=60');
      expect(response.status).toBe(429);
    }
  });

  it('from the same ranges naming another assistant, an ordinary client', async () => {
    const response = await as('198.51.100.78', '/api/v1/methodology', 'OtherBot-User/2.0');
    expect(policy(response)).toBe('"default";q=3;w=60');
    expect(response.status).toBe(200);
  });

  it('a failed range refresh keeps the last good ranges', async () => {
    failing = true;
    await t.app.get(AssistantsService).refresh();
    const response = await as('198.51.100.9');
    expect(policy(response)).toBe('"default";q=5;w=60');
    const plain = await as('192.0.2.10');
    expect(policy(plain)).toBe('"default";q=5;w=60');
  });
});

describe('AI assistants after a data change that adds a range file', () => {
  it('are verified by the new file even when the change lands while a refresh is under way', async () => {
    const asked = new Map<string, number>();
    let hold: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (hold = resolve));
    let holding = false;
    const ranges = createServer((request, response) => {
      asked.set(request.url!, (asked.get(request.url!) ?? 0) + 1);
      response.setHeader('Content-Type', 'application/json');
      const body = JSON.stringify([
        request.url === '/new.json' ? '198.51.100.0/24' : '192.0.2.0/25',
      ]);
      if (request.url === '/old.json' && holding) void held.then(() => response.end(body));
      else response.end(body);
    });
    await new Promise<void>((resolve) => ranges.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(ranges.address() as AddressInfo).port}`;
    const dir = dataWithTestAssistant([`${base}/old.json`]);
    const t = await startTestApp({
      env: { DATA_DIR: dir, ASSISTANT_RANGES: 'fetch' },
    });
    try {
      const assistants = t.app.get(AssistantsService);
      await assistants.refresh();
      // A refresh (the timer's, say) waits on the old file while the data gains a new one.
      holding = true;
      const before = asked.get('/old.json')!;
      const underWay = assistants.refresh();
      await eventually(async () => asked.get('/old.json') === before + 1);
      const file = join(dir, 'assistants.json');
      const data = JSON.parse(readFileSync(file, 'utf8'));
      data.assistants[0].range_urls.push(`${base}/new.json`);
      writeFileSync(file, JSON.stringify(data));
      expect(t.app.get(CatalogService).reload()).toBe(true);
      // The first request of the new version asks for a refresh, as does this call.
      expect(assistants.identify('TestBot-User/1.0', '198.51.100.9')).toBeUndefined();
      const after = assistants.refresh();
      hold!();
      await underWay;
      await after;
      expect(asked.get('/new.json')).toBe(1);
      expect(assistants.identify('TestBot-User/1.0', '198.51.100.9')).toBe('testbot');
    } finally {
      hold!();
      await t.close();
      ranges.close();
      ranges.closeAllConnections();
    }
  });
});

/**
 * Client IPs that cannot be faked (docs/operations.md#client-ips-trust_proxy): the address counted
 * and verified is the socket's unless TRUST_PROXY trusts the peer that sent `X-Forwarded-For`. The
 * test client is 127.0.0.1; the only assistant's range is 198.51.100.0/24.
 */
describe('ASSISTANT_RANGES=static', () => {
  it('fetches no range file, and the static CIDRs alone verify an assistant', async () => {
    const asked: string[] = [];
    const ranges = createServer((request, response) => {
      asked.push(request.url!);
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify(['192.0.2.0/25']));
    });
    await new Promise<void>((resolve) => ranges.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(ranges.address() as AddressInfo).port}/plain.json`;
    const t = await startTestApp({
      env: {
        DATA_DIR: dataWithTestAssistant([url], ['203.0.113.64/26']),
        ASSISTANT_RANGES: 'static',
        TRUST_PROXY: 'loopback',
        RATE_LIMIT_PER_IP: '3',
        RATE_LIMIT_PER_ASSISTANT: '5',
      },
    });
    try {
      const as = (ip: string) =>
        t.get('/api/v1/methodology', {
          headers: { 'User-Agent': 'TestBot-User/1.0', 'X-Forwarded-For': ip },
        });
      expect((await as('203.0.113.70')).headers.get('ratelimit-policy')).toBe('"default";q=5;w=60');
      // In the range file, which is not read: an ordinary client.
      expect((await as('192.0.2.9')).headers.get('ratelimit-policy')).toBe('"default";q=3;w=60');
      await t.app.get(AssistantsService).refresh();
      expect(asked).toEqual([]);
    } finally {
      await t.close();
      ranges.close();
    }
  });
});

describe("Claude's tool calls, by the outbound range of data/assistants.json", () => {
  it('get the assistant limit from 160.79.106.1, with its user agent and without one', async () => {
    const t = await startTestApp({
      env: {
        ASSISTANT_RANGES: 'static',
        TRUST_PROXY: 'loopback',
        RATE_LIMIT_PER_IP: '3',
        RATE_LIMIT_PER_ASSISTANT: '5',
      },
    });
    try {
      const call = (headers: Record<string, string>) =>
        t.get('/mcp', {
          ...mcpCall('search_courses', { level: 'beginner' }),
          headers: { ...mcpCall('search_courses', {}).headers, ...headers },
        });
      const policies = [];
      for (const ua of ['Claude-User/1.0 (+Claude-User@anthropic.com)', '']) {
        const response = await call({ 'X-Forwarded-For': '160.79.106.1', 'User-Agent': ua });
        expect(response.status).toBe(200);
        policies.push(response.headers.get('ratelimit-policy'));
      }
      // And with no User-Agent header at all, which fetch would add.
      const { body, headers } = mcpCall('search_courses', {});
      const lines = Object.entries({
        ...(headers as Record<string, string>),
        Host: new URL(t.url).host,
        'X-Forwarded-For': '160.79.106.1',
        'Content-Length': String(Buffer.byteLength(body as string)),
        Connection: 'close',
      }).map(([name, value]) => `${name}: ${value}\r\n`);
      const bare = await rawRequest(t.url, `POST /mcp HTTP/1.1\r\n${lines.join('')}\r\n${body}`);
      expect(bare.status).toBe(200);
      policies.push(bare.headers['ratelimit-policy']);
      // One bucket for both, and not the per-IP one; ChatGPT's token from Claude's range is not.
      const chatgpt = await call({
        'X-Forwarded-For': '160.79.106.1',
        'User-Agent': 'ChatGPT-User/1.0',
      });
      const outside = await call({
        'X-Forwarded-For': '160.79.112.1',
        'User-Agent': 'Claude-User',
      });
      expect(policies).toEqual(Array(3).fill('"default";q=5;w=60'));
      expect(chatgpt.headers.get('ratelimit-policy')).toBe('"default";q=3;w=60');
      expect(outside.headers.get('ratelimit-policy')).toBe('"default";q=3;w=60');
    } finally {
      await t.close();
    }
  });
});

describe('X-Forwarded-For and TRUST_PROXY', () => {
  const UA = 'TestBot-User/1.0';
  const remaining = (r: Response) => Number(/r=(\d+)/.exec(r.headers.get('ratelimit')!)![1]);
  const policy = (r: Response) => r.headers.get('ratelimit-policy');

  async function withApp(trustProxy: string | undefined, run: (t: TestApp) => Promise<void>) {
    const t = await startTestApp({
      env: {
        DATA_DIR: dataWithTestAssistant([], ['198.51.100.0/24']),
        RATE_LIMIT_PER_IP: '3',
        RATE_LIMIT_PER_ASSISTANT: '50',
        ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }),
      },
    });
    try {
      await run(t);
    } finally {
      await t.close();
    }
  }
  const from = (t: TestApp, forwarded: string, userAgent = 'curl/8') =>
    t.get('/api/v1/methodology', {
      headers: { 'X-Forwarded-For': forwarded, 'User-Agent': userAgent },
    });

  it.each([
    ['unset', undefined],
    ['a CIDR that does not hold the client', '10.0.0.0/8'],
  ])(
    'TRUST_PROXY %s: a forged X-Forwarded-For is ignored; the socket address is counted and verified',
    (_, trustProxy) =>
      withApp(trustProxy, async (t) => {
        // Another claimed address each time, one bucket: the socket's.
        const forged = [];
        for (const i of [1, 2, 3, 4]) forged.push(await from(t, `203.0.113.${i}`));
        expect(forged.map((r) => r.status)).toEqual([200, 200, 200, 429]);
        expect(forged.map(remaining)).toEqual([2, 1, 0, 0]);
        // The assistant's user agent with an address forged inside its range is not verified:
        // it is the same ordinary client, already limited.
        const claim = await from(t, '198.51.100.7', UA);
        expect(policy(claim)).toBe('"default";q=3;w=60');
        expect(claim.status).toBe(429);
      }),
  );

  it.each([
    ['loopback', 'loopback'],
    ['1 (one hop)', '1'],
  ])('TRUST_PROXY %s: the address the trusted proxy forwards is the client', (_, trustProxy) =>
    withApp(trustProxy, async (t) => {
      // Each forwarded address is a client of its own.
      for (const i of [1, 2, 3, 4]) {
        const response = await from(t, `203.0.113.${i}`);
        expect([response.status, remaining(response)]).toEqual([200, 2]);
      }
      const verified = await from(t, '198.51.100.7', UA);
      expect(policy(verified)).toBe('"default";q=50;w=60');
      expect(remaining(verified)).toBe(49);
      // What the client wrote before the proxy appended its address is not believed.
      const chained = await from(t, '198.51.100.7, 203.0.113.1', UA);
      expect(policy(chained)).toBe('"default";q=3;w=60');
      expect(remaining(chained)).toBe(1);
    }),
  );
});
