import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import type { Envelope, Meta } from './envelope.schema';

/**
 * Where a page of a list sits (docs/api.md#pages): its size, its first item's position, how many
 * items there are in all, and the cursors of the pages after and before it.
 */
export interface Page {
  readonly limit: number;
  readonly offset: number;
  readonly total: number;
  readonly next?: string;
  readonly prev?: string;
}

/**
 * The page an envelope holds, under a symbol: no part of the body (JSON leaves it out), read by
 * each face to say how to get the other pages in its own terms (a `Link` header, a note to the
 * assistant).
 */
export const PAGE = Symbol('page');
export type PagedEnvelope<T> = Envelope<T> & { [PAGE]?: Page };

export function pageOf(body: unknown): Page | undefined {
  return typeof body === 'object' && body !== null ? (body as { [PAGE]?: Page })[PAGE] : undefined;
}

/**
 * What a service answers: its data, the `meta` of the one dataset version the data was read from,
 * for lists the number of items, and for a page of a list where it sits. Handlers return it as it
 * is; the envelope interceptor writes the wire shape, so a reload between the service and the
 * response cannot pair the data of one version with the meta of another.
 */
export class Answer<T> {
  constructor(
    readonly data: T,
    readonly meta: Meta,
    readonly count?: number,
    readonly page?: Page,
  ) {}

  /** The success body: exactly `data` and `meta`, with `count` in `meta` on lists. */
  toEnvelope(): PagedEnvelope<T> {
    const { data, meta, count, page } = this;
    const body = { data, meta: count === undefined ? meta : { ...meta, count } };
    return page ? Object.assign(body, { [PAGE]: page }) : body;
  }
}

/**
 * Wraps a handler's `Answer` in the `{data, meta}` envelope: one interceptor for the REST API
 * (global) and the MCP tools and resources (theirs), so both faces send the same body. Anything
 * else a handler returns (pages, documents, files) passes through.
 */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next
      .handle()
      .pipe(map((result) => (result instanceof Answer ? result.toEnvelope() : result)));
  }
}
