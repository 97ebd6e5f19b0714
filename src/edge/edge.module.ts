import { CacheModule } from '@nestjs/cache-manager';
import { Module } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { Keyv } from 'keyv';
import { AssistantsService } from './assistants.service';
import { BoundedMap } from './bounded-map';
import { FixedWindowStorage } from './fixed-window.storage';
import { HttpCacheInterceptor } from './http-cache.interceptor';
import { ClientIdentifier, RateLimitGuard } from './rate-limit.guard';
import { RedisConnection } from './redis.connection';

/** What the rate limit needs, in a module of its own so the throttler's async options can import it. */
@Module({
  providers: [RedisConnection, AssistantsService, ClientIdentifier, FixedWindowStorage],
  exports: [RedisConnection, AssistantsService, ClientIdentifier, FixedWindowStorage],
})
export class RateLimitModule {}

function responseCache(): Keyv {
  // Entries are handed out as they were stored: no JSON round trip per request.
  const keyv = new Keyv({ store: new BoundedMap(2000) });
  keyv.serialize = undefined;
  keyv.deserialize = undefined;
  return keyv;
}

/** The HTTP edge: conditional GET and caching, rate limits (CORS and request ids: `installEdge`). */
@Module({
  imports: [
    RateLimitModule,
    // A factory, so each app (tests run several in one process) has a cache of its own.
    CacheModule.registerAsync({
      useFactory: () => ({ stores: [responseCache()], ttl: 3_600_000 }),
    }),
    ThrottlerModule.forRootAsync({
      imports: [RateLimitModule],
      inject: [ClientIdentifier, FixedWindowStorage],
      useFactory: (clients: ClientIdentifier, storage: FixedWindowStorage) => ({
        ...clients.throttlerOptions(),
        storage,
      }),
    }),
  ],
  providers: [
    { provide: APP_GUARD, useClass: RateLimitGuard },
    { provide: APP_INTERCEPTOR, useClass: HttpCacheInterceptor },
  ],
})
export class EdgeModule {}
