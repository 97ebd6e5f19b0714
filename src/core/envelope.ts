import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import type { Envelope, Meta } from './envelope.schema';

/**
 * What a service answers: its data, the `meta` of the one dataset version the data was read from,
 * and for lists the number of items. Handlers return it as it is; the envelope interceptor writes
 * the wire shape, so a reload between the service and the response cannot pair the data of one
 * version with the meta of another.
 */
export class Answer<T> {
  constructor(
    readonly data: T,
    readonly meta: Meta,
    readonly count?: number,
  ) {}

  /** The success body: exactly `data` and `meta`, with `count` in `meta` on lists. */
  toEnvelope(): Envelope<T> {
    const { data, meta, count } = this;
    return { data, meta: count === undefined ? meta : { ...meta, count } };
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
