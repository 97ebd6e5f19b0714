import { CacheModule } from '@nestjs/cache-manager';
import { Module } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { Keyv } from 'keyv';
import { AssistantsService } from './assistants.service';
import { BoundedMap } from './bounded-map';
import { FixedWindowStorage } from './fixed-window.storage';
import { HttpCacheInterceptor, type Representation } from './http-cache.interceptor';
import { ClientIdentifier, RateLimitGuard } from './rate-limit.guard';
import { RedisConnection } from './redis.connection';

/** What the rate limit needs, in a module of its own so the throttler's async options can import it. */
@Module({
  providers: [RedisConnection, AssistantsService, ClientIdentifier, FixedWindowStorage],
  exports: [RedisConnection, AssistantsService, ClientIdentifier, FixedWindowStorage],
})
export class RateLimitModule {}

/**
 * At most 2000 bodies, and at most 16 M units of body bytes and key characters (at most 32 MB):
 * URLs, and `Accept` on negotiated pages, are the client's to vary, and 2000 pages of
 * 60 KB with 8 KB keys filled over 300 MB of heap.
 */
export const RESPONSE_CACHE_ENTRIES = 2000;
export const RESPONSE_CACHE_CHARS = 16 * 1024 * 1024;

/** Keyv stores `{ value, expires }`; keys count in UTF-16 code units, bodies in bytes. */
function weighEntry(key: string, entry: { value?: Representation }): number {
  return key.length + (entry.value?.body.length ?? 0);
}

function responseCache(): Keyv {
  // Entries are handed out as they were stored: no JSON round trip per request.
  const keyv = new Keyv({
    store: new BoundedMap(RESPONSE_CACHE_ENTRIES, RESPONSE_CACHE_CHARS, weighEntry),
  });
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
