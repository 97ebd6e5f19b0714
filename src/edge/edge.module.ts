import { CacheModule } from '@nestjs/cache-manager';
import { Inject, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { Keyv } from 'keyv';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { CatalogModule } from '../catalog/catalog.module';
import { AppConfig } from '../core/config';
import { EnvelopeInterceptor } from '../core/envelope';
import { InputValidationPipe } from '../core/validation/input-validation.pipe';
import { Lifecycle } from '../ops/lifecycle';
import { LOG } from '../ops/logger';
import { Metrics } from '../ops/metrics.service';
import { OperationSpanInterceptor } from '../ops/operation-span.interceptor';
import { OpsModule } from '../ops/ops.module';
import { accessLog } from './access-log.middleware';
import { openCors } from './cors.middleware';
import { type CachedAnswer, HttpCacheInterceptor } from './http-cache.interceptor';
import { HttpErrorFilter } from './http-error.filter';
import { refuseWrites } from './method-not-allowed.middleware';
import { redirectToOneUrl } from './redirects.middleware';
import { PagePolicyInterceptor } from './page-policy.interceptor';
import { PublicServer } from './public-server';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimitModule, THROTTLER_SETUP } from './rate-limit.module';
import { SecurityHeaders } from './security-headers';
import { refuseUnreadable } from './unread-requests';

/**
 * The answers kept: at most 2000, and at most 16 M bytes of bodies (all codings) and key
 * characters. URLs (up to 12 KB), and `Accept` on negotiated pages, are the client's to vary, so a
 * count of entries alone would not bound the memory the cache holds.
 */
export const RESPONSE_CACHE_ENTRIES = 2000;
export const RESPONSE_CACHE_CHARS = 16 * 1024 * 1024;
export const RESPONSE_CACHE_TTL_MS = 60 * 60 * 1000;

/** Keyv keeps `{ value, expires }` as it is given (no serialising), so each answer is weighed. */
function responseCache(): Keyv {
  const store = new LRUCache<string, { value: CachedAnswer }>({
    max: RESPONSE_CACHE_ENTRIES,
    maxSize: RESPONSE_CACHE_CHARS,
    // An hour at most: search words are in URLs (docs/privacy.md#caches). Set here, not as the
    // cache's `ttl`: Keyv hands that to the store's `set` as a number, where lru-cache takes options.
    ttl: RESPONSE_CACHE_TTL_MS,
    sizeCalculation: ({ value: { body, codings = {} } }, key) =>
      key.length + body.length + (codings.br?.length ?? 0) + (codings.gzip?.length ?? 0),
  });
  return new Keyv({ store, serialize: undefined, deserialize: undefined });
}

/**
 * The HTTP pipeline, declared here in the order a request meets it:
 *
 * 1. middleware: security headers (an API's minimal set) → request id, access log and metrics →
 *    CORS (preflights end here) → readable URL and If-None-Match → read-only methods → one URL
 *    per answer (308 without a trailing slash); then, on the MCP endpoint only, what McpModule
 *    applies (compression and the JSON body);
 * 2. guard: the rate limit (`@nestjs/throttler`);
 * 3. interceptors: the operation's trace span → a page's security headers (`@ServesPages()`) →
 *    caching headers, conditional GET, codings and the response cache → the `{data, meta}`
 *    envelope;
 * 4. pipe: input classes (`ValidationPipe`);
 * 5. filter: every error as the contract's body.
 *
 * Below Express, the server (PublicServer) has the timeouts and answers what Node's parser refuses
 * in the same shape. The middleware is applied in `configure()` for the root path, which Nest
 * mounts with Express's `use()` ahead of every route: it runs for every request, unknown paths
 * included, in the order applied, with the path as it came (a wildcard route would have Express
 * decode the path first and refuse a malformed escape before `refuseUnreadable` could answer it
 * in the contract's shape). The Express settings it relies on are set where the app is created
 * (bootstrap.ts).
 */
@Module({
  imports: [
    CatalogModule,
    OpsModule,
    RateLimitModule,
    // A factory, so each app (tests run several in one process) has a cache of its own. Answers
    // are kept per catalog version; those of older versions age out unused.
    CacheModule.registerAsync({ useFactory: () => ({ stores: [responseCache()] }) }),
    ThrottlerModule.forRootAsync({ imports: [RateLimitModule], ...THROTTLER_SETUP }),
  ],
  providers: [
    PublicServer,
    {
      provide: SecurityHeaders,
      useFactory: (config: AppConfig) => new SecurityHeaders(config.publicUrl),
      inject: [AppConfig],
    },
    { provide: APP_GUARD, useClass: RateLimitGuard },
    { provide: APP_INTERCEPTOR, useClass: OperationSpanInterceptor },
    { provide: APP_INTERCEPTOR, useClass: PagePolicyInterceptor },
    { provide: APP_INTERCEPTOR, useClass: HttpCacheInterceptor },
    { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
    // Every controller input is an input class validated here, from the query string's text.
    { provide: APP_PIPE, useValue: new InputValidationPipe('query') },
    { provide: APP_FILTER, useClass: HttpErrorFilter },
  ],
  exports: [PublicServer],
})
export class EdgeModule implements NestModule {
  constructor(
    private readonly metrics: Metrics,
    private readonly lifecycle: Lifecycle,
    @Inject(LOG) private readonly logger: Logger,
    private readonly headers: SecurityHeaders,
  ) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(
        this.headers.api,
        accessLog(this.metrics, this.lifecycle, this.logger),
        openCors,
        refuseUnreadable,
        refuseWrites,
        redirectToOneUrl,
      )
      .forRoutes('/');
  }
}
