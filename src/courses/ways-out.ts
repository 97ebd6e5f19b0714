import type { Course } from '../catalog/course.schema';
import type { CourseSearch } from '../catalog/course-search';
import { searchesNear } from '../catalog/search-suggestions';
import { FILTER_NAMES, FILTERS, type FilterName, narrowingFilters } from './course-filters';
import type { FacetsQuery } from './courses.dto';
import { searchCourses } from './courses.service';

/**
 * The ways out of an empty list (docs/api.md#ways-out-of-an-empty-list): each change of the query
 * that finds courses, with how many. The list itself stays empty on REST (the right answer); the
 * site's list page and `search_courses` offer these, and `/suggestions` the other words alone.
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

/**
 * A query's parameters with one way's change made (the site's list address, the tool's arguments,
 * the count): the parameter left out or given its value, and without words `sort=relevance` left
 * out too, since it ranks by the words (docs/api.md#searchcourses). The page's place goes: the
 * changed query starts at its first page.
 */
export function withWay(
  params: object,
  way: Pick<WayOut, 'parameter' | 'value'>,
): Record<string, unknown> {
  const { cursor: _cursor, [way.parameter]: _changed, ...kept } = params as Record<string, unknown>;
  const changed: Record<string, unknown> =
    way.value === undefined ? kept : { ...kept, [way.parameter]: way.value };
  if (changed.q === undefined && changed.sort === 'relevance') delete changed.sort;
  return changed;
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
  // Each way counted as the query it leads to (the link, the tool's arguments): withWay.
  const count = (way: Omit<WayOut, 'courses'>): WayOut => ({
    ...way,
    courses: searchCourses(courses, withWay(query, way) as FacetsQuery, search).length,
  });
  const ways: WayOut[] = [];
  if (query.q !== undefined) {
    const near = searchesNear(
      search,
      query.q,
      (q) => count({ kind: 'other_words', parameter: 'q', value: q }).courses,
    );
    for (const { query: q, courses: found } of near.slice(0, MAX_OTHER_WORDS)) {
      ways.push({ kind: 'other_words', parameter: 'q', value: q, courses: found });
    }
  }
  const given = FILTER_NAMES.filter((name) => FILTERS[name].kept(query) !== undefined);
  const filtersWays = given.map((name) =>
    count({
      kind: 'drop_filter',
      parameter: name,
      // Leaving out the filter on enrolling courses is asking for the others too.
      ...(name === 'include_inactive' ? { value: true as const } : {}),
    }),
  );
  ways.push(...filtersWays.sort((a, b) => b.courses - a.courses));
  if (query.q !== undefined && narrowingFilters(query).length > 0) {
    ways.push(count({ kind: 'drop_words', parameter: 'q' }));
  }
  return ways.filter((way) => way.courses > 0);
}
