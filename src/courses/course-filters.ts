import type { Course } from '../catalog/course.schema';
import {
  BUDGET_BANDS,
  LEVELS,
  SPECIALTY_MIN_COVERAGE,
  TOPICS,
  topicCoverage,
} from '../catalog/vocabulary';
import type { SearchCoursesQuery } from './courses.dto';

/**
 * The list's filters (docs/api.md#searchcourses), each written once for the list and its counts
 * (docs/api.md#getfacets): a filter is the values a course is kept under, and the values a query
 * keeps. A course is kept when, for every filter, one of its values is one the query keeps.
 *
 * The booleans read the same way: `community_only=false` is no filter, so every course is kept
 * under `false` and those with community or live training under `true` too; `include_inactive=true`
 * keeps every course and `false` (the default) the enrolling ones.
 */

/** "Community access or live training": any community at all, or a live format. */
export function hasCommunityOrLive(course: Course): boolean {
  return course.community !== 'No' || course.formats.includes('Live / community');
}

type Value = string | boolean;

interface Filter {
  /** Every value the filter takes, in the vocabulary's order. */
  values: readonly Value[];
  /** The values a course is kept under. */
  of(course: Course): readonly Value[];
  /** The values a query keeps; undefined keeps every course. */
  kept(query: SearchCoursesQuery): readonly Value[] | undefined;
}

const BOTH = [true, false] as const;
const FALSE = [false] as const;
const TRUE = [true] as const;

export const FILTERS = {
  level: {
    values: LEVELS,
    of: (course) => course.levels,
    kept: (query) => query.level,
  },
  specialty: {
    values: TOPICS,
    of: (course) =>
      TOPICS.filter(
        (topic) => topicCoverage(course.topic_coverage, topic) >= SPECIALTY_MIN_COVERAGE,
      ),
    kept: (query) => query.specialty,
  },
  price_band: {
    values: BUDGET_BANDS,
    of: (course) => (course.price.budget_band === null ? [] : [course.price.budget_band]),
    kept: (query) => query.price_band,
  },
  community_only: {
    values: BOTH,
    of: (course) => (hasCommunityOrLive(course) ? BOTH : FALSE),
    kept: (query) => (query.community_only ? TRUE : undefined),
  },
  include_inactive: {
    values: BOTH,
    of: (course) => (course.enrolling ? BOTH : TRUE),
    kept: (query) => (query.include_inactive ? undefined : FALSE),
  },
} satisfies Record<string, Filter>;

export type FilterName = keyof typeof FILTERS;
export const FILTER_NAMES = Object.keys(FILTERS) as FilterName[];

/**
 * The filters a query sets that narrow the courses a person asked for: every one that keeps some
 * courses only, but `include_inactive`, whose default (enrolling courses) is no filter a person
 * gave, and whose `true` widens the list.
 */
export const narrowingFilters = (query: SearchCoursesQuery): FilterName[] =>
  FILTER_NAMES.filter(
    (name) => name !== 'include_inactive' && FILTERS[name].kept(query) !== undefined,
  );

/** Whether a course is kept by one filter of a query. */
export function keptBy(name: FilterName, course: Course, query: SearchCoursesQuery): boolean {
  const filter: Filter = FILTERS[name];
  const kept = filter.kept(query);
  return kept === undefined || filter.of(course).some((value) => kept.includes(value));
}

/** Whether a course is kept by every filter of a query. */
export function keptByAll(course: Course, query: SearchCoursesQuery): boolean {
  return FILTER_NAMES.every((name) => keptBy(name, course, query));
}

/** Each filter's values, each with how many of `courses` it keeps, the other filters kept. */
export type FacetCounts = Record<FilterName, Record<string, number>>;

/**
 * For each filter, how many courses each of its values would give with every other filter of the
 * query kept: one pass over `courses` per filter.
 */
export function facetCounts(courses: readonly Course[], query: SearchCoursesQuery): FacetCounts {
  const counts = {} as FacetCounts;
  for (const name of FILTER_NAMES) {
    const filter: Filter = FILTERS[name];
    const byValue = Object.fromEntries(filter.values.map((value) => [String(value), 0]));
    const others = FILTER_NAMES.filter((other) => other !== name);
    for (const course of courses) {
      if (!others.every((other) => keptBy(other, course, query))) continue;
      for (const value of filter.of(course)) byValue[String(value)] += 1;
    }
    counts[name] = byValue;
  }
  return counts;
}
