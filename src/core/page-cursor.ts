import { createHash } from 'node:crypto';
import type { Paging } from './envelope';
import type { InputClass } from './validation/input-metadata';
import { inputError } from './validation/input-problems';

/**
 * Page cursors of a list (docs/api.md#pages): opaque to clients, they hold the hash of the data
 * files the page was cut from, the position after it, the page size and a fingerprint of the
 * list's filters, so a cursor is refused, saying why, on other data or with other filters. A list
 * whose content and order depend on the data alone (never on the date) lets a cursor outlive the
 * day, and a position in the same data neither skips nor repeats an item.
 */

export interface CursorPosition {
  offset: number;
  limit: number;
}

/** Why a cursor cannot be read here, in words for the 422. */
export type CursorRefusal = 'malformed' | 'other_data' | 'other_query';

export const CURSOR_REFUSALS: Record<CursorRefusal, string> = {
  malformed: 'not a cursor this service gave: take the next link of a page',
  other_data:
    'from other data (the data files changed since that page was served): start again from the first page, without cursor',
  other_query:
    'belongs to other filters: keep the filters of the page it came from, or start again without cursor',
};

/** A list's filters and order, each written one way, as the short hash its cursors carry. */
export function filtersFingerprint(filters: readonly (string | number)[]): string {
  return createHash('sha256').update(filters.join('\n')).digest('base64url').slice(0, 12);
}

export function writeCursor(dataHash: string, fingerprint: string, at: CursorPosition): string {
  const fields = { v: dataHash, f: fingerprint, o: at.offset, l: at.limit };
  return Buffer.from(JSON.stringify(fields)).toString('base64url');
}

/** The position a cursor points at among `total` items, or why it cannot be read. */
export function readCursor(
  cursor: string,
  dataHash: string,
  fingerprint: string,
  total: number,
  maxPageSize: number,
): CursorPosition | CursorRefusal {
  let fields: { v?: unknown; f?: unknown; o?: unknown; l?: unknown };
  try {
    fields = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return 'malformed';
  }
  const { v, f, o, l } = fields ?? {};
  if (typeof v !== 'string' || typeof f !== 'string') return 'malformed';
  if (!Number.isInteger(o) || !Number.isInteger(l)) return 'malformed';
  if (v !== dataHash) return 'other_data';
  if (f !== fingerprint) return 'other_query';
  const [offset, limit] = [o as number, l as number];
  if (offset < 0 || offset > total || limit < 1 || limit > maxPageSize) return 'malformed';
  return { offset, limit };
}

/** What a paged list is asked for: a page size, and the page after (or before) a previous one. */
export interface PageRequest {
  limit?: number;
  cursor?: string;
}

/**
 * The page of `items` a request asks for, with where it sits and the cursors of the pages around
 * it. `limit` defaults to the cursor's own page size, else `sizes.default`. A cursor that cannot be
 * read here is the 422 of `input`'s `cursor`, saying why.
 */
export function pageOf<T>(
  items: readonly T[],
  request: PageRequest,
  key: { input: InputClass; dataHash: string; fingerprint: string },
  sizes: { default: number; max: number },
): { page: T[]; paging: Paging } {
  const at = request.cursor
    ? readCursor(request.cursor, key.dataHash, key.fingerprint, items.length, sizes.max)
    : { offset: 0, limit: request.limit ?? sizes.default };
  if (typeof at === 'string') {
    throw inputError(key.input, [
      { kind: 'invalid', name: 'cursor', value: request.cursor, detail: CURSOR_REFUSALS[at] },
    ]);
  }
  const limit = request.limit ?? at.limit;
  const cursorAt = (offset: number) =>
    writeCursor(key.dataHash, key.fingerprint, { offset, limit });
  return {
    page: items.slice(at.offset, at.offset + limit),
    paging: {
      limit,
      offset: at.offset,
      total: items.length,
      ...(at.offset + limit < items.length ? { next: cursorAt(at.offset + limit) } : {}),
      ...(at.offset > 0 ? { prev: cursorAt(Math.max(0, at.offset - limit)) } : {}),
    },
  };
}
