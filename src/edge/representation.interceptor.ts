import { CACHE_MANAGER, type Cache } from '@nestjs/cache-manager';
import {
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { finalize, from, mergeMap, type Observable } from 'rxjs';
import { CatalogService } from '../catalog/catalog.service';
import { AppConfig } from '../core/config';
import { pageOf } from '../core/envelope';
import { pageLinkHeader } from './page-links';
import { NO_STORE, VARY_ON } from './policies';
import { acceptedCoding, type Coding, Representation } from './representation';

/**
 * Conditional GET and caching headers for every 200 GET/HEAD
 * (docs/api.md#caching-and-conditional-requests). A handler's result becomes its Representation
 * (bytes, strong ETag, type), which the adapter writes as a 304 or as the bytes. Representations
 * are kept per dataset version and URL (plus the headers the route varies on) in the cache-manager
 * store, except for routes marked `@NoStore()`, whose URLs hold answers (docs/privacy.md#caches). A
 * handler that sets its own `Cache-Control` (operations) is left alone.
 */

/** Whether the access log may write a request's query string: set once the route is known. */
export const QUERY_LOGGABLE = 'queryLoggable';

/** Path plus query with parameters in a stable order, so `?a=1&b=2` and `?b=2&a=1` share an entry. */
function normalisedUrl(request: Request): string {
  const query = request.url.indexOf('?');
  if (query < 0) return request.path;
  const params = new URLSearchParams(request.url.slice(query + 1));
  params.sort();
  return `${request.path}?${params}`;
}

@Injectable()
export class RepresentationInterceptor implements NestInterceptor {
  /**
   * Representations being made, by key: requests for the same URL that arrive while the first is
   * still compressing share its work instead of each making (and holding) a copy of their own.
   */
  private readonly making = new Map<string, Promise<Representation | undefined>>();

  constructor(
    @Inject(CACHE_MANAGER) private readonly cache: Cache,
    private readonly catalog: CatalogService,
    private readonly reflector: Reflector,
    private readonly config: AppConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    const noStore = this.reflector.get<boolean>(NO_STORE, context.getHandler()) ?? false;
    const varyOn = this.reflector.get<string[] | undefined>(VARY_ON, context.getHandler()) ?? [];
    response.locals[QUERY_LOGGABLE] = !noStore;
    // Said once, here, for the kept copy and the fresh answer alike (and for errors).
    for (const header of varyOn) response.vary(header);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Cache-Control', 'no-store');
      return next.handle();
    }
    if (response.hasHeader('Cache-Control')) return next.handle();
    const coding = acceptedCoding(request);
    if (noStore) {
      // Made for this request alone: compressed into the one coding it accepts.
      return next.handle().pipe(
        mergeMap(async (result) => {
          const representation = this.represent(result, request, response);
          if (!representation) return result;
          if (coding) await representation.compress(coding);
          return representation;
        }),
      );
    }
    const key = this.keyOf(varyOn, request);
    return from(this.kept(key)).pipe(
      mergeMap((kept) =>
        kept
          ? from(this.inCoding(key, kept, coding))
          : this.make(key, coding, request, response, next),
      ),
    );
  }

  /**
   * Makes and keeps the representation of a key from the handler's result, for the dataset
   * version, in each coding once a client has asked for it. It is registered before the handler
   * runs, so requests for the same key that arrive meanwhile (while a page awaits a worker, say)
   * wait for it rather than run the handler too; when there is nothing to keep (an error), they
   * run their own.
   */
  private make(
    key: string,
    coding: Coding | undefined,
    request: Request,
    response: Response,
    next: CallHandler,
  ): Observable<unknown> {
    let settle!: (made: Representation | undefined) => void;
    const made = new Promise<Representation | undefined>((resolve) => (settle = resolve));
    this.making.set(key, made);
    return next.handle().pipe(
      mergeMap(async (result) => {
        const representation = this.represent(result, request, response);
        if (!representation) return result;
        await representation.compress(coding);
        await this.cache.set(key, representation);
        settle(representation);
        return representation;
      }),
      finalize(() => {
        settle(undefined);
        if (this.making.get(key) === made) this.making.delete(key);
      }),
    );
  }

  /** A kept representation, compressed first into the request's coding if no one asked for it yet. */
  private async inCoding(
    key: string,
    kept: Representation,
    coding: Coding | undefined,
  ): Promise<Representation> {
    if (kept.lacks(coding)) {
      await kept.compress(coding);
      // Stored again, so that the cache weighs the coding too.
      await this.cache.set(key, kept);
    }
    return kept;
  }

  /** The representation kept for this key, or the one another request is making for it now. */
  private async kept(key: string): Promise<Representation | undefined> {
    return (await this.cache.get<Representation>(key)) ?? this.making.get(key);
  }

  /** A handler's result as its representation; a page of a list says where the others are. */
  private represent(result: unknown, request: Request, response: Response) {
    const page = pageOf(result);
    if (page) response.setHeader('Link', pageLinkHeader(request, this.config.publicUrl, page));
    return Representation.of(result, response);
  }

  /** The dataset version, the URL and the values of the headers the route varies on. */
  private keyOf(varyOn: readonly string[], request: Request): string {
    const variant = varyOn.map((header) => `\n${request.get(header) ?? ''}`).join('');
    return `${this.catalog.snapshot().version} ${normalisedUrl(request)}${variant}`;
  }
}
