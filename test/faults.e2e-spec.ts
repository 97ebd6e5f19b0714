import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AssistantsService } from '../src/edge/assistants.service';
import { startTestApp, type TestApp } from './support/app';
import {
  allInRedis,
  countingIn,
  dataWithTestAssistant,
  eventually,
  logCapture,
  mcpCall,
} from './support/edge';
import { startTraffic } from './support/load';
import { DisposableRedis, freePort } from './support/redis';
import { describeWithRedis } from './support/requirements';

/**
 * Faults under load: Redis lost and back, range files that fail. Throughout, every request is
 * answered and none with a 5xx. (SIGTERM and SIGHUP under load: signals.process.e2e-spec.ts.)
 */

const TRAFFIC: Array<[string, RequestInit?]> = [
  ['/api/v1/finder/questions'],
  ['/api/v1/courses?level=beginner&sort=price-asc'],
  ['/mcp', mcpCall('search_courses', { level: 'beginner' })],
  ['/ai-seo-courses/answer-engine-foundations'],
];

describeWithRedis('Redis killed and restarted under load', () => {
  it('answers every request, counting in-process while Redis is away and in Redis again once back', async () => {
    const redis = new DisposableRedis(await freePort());
    await redis.start();
    const t = await startTestApp({
      env: { REDIS_URL: redis.url, REDIS_KEY_PREFIX: `test:${randomUUID()}:` },
    });
    const traffic = startTraffic(t.url, TRAFFIC);
    try {
      await allInRedis([t]);
      await traffic.more(40);
      expect(await countingIn(t)).toBe('redis');

      await redis.stop();
      await eventually(async () => (await countingIn(t)) === 'memory');
      await traffic.more(40);

      await redis.start();
      await allInRedis([t]);
      await traffic.more(40);
    } finally {
      await traffic.stop();
      await t.close();
      await redis.stop();
    }
    expect(traffic.failures).toEqual([]);
    expect(new Set(traffic.statuses)).toEqual(new Set([200]));
  });
});

describe('range files that fail', () => {
  let ranges: Server;
  let t: TestApp;
  const log = logCapture();
  /** How often each file was asked for. */
  const asked = new Map<string, number>();

  beforeAll(async () => {
    // Every way a vendor's file can fail: an error status, no answer, not JSON, no CIDR in it.
    ranges = createServer((request, response) => {
      asked.set(request.url!, (asked.get(request.url!) ?? 0) + 1);
      if (request.url === '/hang.json') return;
      if (request.url === '/error.json') return void response.writeHead(500).end();
      response.setHeader('Content-Type', 'application/json');
      response.end(request.url === '/garbage.json' ? '{"prefixes": [' : '{"prefixes": []}');
    });
    await new Promise<void>((resolve) => ranges.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(ranges.address() as AddressInfo).port}`;
    const dir = dataWithTestAssistant(
      ['hang', 'error', 'garbage', 'empty'].map((name) => `${base}/${name}.json`),
      ['203.0.113.64/26'],
    );
    t = await startTestApp({
      env: {
        DATA_DIR: dir,
        ASSISTANT_RANGES: 'fetch',
        LOG_LEVEL: 'debug',
        TRUST_PROXY: 'loopback',
        RATE_LIMIT_PER_ASSISTANT: '5000',
      },
      logStream: log.stream,
    });
  });
  afterAll(async () => {
    await t.close();
    ranges.close();
    ranges.closeAllConnections();
  });

  it('do not stop the start or any request, and the static CIDRs still verify the assistant', async () => {
    const traffic = startTraffic(t.url, TRAFFIC);
    const refreshes = [1, 2, 3].map(() => t.app.get(AssistantsService).refresh());
    await traffic.more(60);
    const as = (ip: string) =>
      fetch(`${t.url}/api/v1/methodology`, {
        headers: { 'User-Agent': 'TestBot-User/1.0', 'X-Forwarded-For': ip },
      });
    expect((await as('203.0.113.70')).headers.get('ratelimit-policy')).toBe(
      '"default";q=5000;w=60',
    );
    expect((await as('198.51.100.9')).headers.get('ratelimit-policy')).toBe(
      '"default";q=1000000;w=60',
    );
    await traffic.stop();
    await Promise.all(refreshes);
    expect(traffic.failures).toEqual([]);
    expect(new Set(traffic.statuses)).toEqual(new Set([200]));
    // Each failing file is named, with why, at debug level.
    const notFetched = log.lines().filter((line) => line.includes('Range files not fetched'));
    for (const name of ['hang', 'error', 'garbage', 'empty']) {
      expect(notFetched.some((line) => line.includes(`/${name}.json`))).toBe(true);
    }
    // Refreshes asked for while one is under way join it: the start's and the three above are at
    // most two rounds, not four.
    for (const name of ['hang', 'error', 'garbage', 'empty']) {
      expect(asked.get(`/${name}.json`)).toBeLessThanOrEqual(2);
    }
  });

  it('at start, warn of each file that answered with something unreadable, not of one unreached', async () => {
    await t.app.get(AssistantsService).refresh();
    const warnings = log.entries().filter((entry) => entry.level === 40); // pino's warn
    expect(warnings).toHaveLength(1);
    expect(warnings[0].msg).toMatch(/3 of 4 files could not be read/);
    for (const name of ['error', 'garbage', 'empty']) {
      expect(warnings[0].msg).toContain(`/${name}.json`);
    }
    expect(warnings[0].msg).not.toContain('/hang.json');
  });
});
