import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Redis from 'ioredis';
import { startTestApp, type TestApp } from './support/app';
import { RedisConnection } from '../src/edge/redis.connection';
import {
  allInRedis,
  countingIn,
  dataWithTestAssistant,
  eventually,
  logCapture,
} from './support/edge';
import { DisposableRedis, freePort } from './support/redis';
import { describeWithRedis } from './support/requirements';

/**
 * Rate limits and assistant ranges shared by replicas through Redis
 * (docs/api.md#shared-across-replicas).
 */

const LIMIT = 50;
const PATH = '/api/v1/finder/questions';
const remaining = (r: Response) => Number(/r=(\d+)/.exec(r.headers.get('ratelimit') ?? '')?.[1]);
async function burst(apps: TestApp[], total: number): Promise<number[]> {
  const responses = await Promise.all(
    Array.from({ length: total }, (_, i) => apps[i % apps.length].get(PATH)),
  );
  return responses.map((r) => r.status);
}

/** A request from testbot's published range, claiming testbot, and the limit it is counted under. */
const ASSISTANT = {
  headers: { 'User-Agent': 'TestBot-User/1.0', 'X-Forwarded-For': '198.51.100.20' },
};
const ASSISTANT_POLICY = '"default";q=500;w=60';
const policyFor = async (t: TestApp) =>
  (await t.get(PATH, ASSISTANT)).headers.get('ratelimit-policy');

/**
 * A server of testbot's range file (198.51.100.0/24) that fails once told to; the settings of a
 * replica that fetches it and keeps its copy in the Redis at `redisUrl`, and the key of that copy.
 */
async function rangeFile(redisUrl: string) {
  let failing = false;
  const server: Server = createServer((_request, response) => {
    if (failing) return void response.writeHead(500).end();
    response.setHeader('Content-Type', 'application/json');
    response.end(JSON.stringify({ prefixes: [{ ipv4Prefix: '198.51.100.0/24' }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ranges.json`;
  const prefix = `test:${randomUUID()}:`;
  return {
    env: {
      DATA_DIR: dataWithTestAssistant([url]),
      ASSISTANT_RANGES: 'fetch',
      TRUST_PROXY: 'loopback',
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      RATE_LIMIT_PER_ASSISTANT: '500',
    },
    key: `${prefix}assistant-ranges:${url}`,
    fail: () => (failing = true),
    close: () => {
      server.close();
      server.closeAllConnections();
    },
  };
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
    const file = await rangeFile(process.env.REDIS_URL!);
    try {
      apps.push(await startTestApp({ env: file.env }));
      file.fail();
      apps.push(await startTestApp({ env: file.env }));
      // At its start, or once its connection to Redis is up on a busy machine.
      await eventually(async () => (await policyFor(apps[1])) === ASSISTANT_POLICY);
    } finally {
      file.close();
    }
  });

  it('a replica that fetched its ranges while Redis was away stores its copy once Redis answers', async () => {
    const redis = new DisposableRedis(await freePort());
    const file = await rangeFile(redis.url);
    const client = new Redis(redis.url, { lazyConnect: true });
    try {
      // Redis refuses: the replica starts, fetches the file and counts in-process.
      apps.push(await startTestApp({ env: file.env }));
      expect(await policyFor(apps[0])).toBe(ASSISTANT_POLICY);
      await redis.start();
      await client.connect();
      await eventually(async () => (await client.exists(file.key)) === 1);
      // A replica started now cannot fetch the file, and verifies with that copy.
      file.fail();
      apps.push(await startTestApp({ env: file.env }));
      await eventually(async () => (await policyFor(apps[1])) === ASSISTANT_POLICY);
    } finally {
      client.disconnect();
      file.close();
      await redis.stop();
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
