import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
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
 * How long the start waits for a Redis that neither answers nor refuses: readiness need not wait
 * for it, since the rate limit counts in-process while Redis is away. A reachable Redis answers,
 * and an unreachable one usually refuses, within a few milliseconds.
 */
export const START_WAIT_MS = 500;

/**
 * The optional Redis client (REDIS_URL), shared by the rate-limit counts and the assistants' ranges.
 * It never queues or retries a command: a request must not wait for a Redis that is away, so the
 * callers fall back to in-process state when a command fails. This provider owns the connection:
 * it connects in its start hook, which Nest runs once (it is one provider, whoever injects it), and
 * ioredis reconnects on its own from then on.
 */
@Injectable()
export class RedisConnection implements OnModuleInit, OnApplicationShutdown {
  readonly client: Redis | null;
  readonly prefix: string;

  constructor(config: AppConfig) {
    this.prefix = config.redisKeyPrefix;
    this.client = config.redisUrl
      ? new Redis(config.redisUrl, {
          // Connected by the start hook, not when the module is built.
          lazyConnect: true,
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
          commandTimeout: COMMAND_TIMEOUT_MS,
          connectTimeout: 2000,
          retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
        })
      : null;
    // Failures are handled where commands are sent; without a listener they would crash the process.
    this.client?.on('error', () => undefined);
  }

  get ready(): boolean {
    return this.client?.status === 'ready';
  }

  /**
   * The start, before the app's bootstrap hooks (which read `ready`): connects and waits for the
   * first attempt (docs/api.md#shared-across-replicas).
   */
  async onModuleInit(): Promise<void> {
    await this.connect(START_WAIT_MS);
  }

  /**
   * Connects; resolves once the first attempt has succeeded or failed (a closed port, an unknown
   * host), or after `ms` when it does neither (a host that drops packets). The service starts
   * either way, counting in-process while Redis is away.
   */
  async connect(ms: number): Promise<void> {
    if (!this.client) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.client.connect().catch(() => undefined),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))),
    ]);
    clearTimeout(timer);
  }

  async onApplicationShutdown(): Promise<void> {
    // A client never started (the app closed before its init) has nothing to close.
    if (this.client?.status === 'wait') return this.client.disconnect();
    await this.client?.quit().catch(() => this.client?.disconnect());
  }
}
