import { createHash } from 'node:crypto';
import { readCursor as readPageCursor } from '../core/page-cursor';
import { searchWords } from '../core/search-words';
import { MAX_PAGE_SIZE, type SearchCoursesQuery } from './courses.dto';

/**
 * Page cursors of `searchCourses` (docs/api.md#pages), written and read as every list's
 * (core/page-cursor.ts). What a search finds and its order depend on the data alone, never on the
 * date (the date moves only a course's verification status, which no filter or order reads), so a
 * cursor outlives the day.
 */

export {
  CURSOR_REFUSALS,
  type CursorPosition,
  type CursorRefusal,
  writeCursor,
} from '../core/page-cursor';

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

export function readCursor(
  cursor: string,
  dataHash: string,
  fingerprint: string,
  total: number,
): ReturnType<typeof readPageCursor> {
  return readPageCursor(cursor, dataHash, fingerprint, total, MAX_PAGE_SIZE);
}
