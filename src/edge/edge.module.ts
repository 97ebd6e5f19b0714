import { CacheModule } from '@nestjs/cache-manager';
import { Inject, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE, HttpAdapterHost } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ThrottlerModule } from '@nestjs/throttler';
import compression from 'compression';
import { json } from 'express';
import { Keyv } from 'keyv';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { CatalogModule } from '../catalog/catalog.module';
import { AppConfig } from '../core/config';
import { EnvelopeInterceptor } from '../core/envelope';
import { jsonRpcParseErrors } from '../core/json-rpc';
import { MCP_PATH } from '../core/paths';
import { InputValidationPipe } from '../core/validation/input-validation.pipe';
import { Lifecycle } from '../ops/lifecycle';
import { LOG } from '../ops/logger';
import { Metrics } from '../ops/metrics.service';
import { OperationSpanInterceptor } from '../ops/operation-span.interceptor';
import { OpsModule } from '../ops/ops.module';
import { accessLog } from './access-log.middleware';
import { openCors } from './cors.middleware';
import { FixedWindowStorage } from './fixed-window.storage';
import { type CachedAnswer, HttpCacheInterceptor } from './http-cache.interceptor';
import { HttpErrorFilter } from './http-error.filter';
import { refuseWrites } from './method-not-allowed.middleware';
import { redirectToOneUrl } from './redirects.middleware';
import { PagePolicyInterceptor } from './page-policy.interceptor';
import { PublicServer } from './public-server';
import { ClientIdentifier, RateLimitGuard } from './rate-limit.guard';
import { RateLimitModule } from './rate-limit.module';
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

/** JSON-RPC bodies of the MCP endpoint; larger ones are 413. Nothing else takes a body. */
export const MCP_BODY_LIMIT = '100kb';

/**
 * The HTTP pipeline, declared here in the order a request meets it:
 *
 * 1. middleware: security headers (an API's minimal set) → request id, access log and metrics →
 *    CORS (preflights end here) → readable URL and If-None-Match → read-only methods → one URL
 *    per answer (308 without a trailing slash) → on the MCP endpoint, compression and the JSON
 *    body;
 * 2. guard: the rate limit (`@nestjs/throttler`);
 * 3. interceptors: the operation's trace span → a page's security headers (`@ServesPages()`) →
 *    caching headers, conditional GET, codings and the response cache → the `{data, meta}`
 *    envelope;
 * 4. pipe: input classes (`ValidationPipe`);
 * 5. filter: every error as the contract's body.
 *
 * Below Express, the server (PublicServer) has the timeouts and answers what Node's parser refuses
 * in the same shape. The middleware goes on the Express app as the module is built, ahead of
 * every route.
 */
@Module({
  imports: [
    CatalogModule,
    OpsModule,
    RateLimitModule,
    // A factory, so each app (tests run several in one process) has a cache of its own. Answers
    // are kept per catalog version; those of older versions age out unused.
    CacheModule.registerAsync({ useFactory: () => ({ stores: [responseCache()] }) }),
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
export class EdgeModule {
  constructor(
    adapter: HttpAdapterHost,
    config: AppConfig,
    metrics: Metrics,
    lifecycle: Lifecycle,
    @Inject(LOG) logger: Logger,
    headers: SecurityHeaders,
  ) {
    const app = adapter.httpAdapter.getInstance<NestExpressApplication>();
    app.disable('x-powered-by');
    // The response cache sets weak ETags from the bodies it serialises; Express makes none.
    app.set('etag', false);
    // node:querystring: repeated keys become arrays, `a[b]=c` stays a literal key, no prototype.
    app.set('query parser', 'simple');
    if (config.trustProxy !== undefined) app.set('trust proxy', config.trustProxy);
    app.use(
      headers.api,
      accessLog(metrics, lifecycle, logger),
      openCors,
      refuseUnreadable,
      refuseWrites,
      redirectToOneUrl,
    );
    // Answers are coded by the response cache; the MCP endpoint's, which the SDK writes, here.
    app.use(MCP_PATH, compression(), json({ limit: MCP_BODY_LIMIT }), jsonRpcParseErrors);
  }
}
