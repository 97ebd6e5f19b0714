import { CACHE_MANAGER, type Cache } from '@nestjs/cache-manager';
import {
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
  SetMetadata,
  StreamableFile,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { from, map, mergeMap, type Observable, of } from 'rxjs';
import { CatalogService } from '../catalog/catalog.service';
import { EncodedJson, strongEtag } from '../core/encoded-json';
import { EncodedBody } from '../core/express-adapter';
import { holdsAnswers } from './paths';

/**
 * Conditional GET and caching headers for every 200 GET/HEAD (decisions §6). A handler's object is
 * serialised as JSON; a string is sent as is with the content type the handler set; an
 * `EncodedJson` is sent as it was encoded, with its tag. The body's bytes give a strong ETag,
 * `If-None-Match` is evaluated as RFC 9110 says, and the adapter (`BytesAwareExpressAdapter`)
 * writes the outcome: a 304 without body or content headers, and no body for HEAD.
 *
 * Serialised bodies and their tags are kept per dataset version and URL, except where the URL holds
 * recommendation answers (decisions §8): nothing is stored under those URLs. (Recommendations come
 * encoded from the table of every answer combination, built per dataset version.)
 * A handler that sets its own `Cache-Control` (operations endpoints) is left alone.
 */

export const CACHE_CONTROL = 'public, max-age=300';
const JSON_TYPE = 'application/json; charset=utf-8';

export interface Representation {
  /** Encoded once, when first served for a dataset version. */
  body: Buffer;
  etag: string;
  type: string;
  /** Headers the handler set that describe the representation, replayed on cache hits. */
  headers: [string, string][];
}

const REPRESENTATION_HEADERS = ['link', 'vary', 'content-language'];

const VARY_ON = 'edge:vary-on';
/**
 * The request headers a handler's representation depends on (content negotiation): their values
 * become part of the cache key, so one variant is never served for another.
 */
export const VaryOn = (...headers: string[]) =>
  SetMetadata(
    VARY_ON,
    headers.map((header) => header.toLowerCase()),
  );

const ENTITY_TAG = /(?:W\/)?"[^"]*"/g;

/**
 * RFC 9110 §13.1.2: `*`, or any listed tag equal to ours by weak comparison (`W/` ignored).
 * Unlike Express's own `fresh` check, a request's `Cache-Control: no-cache` does not turn this off:
 * that directive speaks to caches, and browsers' fetch adds it to every conditional request.
 */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  // What a client that cached our response sends back: no list to parse.
  if (header === etag) return true;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return (header.match(ENTITY_TAG) ?? []).some((tag) => tag.replace(/^W\//, '') === opaque);
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
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Cache-Control', 'no-store');
      return next.handle();
    }
    if (response.hasHeader('Cache-Control')) return next.handle();
    const varyOn = this.reflector.get<string[] | undefined>(VARY_ON, context.getHandler()) ?? [];
    const variant = varyOn.map((header) => `\n${request.get(header) ?? ''}`).join('');
    const key = holdsAnswers(request.path)
      ? undefined
      : `${this.catalog.snapshot().version} ${normalisedUrl(request)}${variant}`;
    if (key === undefined) {
      return next.handle().pipe(map((result) => respond(request, response, result)));
    }
    return from(this.cache.get<Representation>(key)).pipe(
      mergeMap((hit) =>
        hit
          ? of(send(request, response, hit))
          : next.handle().pipe(
              mergeMap(async (result) => {
                const representation = representationOf(response, result);
                if (representation === undefined) return result;
                await this.cache.set(key, representation);
                return send(request, response, representation);
              }),
            ),
      ),
    );
  }
}

/** Sends a handler's result as its representation, or leaves it to Nest when it has none. */
function respond(request: Request, response: Response, result: unknown): unknown {
  const representation = representationOf(response, result);
  return representation === undefined ? result : send(request, response, representation);
}

/**
 * The representation of a handler's 200 result: its bytes, type, tag and the headers that describe
 * it. None for other statuses, buffers and streams, which Nest sends as they are.
 */
function representationOf(response: Response, result: unknown): Representation | undefined {
  const serialisable =
    typeof result === 'string' ||
    (typeof result === 'object' &&
      result !== null &&
      !Buffer.isBuffer(result) &&
      !(result instanceof StreamableFile));
  if (!serialisable || response.statusCode !== 200 || response.headersSent) return undefined;
  const headers: [string, string][] = [];
  for (const name of REPRESENTATION_HEADERS) {
    const value = response.getHeader(name);
    if (value !== undefined) headers.push([name, String(value)]);
  }
  return { ...encode(result, response), headers };
}

/** A handler's string, object or `EncodedJson` as bytes with their type and tag. */
function encode(result: string | object, response: Response): Omit<Representation, 'headers'> {
  if (result instanceof EncodedJson)
    return { body: result.body, etag: result.etag, type: JSON_TYPE };
  if (typeof result === 'string') {
    const body = Buffer.from(result);
    return { body, etag: strongEtag(body), type: textType(response.getHeader('Content-Type')) };
  }
  const body = Buffer.from(JSON.stringify(result));
  return { body, etag: strongEtag(body), type: JSON_TYPE };
}

/** The handler's type for a string body, with the charset Express adds when it sends a string. */
function textType(declared: unknown): string {
  const type = typeof declared === 'string' ? declared : 'text/plain';
  return /;\s*charset=/i.test(type) ? type : `${type}; charset=utf-8`;
}

/**
 * Sets a representation's headers and hands its bytes to the adapter, which answers 304 without
 * them when `If-None-Match` matches (Express's own `fresh` check is not used, see above).
 */
function send(
  request: Request,
  response: Response,
  { body, etag, type, headers }: Representation,
): EncodedBody {
  const notModified = ifNoneMatchMatches(request.headers['if-none-match'], etag);
  for (const [name, value] of headers) response.setHeader(name, value);
  if (!notModified) response.setHeader('Content-Type', type);
  response.setHeader('ETag', etag);
  response.setHeader('Cache-Control', CACHE_CONTROL);
  return new EncodedBody(body, notModified);
}
