import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import { RESPONSE_MAX_AGE_SECONDS } from '../core/caching';

/**
 * A 200 body as it goes on the wire (docs/api.md#caching-and-conditional-requests): its bytes,
 * strong ETag and content type, the headers that describe it, and its `br` and `gzip` codings, each
 * with its own ETag (RFC 9110 §8.8.3). Built once per dataset version and URL by the representation
 * interceptor and compressed into a coding the first time a client asks for it (then kept with
 * it), or per request where nothing may be kept; written here: the coding the client accepts, 304
 * when the client's copy of it is current, the bytes otherwise. Nothing else in the service
 * handles bytes.
 */

export const CACHE_CONTROL = `public, max-age=${RESPONSE_MAX_AGE_SECONDS}`;
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Headers a handler may set that describe its representation and are replayed with it. `Vary` is
 * not one: the interceptor sets it from the route's `@VaryOn()` on every answer.
 */
const DESCRIBING_HEADERS = ['link', 'content-language'];

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

/** Content codings offered, in the server's order of preference. */
export type Coding = 'br' | 'gzip';

/** Text, JSON, JavaScript, XML and SVG compress well; below 1 KB it is not worth a coding. */
const COMPRESSIBLE =
  /^(?:text\/|application\/(?:json|javascript|xml|[a-z.-]+\+(?:json|xml))|image\/svg\+xml)/;
const MIN_COMPRESSED_BYTES = 1024;

const compressors = { br: promisify(brotliCompress), gzip: promisify(gzip) };

/**
 * The bytes in memory of their own size. zlib hands back a view of its 16 KB (br) or 8 KB (gzip)
 * output chunk, and `Buffer.from` a short text as a view of a shared 8 KB pool: kept in the cache,
 * a 2 KB coding would hold 16 KB, and the cache's bound (which weighs lengths) would not bound the
 * memory it holds.
 */
function ownBytes(view: Buffer): Buffer {
  if (view.byteOffset === 0 && view.length === view.buffer.byteLength) return view;
  const own = Buffer.allocUnsafeSlow(view.length);
  view.copy(own);
  return own;
}

/**
 * Brotli 5 and gzip 6, off the event loop: brotli's higher qualities shrink these bodies hardly
 * more but cost many times the time, paid on every first request of a URL (docs/benchmarks.md).
 */
const OPTIONS = {
  /**
   * The body's size as a hint, so the encoder sizes its buffers to the body: without it, each
   * encoder takes megabytes for its largest window, even for a body of a kilobyte.
   */
  br: (body: Buffer) => ({
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  }),
  gzip: () => ({ level: 6 }),
};

/**
 * The coding a request accepts with the highest q-value, br when br and gzip tie; none without
 * `Accept-Encoding` (identity). A `*` gives its q-value to the codings not named.
 */
export function acceptedCoding(request: Request): Coding | undefined {
  const header = request.headers['accept-encoding'];
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    q.set(name, weight ? Number(weight[1]) : 1);
  }
  const of = (coding: Coding) => q.get(coding) ?? q.get('*') ?? 0;
  const [br, gzip] = [of('br'), of('gzip')];
  if (br <= 0 && gzip <= 0) return undefined;
  return br >= gzip ? 'br' : 'gzip';
}

interface Encoded {
  body: Buffer;
  etag: string;
}

export class Representation {
  readonly etag: string;
  private readonly encoded = new Map<Coding, Encoded>();
  private readonly compressing = new Map<Coding, Promise<void>>();

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
        ownBytes(Buffer.from(result)),
        textType(response.getHeader('Content-Type')),
        headers,
      );
    }
    if (typeof result !== 'object' || result === null || Buffer.isBuffer(result)) return undefined;
    if (typeof (result as { getStream?: unknown }).getStream === 'function') return undefined;
    return new Representation(ownBytes(Buffer.from(JSON.stringify(result))), JSON_TYPE, headers);
  }

  /** Bytes held: the body and its codings. */
  get size(): number {
    let size = this.body.length;
    for (const { body } of this.encoded.values()) size += body.length;
    return size;
  }

  get compressible(): boolean {
    return this.body.length >= MIN_COMPRESSED_BYTES && COMPRESSIBLE.test(this.type);
  }

  /** Whether the body still has to be compressed into `coding` before a request can have it. */
  lacks(coding: Coding | undefined): coding is Coding {
    return coding !== undefined && this.compressible && !this.encoded.has(coding);
  }

  /**
   * Compresses into `coding`, once: requests that need the same coding meanwhile share the work.
   * Codings are made as clients ask for them, so none is made that no client takes.
   */
  compress(coding: Coding | undefined): Promise<void> {
    if (!this.lacks(coding)) return Promise.resolve();
    let pending = this.compressing.get(coding);
    if (!pending) {
      pending = compressors[coding](this.body, OPTIONS[coding](this.body)).then((bytes) => {
        const body = ownBytes(bytes);
        this.encoded.set(coding, { body, etag: strongEtag(body) });
      });
      this.compressing.set(coding, pending);
      void pending.finally(() => this.compressing.delete(coding)).catch(() => undefined);
    }
    return pending;
  }

  /**
   * Writes this representation in the coding the request accepts (when it has been compressed
   * into it): a 304 without body when `If-None-Match` matches that coding's tag, else the bytes.
   */
  write(request: Request, response: Response): void {
    for (const [name, value] of this.headers) response.setHeader(name, value);
    const coding = this.compressible ? acceptedCoding(request) : undefined;
    const encoded = coding && this.encoded.get(coding);
    const { body, etag } = encoded || this;
    if (this.compressible) response.vary('Accept-Encoding');
    response.setHeader('ETag', etag);
    response.setHeader('Cache-Control', CACHE_CONTROL);
    if (ifNoneMatchMatches(request.headers['if-none-match'], etag)) {
      response.statusCode = 304;
      response.end();
      return;
    }
    response.statusCode = 200;
    response.setHeader('Content-Type', this.type);
    if (encoded) response.setHeader('Content-Encoding', coding!);
    response.setHeader('Content-Length', body.length);
    // Node writes no body for HEAD; the length is still that of GET's.
    response.end(body);
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
