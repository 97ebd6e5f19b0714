import { Module } from '@nestjs/common';
import type { ThrottlerAsyncOptions } from '@nestjs/throttler';
import { CatalogModule } from '../catalog/catalog.module';
import { Clock } from '../core/clock';
import { Metrics } from '../ops/metrics.service';
import { OpsModule } from '../ops/ops.module';
import { AssistantsService } from './assistants.service';
import { FixedWindowStorage } from './fixed-window.storage';
import { ClientIdentifier } from './rate-limit.guard';
import { RedisConnection } from './redis.connection';

/** What the rate limit needs, in a module of its own so the throttler's async options can import it. */
@Module({
  imports: [CatalogModule, OpsModule],
  providers: [RedisConnection, AssistantsService, ClientIdentifier],
  exports: [RedisConnection, AssistantsService, ClientIdentifier, OpsModule],
})
export class RateLimitModule {}

/**
 * The throttler's options, as `ThrottlerModule.forRootAsync` takes them with a module that provides
 * their dependencies: the client key, and our store made as the throttler's own `storage`, as the
 * throttler's documentation makes one, so that it is one provider (fixed-window.storage.ts).
 */
export const THROTTLER_SETUP = {
  inject: [ClientIdentifier, RedisConnection, Metrics, Clock],
  useFactory: (
    clients: ClientIdentifier,
    redis: RedisConnection,
    metrics: Metrics,
    clock: Clock,
  ) => ({
    ...clients.throttlerOptions(),
    storage: new FixedWindowStorage(redis, metrics, clock),
  }),
} satisfies Omit<ThrottlerAsyncOptions, 'imports'>;
