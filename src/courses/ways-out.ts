import type { Course } from '../catalog/course.schema';
import type { CourseSearch } from '../catalog/course-search';
import { searchesNear } from '../catalog/search-suggestions';
import { FILTER_NAMES, FILTERS, type FilterName } from './course-filters';
import type { FacetsQuery } from './courses.dto';
import { searchCourses } from './courses.service';

/**
 * The ways out of an empty list (docs/api.md#ways-out-of-an-empty-list): each change of the query
 * that finds courses, with how many. The list itself stays empty on REST (the right answer); the
 * site's list page, `search_courses` and `/suggestions` offer these.
 */
export interface WayOut {
  /** A filter left out, the words left out, or other words in their place. */
  kind: 'drop_filter' | 'drop_words' | 'other_words';
  /** The parameter it changes. */
  parameter: FilterName | 'q';
  /**
   * Its value instead: the other words, or `true` for `include_inactive` (leaving out the filter
   * on enrolling courses); absent when the parameter is left out.
   */
  value?: string | true;
  /** How many courses the query so changed finds. */
  courses: number;
}

/** At most this many other words are offered. */
const MAX_OTHER_WORDS = 3;

/**
 * The ways out of a query that finds nothing, those finding most first within each kind: other
 * words (a term's name or a correction the words nearly spell, or the words with one left out),
 * then each filter given left out (for the default filter on enrolling courses, the courses not
 * enrolling too), then the words left out when filters remain. Only ways that find a course.
 */
export function waysOut(
  courses: readonly Course[],
  query: FacetsQuery,
  search: CourseSearch,
): WayOut[] {
  // Counted in no order: without its words, a query has none to rank by (`sort=relevance`).
  const count = (changed: FacetsQuery) =>
    searchCourses(courses, { ...changed, sort: undefined }, search).length;
  const ways: WayOut[] = [];
  if (query.q !== undefined) {
    const near = searchesNear(search, query.q, (q) => count({ ...query, q }));
    for (const { query: q, courses: found } of near.slice(0, MAX_OTHER_WORDS)) {
      ways.push({ kind: 'other_words', parameter: 'q', value: q, courses: found });
    }
  }
  const given = FILTER_NAMES.filter((name) => FILTERS[name].kept(query) !== undefined);
  const filtersWays = given.map((name): WayOut => {
    const changed =
      name === 'include_inactive'
        ? { ...query, include_inactive: true }
        : { ...query, [name]: undefined };
    return {
      kind: 'drop_filter',
      parameter: name,
      ...(name === 'include_inactive' ? { value: true as const } : {}),
      courses: count(changed),
    };
  });
  ways.push(...filtersWays.sort((a, b) => b.courses - a.courses));
  // The default filter (enrolling courses) alone is no filter a person gave.
  if (query.q !== undefined && given.some((name) => name !== 'include_inactive')) {
    ways.push({ kind: 'drop_words', parameter: 'q', courses: count({ ...query, q: undefined }) });
  }
  return ways.filter((way) => way.courses > 0);
}
