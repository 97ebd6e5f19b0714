import { Logger } from '@nestjs/common';
import { TestClock } from '../../test/support/clock';
import { AppConfig } from '../core/config';
import { Metrics } from '../ops/metrics.service';
import { FixedWindowStorage } from './fixed-window.storage';
import { RedisConnection } from './redis.connection';

/**
 * The fixed window of docs/api.md#what-is-counted, counted in-process (no REDIS_URL): the first hit
 * opens a window of `ttl`, every hit in it counts, the hit past the limit is blocked, and the window
 * resets whole. Counting in Redis, and moving between Redis and memory, is
 * test/rate-limit.redis.e2e-spec.ts's (it needs a Redis).
 */

const MINUTE = 60_000;
const START = new Date('2026-11-22T12:00:00Z');

// The store says which store counts in the log; not the subject here.
beforeAll(() => Logger.overrideLogger(false));

let clock: TestClock;
let metrics: Metrics;
let storage: FixedWindowStorage;
beforeEach(async () => {
  clock = new TestClock(new Date(START));
  metrics = new Metrics();
  storage = new FixedWindowStorage(new RedisConnection(AppConfig.fromEnv({})), metrics, clock);
  await storage.onApplicationBootstrap();
});
afterEach(() => storage.onModuleDestroy());

const later = (ms: number) => (clock.current = new Date(clock.current.getTime() + ms));
const hit = (key = 'ip:192.0.2.1', limit = 3) => storage.increment(key, MINUTE, limit);

it('opens a window of ttl on the first hit', async () => {
  expect(await hit()).toEqual({
    totalHits: 1,
    timeToExpire: 60,
    isBlocked: false,
    timeToBlockExpire: 60,
  });
});

it('counts every hit in the window and blocks the one past the limit, until the window ends', async () => {
  await hit();
  later(20_000);
  expect(await hit()).toMatchObject({ totalHits: 2, isBlocked: false, timeToExpire: 40 });
  expect(await hit()).toMatchObject({ totalHits: 3, isBlocked: false });
  later(39_000);
  expect(await hit()).toMatchObject({
    totalHits: 4,
    isBlocked: true,
    timeToExpire: 1,
    timeToBlockExpire: 1,
  });
});

it('resets the window whole once ttl has passed since its first hit, not since the last', async () => {
  await hit();
  later(59_999);
  expect(await hit()).toMatchObject({ totalHits: 2, timeToExpire: 1 });
  later(1);
  expect(await hit()).toMatchObject({ totalHits: 1, timeToExpire: 60, isBlocked: false });
});

it('gives whole seconds, rounded up, never 0', async () => {
  await hit();
  later(58_001);
  expect((await hit()).timeToExpire).toBe(2);
  later(1_998);
  expect((await hit()).timeToExpire).toBe(1);
});

it('keeps one window per key', async () => {
  for (let i = 0; i < 4; i++) await hit('ip:192.0.2.1');
  later(30_000);
  expect(await hit('ip:192.0.2.2')).toMatchObject({ totalHits: 1, timeToExpire: 60 });
  expect(await hit('ip:192.0.2.1')).toMatchObject({ totalHits: 5, isBlocked: true });
});

it('counts in-process without REDIS_URL, and says so in /metrics', async () => {
  expect(storage.counting).toBe('memory');
  const gauge = await metrics.registry.getSingleMetricAsString('rate_limit_store');
  expect(gauge).toContain('rate_limit_store{store="memory"} 1');
  expect(gauge).toContain('rate_limit_store{store="redis"} 0');
});
