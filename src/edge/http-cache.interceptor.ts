import { createHash } from 'node:crypto';
import { CACHE_MANAGER, type Cache } from '@nestjs/cache-manager';
import {
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
  StreamableFile,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { from, map, mergeMap, type Observable, of } from 'rxjs';
import { CatalogService } from '../catalog/catalog.service';
import { RESPONSE_MAX_AGE_SECONDS } from '../core/caching';
import { NO_STORE, VARY_ON } from './policies';

/**
 * Caching headers and conditional GET for every 200 answer to GET and HEAD
 * (docs/api.md#caching-and-conditional-requests). A handler's result is serialised here (an object
 * as JSON, a string as it is) and given a weak ETag computed from the body, which stands for every
 * content coding the `compression` middleware may apply; Express then answers 304 when
 * `If-None-Match` matches it, and handles HEAD. The body, its tag and the headers that describe it
 * are kept in the cache-manager store per catalog version and URL (plus the headers the route
 * varies on), so the next request for that URL runs no handler; never for a route marked
 * `@NoStore()`, whose URLs hold answers (docs/privacy.md#caches). A handler that sets its own
 * `Cache-Control` (operations, a page not complete yet) is left alone.
 */

export const CACHE_CONTROL = `public, max-age=${RESPONSE_MAX_AGE_SECONDS}`;
const JSON_TYPE = 'application/json; charset=utf-8';

/** Headers a handler may set that describe its answer, kept and sent again with it. */
const DESCRIBING_HEADERS = ['content-type', 'link', 'content-language'];

/** Whether the access log may write a request's query string: set once the route is known. */
export const QUERY_LOGGABLE = 'queryLoggable';

/** A 200 answer as the cache keeps it. */
export interface CachedAnswer {
  body: string;
  etag: string;
  headers: [name: string, value: string][];
}

/** The weak entity tag of a body: one tag for every coding of it (RFC 9110 §8.8.1). */
export function weakEtag(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Path plus query with parameters in a stable order, so `?a=1&b=2` and `?b=2&a=1` share an entry. */
function normalisedUrl(request: Request): string {
  const query = request.url.indexOf('?');
  if (query < 0) return request.path;
  const params = new URLSearchParams(request.url.slice(query + 1));
  params.sort();
  return `${request.path}?${params}`;
}

@Injectable()
export class HttpCacheInterceptor implements NestInterceptor {
  constructor(
    @Inject(CACHE_MANAGER) private readonly cache: Cache,
    private readonly catalog: CatalogService,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    const noStore = this.reflector.get<boolean>(NO_STORE, context.getHandler()) ?? false;
    const varyOn = this.reflector.get<string[] | undefined>(VARY_ON, context.getHandler()) ?? [];
    response.locals[QUERY_LOGGABLE] = !noStore;
    // Said here once, for the kept answer and the fresh one alike (and for errors).
    for (const header of varyOn) response.vary(header);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Cache-Control', 'no-store');
      return next.handle();
    }
    if (response.hasHeader('Cache-Control')) return next.handle();
    evaluateIfNoneMatchAtOrigin(request);
    if (noStore) {
      return next.handle().pipe(map((result) => this.answer(result, response)?.body ?? result));
    }
    const key = this.keyOf(varyOn, request);
    return from(this.cache.get<CachedAnswer>(key)).pipe(
      mergeMap((kept) => {
        if (kept) return of(this.send(kept, response));
        return next.handle().pipe(
          mergeMap(async (result) => {
            const answer = this.answer(result, response);
            if (!answer) return result;
            await this.cache.set(key, answer);
            return answer.body;
          }),
        );
      }),
    );
  }

  /**
   * A handler's 200 result as the answer to send and keep: the body as text and its headers, set
   * on the response. Undefined for anything else (another status, a stream, a handler's own
   * `Cache-Control`), which Nest sends as it is.
   */
  private answer(result: unknown, response: Response): CachedAnswer | undefined {
    if (response.statusCode !== 200 || response.hasHeader('Cache-Control')) return undefined;
    let body: string;
    if (typeof result === 'string') body = result;
    else if (
      typeof result === 'object' &&
      result !== null &&
      !Buffer.isBuffer(result) &&
      !(result instanceof StreamableFile)
    ) {
      body = JSON.stringify(result);
      response.setHeader('Content-Type', JSON_TYPE);
    } else return undefined;
    const headers = DESCRIBING_HEADERS.flatMap((name) => {
      const value = response.getHeader(name);
      return value === undefined ? [] : [[name, String(value)] as [string, string]];
    });
    const answer = { body, etag: weakEtag(body), headers };
    this.send(answer, response);
    return answer;
  }

  /** Sets an answer's headers on the response; Express then sends the body, or 304. */
  private send(answer: CachedAnswer, response: Response): string {
    for (const [name, value] of answer.headers) response.setHeader(name, value);
    response.setHeader('Cache-Control', CACHE_CONTROL);
    response.setHeader('ETag', answer.etag);
    return answer.body;
  }

  /** The catalog version, the URL and the values of the headers the route varies on. */
  private keyOf(varyOn: readonly string[], request: Request): string {
    const variant = varyOn.map((header) => `\n${request.get(header) ?? ''}`).join('');
    return `${this.catalog.current().version} ${normalisedUrl(request)}${variant}`;
  }
}

/**
 * Express answers 304 (`res.send`, `req.fresh`) when `If-None-Match` matches the ETag, except
 * when the request also says `Cache-Control: no-cache` (https://github.com/jshttp/fresh/issues/16),
 * which fetch() adds to every request that carries `If-None-Match`. That directive speaks to
 * caches (RFC 9111 §5.2.1.4); an origin server evaluates `If-None-Match` whatever it says
 * (RFC 9110 §13.1.2), so it is set aside before Express reads the request.
 */
function evaluateIfNoneMatchAtOrigin(request: Request): void {
  if (request.headers['if-none-match'] !== undefined) delete request.headers['cache-control'];
}
