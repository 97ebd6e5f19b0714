import { Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type Redis from 'ioredis';
import { Clock } from '../core/clock';
import { Metrics } from '../ops/metrics.service';
import { RedisConnection } from './redis.connection';

/**
 * One fixed window per key (docs/api.md#what-is-counted): the first hit opens a window of `ttl` ms,
 * every hit in it counts, and it resets whole. With Redis the count is one atomic script shared by
 * all replicas; when Redis is unreachable the count moves in-process (said once in the log and in
 * /metrics) and moves back when Redis answers again.
 */

// PTTL is -1 only if a key lost its expiry (e.g. restored without it): give it a window again.
const WINDOW_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return {hits, left}`;

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

type WindowRedis = Redis & { countInWindow(key: string, ttl: number): Promise<[number, number]> };

export type CountingStore = 'redis' | 'memory';

/**
 * The throttler's store. It is made where the throttler's options are (rate-limit.module.ts), as
 * its `storage`, and so is one provider of Nest's: the throttler's `ThrottlerStorage`, whose hooks
 * Nest runs once. Registered as a provider of ours as well, it would be two, each hook run twice.
 */
export class FixedWindowStorage
  implements ThrottlerStorage, OnApplicationBootstrap, OnModuleDestroy
{
  private readonly logger = new Logger('RateLimit');
  private readonly local = new Map<string, { hits: number; resetAt: number }>();
  private readonly redis: WindowRedis | null;
  private store?: CountingStore;
  private readonly timers: NodeJS.Timeout[] = [];
  private probing = false;
  /** What the store does on the client's events; taken off at shutdown, when the close is ours. */
  private readonly onClient = {
    ready: () => this.use('redis'),
    close: () => this.use('memory', 'the connection closed'),
    error: (error: Error) => this.use('memory', error.message),
  };

  constructor(
    private readonly connection: RedisConnection,
    private readonly metrics: Metrics,
    private readonly clock: Clock,
  ) {
    const client = connection.client;
    if (client) {
      client.defineCommand('countInWindow', { numberOfKeys: 1, lua: WINDOW_SCRIPT });
      for (const [event, listener] of Object.entries(this.onClient)) client.on(event, listener);
    }
    this.redis = client as WindowRedis | null;
    this.timers.push(setInterval(() => this.sweep(), 60_000).unref());
  }

  /** Which store counts from the start: the connection's own start hook has run (Nest's init hooks come first). */
  onApplicationBootstrap(): void {
    if (this.redis?.status === 'ready') this.use('redis');
    else this.use('memory', this.redis ? 'not connected yet' : 'REDIS_URL is not set');
  }

  onModuleDestroy(): void {
    this.timers.forEach(clearInterval);
    for (const [event, listener] of Object.entries(this.onClient)) this.redis?.off(event, listener);
  }

  /** Which store is counting now. */
  get counting(): CountingStore {
    return this.store === 'redis' && this.redis?.status === 'ready' ? 'redis' : 'memory';
  }

  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    const { hits, msLeft } = await this.count(key, ttl);
    const secondsLeft = Math.max(1, Math.ceil(msLeft / 1000));
    return {
      totalHits: hits,
      timeToExpire: secondsLeft,
      isBlocked: hits > limit,
      timeToBlockExpire: secondsLeft,
    };
  }

  private async count(key: string, ttl: number): Promise<{ hits: number; msLeft: number }> {
    if (this.redis && this.counting === 'redis') {
      try {
        const [hits, msLeft] = await this.redis.countInWindow(this.connection.prefix + key, ttl);
        return { hits, msLeft };
      } catch (error) {
        this.use('memory', (error as Error).message);
        this.probeUntilBack();
      }
    }
    return this.countHere(key, ttl);
  }

  private countHere(key: string, ttl: number): { hits: number; msLeft: number } {
    const now = this.clock.now().getTime();
    let window = this.local.get(key);
    if (!window || window.resetAt <= now) {
      window = { hits: 0, resetAt: now + ttl };
      this.local.set(key, window);
    }
    window.hits += 1;
    return { hits: window.hits, msLeft: window.resetAt - now };
  }

  private use(store: CountingStore, why?: string): void {
    if (store === this.store) return;
    const before = this.store;
    this.store = store;
    this.metrics.setRateLimitStore(store);
    if (store === 'redis') {
      this.logger.log(
        before ? 'Redis is back: counting rate limits in Redis' : 'Counting rate limits in Redis',
      );
    } else if (this.redis) {
      this.logger.warn(
        `Redis unreachable (${why}): counting rate limits in-process until it returns`,
      );
    } else {
      this.logger.log('Counting rate limits in-process (REDIS_URL is not set)');
    }
  }

  /** A command can time out while the connection stays up (no `ready` event follows): ping until it answers. */
  private probeUntilBack(): void {
    if (this.probing || !this.redis) return;
    this.probing = true;
    const probe = setInterval(() => {
      this.redis!.ping().then(
        () => {
          clearInterval(probe);
          this.probing = false;
          this.use('redis');
        },
        () => undefined,
      );
    }, 1000).unref();
    this.timers.push(probe);
  }

  private sweep(): void {
    const now = this.clock.now().getTime();
    for (const [key, window] of this.local) if (window.resetAt <= now) this.local.delete(key);
  }
}
