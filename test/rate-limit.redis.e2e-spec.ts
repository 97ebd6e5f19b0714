import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from './support/app';
import { RedisConnection } from '../src/edge/redis.connection';
import { dataWithTestAssistant, eventually, logCapture } from './support/edge';
import { DisposableRedis, freePort } from './support/redis';
import { describeWithRedis } from './support/requirements';

/**
 * Rate limits and assistant ranges shared by replicas through Redis
 * (docs/api.md#shared-across-replicas).
 */

const LIMIT = 50;
const PATH = '/api/v1/finder/questions';
const remaining = (r: Response) => Number(/r=(\d+)/.exec(r.headers.get('ratelimit') ?? '')?.[1]);
const countingIn = async (t: TestApp) =>
  /^rate_limit_store\{store="redis"\} 1$/m.test(await (await fetch(t.metricsUrl)).text())
    ? 'redis'
    : 'memory';

/**
 * Resolves once every app counts in Redis. A replica starts without waiting for Redis, and on a busy
 * machine its first connection can take longer than the start waits for it.
 */
const allInRedis = (apps: TestApp[]) =>
  eventually(async () => (await Promise.all(apps.map(countingIn))).every((s) => s === 'redis'));

async function burst(apps: TestApp[], total: number): Promise<number[]> {
  const responses = await Promise.all(
    Array.from({ length: total }, (_, i) => apps[i % apps.length].get(PATH)),
  );
  return responses.map((r) => r.status);
}

function replicas(redisUrl: string, extra: Record<string, string> = {}) {
  const env = {
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `test:${randomUUID()}:`,
    RATE_LIMIT_PER_IP: String(LIMIT),
    ...extra,
  };
  return Promise.all([startTestApp({ env }), startTestApp({ env })]);
}

describeWithRedis('two replicas sharing one Redis', () => {
  let apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.map((t) => t.close()));
    apps = [];
  });

  it('admit exactly the limit between them when hit at once', async () => {
    apps = await replicas(process.env.REDIS_URL!);
    await allInRedis(apps);
    const statuses = await burst(apps, 200);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - LIMIT);
  });

  it('keep answering when Redis stops, count in-process, and use Redis again when it returns', async () => {
    const redis = new DisposableRedis(await freePort());
    await redis.start();
    try {
      apps = await replicas(redis.url);
      const b = apps[1];
      await allInRedis(apps);
      await burst(apps, 20);
      expect(remaining(await b.get(PATH))).toBe(LIMIT - 21);

      await redis.stop();
      for (const t of apps) {
        // Still answered, counted afresh in this process.
        const response = await t.get(PATH);
        expect(response.status).toBe(200);
        expect(remaining(response)).toBe(LIMIT - 1);
        const next = await t.get(PATH);
        expect(remaining(next)).toBe(LIMIT - 2);
        expect(await countingIn(t)).toBe('memory');
      }

      await redis.start();
      await allInRedis(apps);
      // The restarted Redis is empty: one shared window again.
      const statuses = await burst(apps, 80);
      expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    } finally {
      await redis.stop();
    }
  });

  it('a replica whose range fetch fails verifies assistants with the copy another stored in Redis', async () => {
    let failing = false;
    const ranges: Server = createServer((_request, response) => {
      if (failing) return void response.writeHead(500).end();
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({ prefixes: [{ ipv4Prefix: '198.51.100.0/24' }] }));
    });
    await new Promise<void>((resolve) => ranges.listen(0, '127.0.0.1', resolve));
    try {
      const port = (ranges.address() as AddressInfo).port;
      const dir = dataWithTestAssistant([`http://127.0.0.1:${port}/ranges.json`]);
      const env = {
        DATA_DIR: dir,
        ASSISTANT_RANGES: 'fetch',
        TRUST_PROXY: 'loopback',
        REDIS_URL: process.env.REDIS_URL!,
        REDIS_KEY_PREFIX: `test:${randomUUID()}:`,
        RATE_LIMIT_PER_ASSISTANT: '500',
      };
      apps.push(await startTestApp({ env }));
      failing = true;
      apps.push(await startTestApp({ env }));
      const response = await apps[1].get(PATH, {
        headers: { 'User-Agent': 'TestBot-User/1.0', 'X-Forwarded-For': '198.51.100.20' },
      });
      expect(response.headers.get('ratelimit-policy')).toBe('"default";q=500;w=60');
    } finally {
      ranges.close();
      ranges.closeAllConnections();
    }
  });

  it('a replica that shuts down closes its connection without calling Redis unreachable', async () => {
    const log = logCapture();
    const t = await startTestApp({
      env: { REDIS_URL: process.env.REDIS_URL!, REDIS_KEY_PREFIX: `test:${randomUUID()}:` },
      logStream: log.stream,
    });
    const client = t.app.get(RedisConnection).client!;
    await allInRedis([t]);
    const before = log.entries().length;
    const ended = once(client, 'end');
    await t.close();
    await ended;
    // What the shutdown logged, at pino's warn and above.
    const warnings = log
      .entries()
      .slice(before)
      .filter((entry) => entry.level >= 40);
    expect(warnings).toEqual([]);
  });
});
