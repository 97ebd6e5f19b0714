import { createHash } from 'node:crypto';
import { searchWords } from '../core/search-words';
import { MAX_PAGE_SIZE, type SearchCoursesQuery } from './courses.dto';

/**
 * Page cursors of `searchCourses` (docs/api.md#pages): opaque to clients, they hold the hash of
 * the data files the page was cut from, the position after it, the page size and a fingerprint of
 * the filters, so a cursor is refused, saying why, on other data or with other filters. What a
 * search finds and its order depend on the data alone, never on the date (the date moves only a
 * course's verification status, which no filter or order reads), so a cursor outlives the day and a
 * position in the same data neither skips nor repeats a course.
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

/** A filter's values one way, whatever their order: any order finds the same courses. */
const values = (list: readonly string[] | undefined) => [...(list ?? [])].sort().join(',');

/** The filters and order of a search, written one way whatever way they were given. */
export function queryFingerprint(query: SearchCoursesQuery): string {
  const canonical = [
    values(query.level),
    values(query.specialty),
    values(query.price_band),
    query.community_only ? 1 : 0,
    query.include_inactive ? 1 : 0,
    query.sort ?? 'name-asc',
    searchWords(query.q ?? '').join(' '),
  ].join('\n');
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 12);
}

export function writeCursor(dataHash: string, fingerprint: string, at: CursorPosition): string {
  const fields = { v: dataHash, f: fingerprint, o: at.offset, l: at.limit };
  return Buffer.from(JSON.stringify(fields)).toString('base64url');
}

export function readCursor(
  cursor: string,
  dataHash: string,
  fingerprint: string,
  total: number,
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
  if (offset < 0 || offset > total || limit < 1 || limit > MAX_PAGE_SIZE) return 'malformed';
  return { offset, limit };
}
