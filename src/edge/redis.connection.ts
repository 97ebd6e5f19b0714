import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../core/config';

/**
 * How long a command may go unanswered before the caller falls back to in-process state. Longer
 * than a stall of this process can plausibly last (a collection, a busy host), since the timer fires
 * before the reply already waiting in the socket is read; short enough that the requests in flight
 * when Redis hangs wait at most this long once (the store then counts in-process until a ping
 * answers).
 */
const COMMAND_TIMEOUT_MS = 1000;

/**
 * The optional Redis client (REDIS_URL), shared by the rate-limit counts and the assistants' ranges.
 * It never queues or retries a command: a request must not wait for a Redis that is away, so the
 * callers fall back to in-process state when a command fails. It reconnects on its own.
 */
@Injectable()
export class RedisConnection implements OnApplicationShutdown {
  readonly client: Redis | null;
  readonly prefix: string;
  /**
   * Settles with the first connection attempt, listened for from the start, so that a refusal that
   * came before `firstAttempt` is called is not waited for again. Nest runs the store's start hook
   * twice (the throttler provides the same store again, as its `ThrottlerStorage`), and each call
   * waited for a retry of its own: 100, then 200 ms.
   */
  private readonly attempted: Promise<void>;
  /** The start's one wait, which every call of `firstAttempt` shares. */
  private waited?: Promise<void>;

  constructor(config: AppConfig) {
    this.prefix = config.redisKeyPrefix;
    this.client = config.redisUrl
      ? new Redis(config.redisUrl, {
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
          commandTimeout: COMMAND_TIMEOUT_MS,
          connectTimeout: 2000,
          retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
        })
      : null;
    // Failures are handled where commands are sent; without a listener they would crash the process.
    this.client?.on('error', () => undefined);
    const client = this.client;
    this.attempted = client
      ? new Promise<void>((resolve) => {
          const done = () => {
            client.off('ready', done);
            client.off('error', done);
            resolve();
          };
          client.once('ready', done);
          client.once('error', done);
        })
      : Promise.resolve();
  }

  get ready(): boolean {
    return this.client?.status === 'ready';
  }

  /**
   * Resolves once the first connection attempt has succeeded or failed (a closed port, an unknown
   * host), or `ms` after the first call when it does neither (a host that drops packets): the
   * service starts either way, counting in-process while Redis is away
   * (docs/api.md#shared-across-replicas). Later calls share that wait rather than start their own.
   */
  firstAttempt(ms: number): Promise<void> {
    this.waited ??= new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      void this.attempted.then(() => {
        clearTimeout(timer);
        resolve();
      });
    });
    return this.waited;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client?.quit().catch(() => this.client?.disconnect());
  }
}
