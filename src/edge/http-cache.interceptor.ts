import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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
import fresh from 'fresh';
import Negotiator from 'negotiator';
import { from, mergeMap, type Observable } from 'rxjs';
import { CatalogService } from '../catalog/catalog.service';
import { CACHE_CONTROL } from '../core/caching';
import { NO_STORE, type NoStorePolicy, VARY_ON } from './policies';

/**
 * Caching headers, conditional GET and content codings for every 200 answer to GET and HEAD
 * (docs/api.md#caching-and-conditional-requests). A handler's result is serialised here (an object
 * as JSON, a string as it is) and given a weak ETag computed from its bytes, which stands for every
 * coding of them. When `If-None-Match` matches it, Express answers 304 (`fresh`, RFC 9110); else
 * the bytes are written here, in the coding the request accepts (br or gzip, from 1 KB), and Nest
 * ends the response.
 *
 * The bytes, the tag, the headers that describe them and each coding a client has asked for are
 * kept in the cache-manager store per catalog version and URL (plus the headers the route varies
 * on), so the next request for that URL runs no handler, and compresses nothing once its coding is
 * kept. Never for a request of a route marked `@NoStore()` whose URL holds answers
 * (docs/privacy.md#caches): its answers are made, and compressed, per request, and sent with the
 * route's own `Cache-Control` when it has one (`no-store`). A handler that sets its own `Cache-Control`
 * (operations, a page not complete yet) is left alone.
 */

const JSON_TYPE = 'application/json; charset=utf-8';
/** What Express gives a string without a declared type. */
const HTML_TYPE = 'text/html; charset=utf-8';

/** Headers a handler may set that describe its answer, kept and sent again with it. */
const DESCRIBING_HEADERS = ['content-type', 'link', 'x-total-count', 'content-language'];

/** Whether the access log may write a request's query string: set once the route is known. */
export const QUERY_LOGGABLE = 'queryLoggable';

type Coding = 'br' | 'gzip';
/** The codings offered, in the service's order of preference when a client weighs them alike. */
const CODINGS = ['br', 'gzip', 'identity'];

/** A 200 answer: its bytes, their tag, its headers, and as the cache keeps it each coding. */
export interface CachedAnswer {
  body: Buffer;
  etag: string;
  headers: [name: string, value: string][];
  /** Made the first time a client asks for each, then kept with the answer. */
  codings?: Partial<Record<Coding, Buffer>>;
}

/** The weak entity tag of a body: one tag for every coding of it (RFC 9110 §8.8.1). */
export function weakEtag(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Bodies below this are sent as they are: a coding would save next to nothing. */
const MIN_COMPRESSED_BYTES = 1024;

/**
 * As the `compression` middleware codes: brotli at quality 4, gzip at 6. On the event loop, which
 * costs a kept answer's first request in a coding at most some 25 ms (the 4 MB downloads of a
 * 3,400-course catalog) and an answer never kept under 0.2 ms; and it makes the requests that
 * arrive meanwhile find the coding kept, rather than each compress it again
 * (docs/architecture.md#the-http-pipeline).
 */
const COMPRESS: Record<Coding, (body: Buffer) => Buffer> = {
  br: (body) =>
    ownBytes(
      brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    ),
  gzip: (body) => ownBytes(gzipSync(body)),
};

/**
 * Bytes in memory of their own size. `Buffer.from` cuts a short text from a shared 8 KB pool, and
 * zlib hands back a view of its output chunk: kept in the cache, which weighs lengths, a 2 KB body
 * would hold 8 or 16 KB.
 */
function ownBytes(view: Buffer): Buffer {
  if (view.byteOffset === 0 && view.length === view.buffer.byteLength) return view;
  const own = Buffer.allocUnsafeSlow(view.length);
  view.copy(own);
  return own;
}

/**
 * The coding a request accepts best, br before gzip when it weighs them alike: negotiator 1.x's
 * `encoding(available, { preferred })`, as its README documents it (@types/negotiator describes 0.6).
 */
function negotiated(request: Request): string | undefined {
  const negotiator = new Negotiator(request) as unknown as {
    encoding(available: string[], options: { preferred: string[] }): string | undefined;
  };
  return negotiator.encoding(CODINGS, { preferred: CODINGS });
}

/**
 * Path plus query with parameters in a stable order, so `?a=1&b=2` and `?b=2&a=1` share an entry:
 * made from the query as Express parsed it, the input the operation read, so an answer is kept
 * under the parameters it answers and no others.
 */
function normalisedUrl(request: Request): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query)) {
    for (const one of [value].flat()) params.append(name, String(one));
  }
  params.sort();
  const query = `${params}`;
  return query === '' ? request.path : `${request.path}?${query}`;
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
    const policy = this.reflector.get<NoStorePolicy | undefined>(NO_STORE, context.getHandler());
    const noStore = policy !== undefined && (policy.holdsAnswers?.(request) ?? true);
    const cacheControl = (noStore && policy?.cacheControl) || CACHE_CONTROL;
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
      return next.handle().pipe(
        mergeMap(async (result) => {
          const answer = this.answer(result, response);
          return answer ? this.send(answer, request, response, cacheControl) : result;
        }),
      );
    }
    const key = this.keyOf(varyOn, request);
    return from(this.cache.get<CachedAnswer>(key)).pipe(
      mergeMap((kept) => {
        if (kept) return from(this.send(kept, request, response, CACHE_CONTROL, key));
        return next.handle().pipe(
          mergeMap(async (result) => {
            const answer = this.answer(result, response);
            if (!answer) return result;
            await this.cache.set(key, answer);
            return this.send(answer, request, response, CACHE_CONTROL, key);
          }),
        );
      }),
    );
  }

  /**
   * A handler's 200 result as an answer: its bytes and tag, and the headers that describe it.
   * Undefined for anything else (another status, a stream, a handler's own `Cache-Control`),
   * which Nest sends as it is.
   */
  private answer(result: unknown, response: Response): CachedAnswer | undefined {
    if (response.statusCode !== 200 || response.hasHeader('Cache-Control')) return undefined;
    let text: string;
    if (typeof result === 'string') {
      text = result;
      // As Express sends a string: UTF-8, said in the type; HTML when the handler set none.
      const type = response.getHeader('Content-Type');
      response.setHeader(
        'Content-Type',
        typeof type !== 'string'
          ? HTML_TYPE
          : /;\s*charset=/i.test(type)
            ? type
            : `${type}; charset=utf-8`,
      );
    } else if (
      typeof result === 'object' &&
      result !== null &&
      !Buffer.isBuffer(result) &&
      !(result instanceof StreamableFile)
    ) {
      text = JSON.stringify(result);
      response.setHeader('Content-Type', JSON_TYPE);
    } else return undefined;
    const headers = DESCRIBING_HEADERS.flatMap((name) => {
      const value = response.getHeader(name);
      return value === undefined ? [] : [[name, String(value)] as [string, string]];
    });
    const body = ownBytes(Buffer.from(text));
    return { body, etag: weakEtag(body), headers };
  }

  /**
   * Puts an answer's headers on the response, and writes its bytes in the coding the request
   * accepts, unless the client's copy is current: then nothing is written and Express, checking
   * `If-None-Match` as `fresh` does here, answers 304. Nest ends the response either way. A coding
   * the answer lacks is made now and, when the answer is kept under `key`, kept with it.
   */
  private async send(
    answer: CachedAnswer,
    request: Request,
    response: Response,
    cacheControl: string,
    key?: string,
  ) {
    for (const [name, value] of answer.headers) response.setHeader(name, value);
    response.setHeader('Cache-Control', cacheControl);
    response.setHeader('ETag', answer.etag);
    const compressible = answer.body.length >= MIN_COMPRESSED_BYTES;
    if (compressible) response.vary('Accept-Encoding');
    if (fresh(request.headers, { etag: answer.etag })) return undefined;
    const coding = compressible && negotiated(request);
    let bytes = answer.body;
    if (coding === 'br' || coding === 'gzip') {
      let coded = answer.codings?.[coding];
      if (!coded) {
        coded = COMPRESS[coding](answer.body);
        if (key !== undefined) {
          (answer.codings ??= {})[coding] = coded;
          // Set again, so that the cache weighs the coding too.
          await this.cache.set(key, answer);
        }
      }
      bytes = coded;
      response.setHeader('Content-Encoding', coding);
    }
    response.setHeader('Content-Length', bytes.length);
    response.write(bytes);
    return undefined;
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
