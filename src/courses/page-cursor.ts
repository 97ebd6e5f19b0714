import { filtersFingerprint } from '../core/page-cursor';
import { searchWords } from '../core/search-words';
import type { SearchCoursesQuery } from './courses.dto';

/**
 * What binds a `searchCourses` cursor to its query (docs/api.md#pages; the cursors are every
 * list's, core/page-cursor.ts). What a search finds and its order depend on the data alone, never
 * on the date (the date moves only a course's verification status, which no filter or order
 * reads), so a cursor outlives the day.
 */

/** A filter's values one way, whatever their order: any order finds the same courses. */
const values = (list: readonly string[] | undefined) => [...(list ?? [])].sort().join(',');

/** The filters and order of a search, written one way whatever way they were given. */
export function queryFingerprint(query: SearchCoursesQuery): string {
  return filtersFingerprint([
    values(query.level),
    values(query.specialty),
    values(query.price_band),
    query.community_only ? 1 : 0,
    query.include_inactive ? 1 : 0,
    query.sort ?? 'name-asc',
    searchWords(query.q ?? '').join(' '),
  ]);
}
