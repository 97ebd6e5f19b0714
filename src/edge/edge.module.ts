import { CacheModule } from '@nestjs/cache-manager';
import { Inject, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE, HttpAdapterHost } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ThrottlerModule } from '@nestjs/throttler';
import { json } from 'express';
import { Keyv } from 'keyv';
import type { Logger } from 'pino';
import { AppConfig } from '../core/config';
import { EnvelopeInterceptor } from '../core/envelope';
import { MCP_PATH } from '../core/paths';
import { Lifecycle } from '../ops/lifecycle';
import { LOG } from '../ops/logger';
import { Metrics } from '../ops/metrics.service';
import { OperationSpanInterceptor } from '../ops/operation-span.interceptor';
import { InputValidationPipe } from '../core/validation/input-validation.pipe';
import { BoundedMap } from './bounded-map';
import { cors } from './cors.middleware';
import { FixedWindowStorage } from './fixed-window.storage';
import { HttpErrorFilter } from './http-error.filter';
import { refuseWrites } from './method-not-allowed.middleware';
import { PagePolicyInterceptor } from './page-policy.interceptor';
import { ClientIdentifier, RateLimitGuard } from './rate-limit.guard';
import { RateLimitModule } from './rate-limit.module';
import type { Representation } from './representation';
import { RepresentationInterceptor } from './representation.interceptor';
import { requestContext } from './request-context.middleware';
import { SecurityHeaders } from './security-headers';
import {
  answerUnreadableRequests,
  applyTimeouts,
  HTTP_TIMEOUTS,
  type HttpTimeouts,
  refuseUnreadable,
} from './unread-requests';

/**
 * At most 2000 bodies, and at most 16 M units of body bytes and key characters (at most 32 MB):
 * URLs (up to 12 KB), and `Accept` on negotiated pages, are the client's to vary, so a count of
 * entries alone would not bound the memory the cache holds.
 */
export const RESPONSE_CACHE_ENTRIES = 2000;
export const RESPONSE_CACHE_CHARS = 16 * 1024 * 1024;

/** Keyv stores `{ value, expires }`; keys count in UTF-16 code units, bodies in bytes. */
function weighEntry(key: string, entry: { value?: Representation }): number {
  return key.length + (entry.value?.size ?? 0);
}

function responseCache(): Keyv {
  // Entries are handed out as they were stored: no JSON round trip per request.
  return new Keyv(new BoundedMap(RESPONSE_CACHE_ENTRIES, RESPONSE_CACHE_CHARS, weighEntry), {
    serialize: undefined,
    deserialize: undefined,
  });
}

/** JSON-RPC bodies of the MCP endpoint; larger ones are 413. Nothing else takes a body. */
export const MCP_BODY_LIMIT = '100kb';

/** Server timeouts against slow clients; tests shorten them. */
export const EDGE_TIMEOUTS = Symbol('edge timeouts');

/**
 * The HTTP pipeline, declared here in the order a request meets it:
 *
 * 1. middleware: security headers (an API's minimal set) → request id, access log and metrics →
 *    CORS (preflights end here) → readable URL and If-None-Match →
 *    read-only methods → the MCP endpoint's JSON body;
 * 2. guard: the rate limit (`@nestjs/throttler`);
 * 3. interceptors: the operation's trace span, a page's security headers (`@ServesPages()`), then representations, conditional
 *    GET and the response cache, then the `{data, meta}` envelope of a service's answer;
 * 4. pipe: input classes (`ValidationPipe`);
 * 5. filter: every error as the contract's body.
 *
 * Below Express, the server answers what its parser refuses in the same shape, with timeouts.
 *
 * The middleware goes on the Express app as the module is built, not through `configure()`: Nest
 * mounts that at `init()`, after the routes Swagger UI adds, and every response needs it first.
 */
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
    {
      provide: SecurityHeaders,
      useFactory: (config: AppConfig) => new SecurityHeaders(config.publicUrl),
      inject: [AppConfig],
    },
    { provide: APP_GUARD, useClass: RateLimitGuard },
    { provide: APP_INTERCEPTOR, useClass: OperationSpanInterceptor },
    { provide: APP_INTERCEPTOR, useClass: PagePolicyInterceptor },
    { provide: APP_INTERCEPTOR, useClass: RepresentationInterceptor },
    { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
    // Every controller input is an input class validated here, from the query string's text.
    { provide: APP_PIPE, useValue: new InputValidationPipe('query') },
    { provide: APP_FILTER, useClass: HttpErrorFilter },
  ],
})
export class EdgeModule implements OnApplicationBootstrap {
  constructor(
    private readonly adapter: HttpAdapterHost,
    config: AppConfig,
    metrics: Metrics,
    lifecycle: Lifecycle,
    @Inject(LOG) logger: Logger,
    @Inject(EDGE_TIMEOUTS) private readonly timeouts: Partial<HttpTimeouts>,
    headers: SecurityHeaders,
  ) {
    const app = adapter.httpAdapter.getInstance<NestExpressApplication>();
    app.disable('x-powered-by');
    // Strong ETags come from the representations; Express's weak ones are off.
    app.set('etag', false);
    // node:querystring: repeated keys become arrays, `a[b]=c` stays a literal key, no prototype.
    app.set('query parser', 'simple');
    if (config.trustProxy !== undefined) app.set('trust proxy', config.trustProxy);
    app.use(
      headers.api,
      requestContext(metrics, lifecycle, logger),
      cors,
      refuseUnreadable,
      refuseWrites,
    );
    app.use(MCP_PATH, json({ limit: MCP_BODY_LIMIT }));
  }

  /** Before the server listens: Node starts its timeout checks when it does. */
  onApplicationBootstrap(): void {
    const server = this.adapter.httpAdapter.getHttpServer();
    applyTimeouts(server, { ...HTTP_TIMEOUTS, ...this.timeouts });
    answerUnreadableRequests(server);
  }
}
