import { createHash } from 'node:crypto';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import { RESPONSE_MAX_AGE_SECONDS } from '../core/caching';

/**
 * A 200 body as it goes on the wire (decisions §6): its bytes, strong ETag and content type, plus
 * the headers that describe it. Built once per dataset version and URL by the representation
 * interceptor (or per request where nothing may be kept), and written here: 304 when the client's
 * copy is current, the bytes otherwise. Nothing else in the service handles bytes.
 */

export const CACHE_CONTROL = `public, max-age=${RESPONSE_MAX_AGE_SECONDS}`;
const JSON_TYPE = 'application/json; charset=utf-8';

/** Headers a handler may set that describe its representation and are replayed with it. */
const DESCRIBING_HEADERS = ['link', 'vary', 'content-language'];

/** A strong entity tag computed from a body's bytes. */
export function strongEtag(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

const ENTITY_TAG = /(?:W\/)?"[^"]*"/g;

/**
 * RFC 9110 §13.1.2: `*`, or any listed tag equal to ours by weak comparison (`W/` ignored).
 * Unlike Express's own `fresh` check, a request's `Cache-Control: no-cache` does not turn this off:
 * that directive speaks to caches, and browsers' fetch adds it to every conditional request.
 */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header === etag || header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return (header.match(ENTITY_TAG) ?? []).some((tag) => tag.replace(/^W\//, '') === opaque);
}

export class Representation {
  readonly etag: string;

  constructor(
    readonly body: Buffer,
    readonly type: string,
    readonly headers: readonly (readonly [string, string])[] = [],
  ) {
    this.etag = strongEtag(body);
  }

  /**
   * A handler's 200 result as a representation: an object as JSON, a string as the text it is with
   * the content type the handler set. Anything else (streams, buffers, other statuses) is Nest's.
   */
  static of(result: unknown, response: Response): Representation | undefined {
    if (response.statusCode !== 200 || response.headersSent) return undefined;
    const headers = DESCRIBING_HEADERS.flatMap((name) => {
      const value = response.getHeader(name);
      return value === undefined ? [] : [[name, String(value)] as const];
    });
    if (typeof result === 'string') {
      return new Representation(
        Buffer.from(result),
        textType(response.getHeader('Content-Type')),
        headers,
      );
    }
    if (typeof result !== 'object' || result === null || Buffer.isBuffer(result)) return undefined;
    if (typeof (result as { getStream?: unknown }).getStream === 'function') return undefined;
    return new Representation(Buffer.from(JSON.stringify(result)), JSON_TYPE, headers);
  }

  /** Writes this representation: a 304 without body when `If-None-Match` matches, else the bytes. */
  write(request: Request, response: Response): void {
    for (const [name, value] of this.headers) response.setHeader(name, value);
    response.setHeader('ETag', this.etag);
    response.setHeader('Cache-Control', CACHE_CONTROL);
    if (ifNoneMatchMatches(request.headers['if-none-match'], this.etag)) {
      response.statusCode = 304;
      response.end();
      return;
    }
    response.statusCode = 200;
    response.setHeader('Content-Type', this.type);
    response.setHeader('Content-Length', this.body.length);
    // Node writes no body for HEAD; the length is still that of GET's.
    response.end(this.body);
  }
}

/** The handler's type for a string body, with the charset Express adds when it sends a string. */
function textType(declared: unknown): string {
  const type = typeof declared === 'string' ? declared : 'text/plain';
  return /;\s*charset=/i.test(type) ? type : `${type}; charset=utf-8`;
}

/**
 * Nest's Express adapter, which writes a Representation itself (as a 304 or as its bytes) instead
 * of handing it to Express's `res.send`, which would serialise it again and re-derive its type,
 * length and freshness. Every other reply is the stock adapter's.
 */
export class RepresentationAwareAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (!(body instanceof Representation)) return super.reply(response, body, statusCode);
    body.write(response.req, response);
    return response;
  }
}
