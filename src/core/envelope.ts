import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import type { EnvelopeBody, Meta } from './envelope.schema';

/**
 * Where a page of a list sits (docs/api.md#pages): its size, its first item's position, how many
 * items match in all, and the cursors of the pages after and before it.
 */
export interface Paging {
  readonly limit: number;
  readonly offset: number;
  readonly total: number;
  readonly next?: string;
  readonly prev?: string;
}

/**
 * What a service returns: its data with the `meta` of the one catalog version it read, and for a
 * page of a list where it sits. Services never write the wire shape; the envelope interceptor does,
 * so the data of one version is never paired with the meta of another.
 */
export class Envelope<T> {
  constructor(
    readonly data: T,
    readonly meta: Meta,
    readonly paging?: Paging,
  ) {}

  /** The success body: exactly `data` and `meta`, with `count` in `meta` when `data` is a list. */
  body(): EnvelopeBody<T> {
    const { data, meta } = this;
    return { data, meta: Array.isArray(data) ? { ...meta, count: data.length } : meta };
  }
}

/**
 * Turns a handler's `Envelope` into its `{data, meta}` body: global for the REST API; the MCP
 * tools and resources read the same `body()`. Anything else a handler returns (pages, documents,
 * files) passes through.
 */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next
      .handle()
      .pipe(map((result) => (result instanceof Envelope ? result.body() : result)));
  }
}
