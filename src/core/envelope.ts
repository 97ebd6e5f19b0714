import type { Envelope, Meta } from './envelope.schema';

/** The success body: exactly `data` and `meta` (with `count` on lists). */
export function envelope<T>(meta: Meta, data: T, count?: number): Envelope<T> {
  return { data, meta: count === undefined ? meta : { ...meta, count } };
}
