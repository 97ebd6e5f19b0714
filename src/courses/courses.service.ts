import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import type { Course } from '../catalog/course.schema';
import { byName } from '../catalog/name-order';
import type { CourseSearch } from '../catalog/course-search';
import { unknownCourses } from '../catalog/unknown-courses';
import { type Sort, topicCoverage } from '../catalog/vocabulary';
import { Envelope } from '../core/envelope';
import { pageOf } from '../core/page-cursor';
import { isSlug } from '../core/slug';
import { type FacetCounts, facetCounts, keptByAll } from './course-filters';
import { type FacetsQuery, MAX_PAGE_SIZE, SearchCoursesQuery } from './courses.dto';
import { queryFingerprint } from './page-cursor';

const FOCUS_RANK = { High: 3, Medium: 2, Low: 1, None: 0 } as const;

/** Unknown values (null) sort last whichever the direction. */
function nullsLast<T>(a: T | null, b: T | null, compare: (x: T, y: T) => number): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return compare(a, b);
}

const SORTERS: Record<Exclude<Sort, 'relevance'>, (a: Course, b: Course) => number> = {
  'name-asc': byName,
  'price-asc': (a, b) =>
    nullsLast(a.price.first_year_cost_usd, b.price.first_year_cost_usd, (x, y) => x - y) ||
    byName(a, b),
  'price-desc': (a, b) =>
    nullsLast(a.price.first_year_cost_usd, b.price.first_year_cost_usd, (x, y) => y - x) ||
    byName(a, b),
  'verified-desc': (a, b) =>
    nullsLast(a.verification.last_verified_on, b.verification.last_verified_on, (x, y) =>
      y.localeCompare(x),
    ) || byName(a, b),
  'geo-desc': (a, b) =>
    FOCUS_RANK[b.ai_geo_focus] - FOCUS_RANK[a.ai_geo_focus] ||
    topicCoverage(b.topic_coverage, 'ai_geo') - topicCoverage(a.topic_coverage, 'ai_geo') ||
    byName(a, b),
};

/** The courses the words found (their slugs scored), or every course without words. */
function foundBy(courses: readonly Course[], scores?: ReadonlyMap<string, number>): Course[] {
  return scores === undefined ? [...courses] : courses.filter((course) => scores.has(course.slug));
}

/**
 * The courses a query finds, in its order: kept by every filter (course-filters.ts) and, with `q`,
 * found by its words (`search`, the catalog's; required with `q`); best match first for
 * `sort=relevance`.
 */
export function searchCourses(
  courses: readonly Course[],
  query: SearchCoursesQuery,
  search?: CourseSearch,
): Course[] {
  const scores = query.q === undefined ? undefined : search!.find(query.q);
  const found = foundBy(courses, scores).filter((course) => keptByAll(course, query));
  if (query.sort === 'relevance') {
    return found.sort((a, b) => scores!.get(b.slug)! - scores!.get(a.slug)! || byName(a, b));
  }
  // The catalog keeps courses in name order already.
  return !query.sort || query.sort === 'name-asc' ? found : found.sort(SORTERS[query.sort]);
}

@Injectable()
export class CoursesService {
  constructor(private readonly catalog: CatalogService) {}

  /** Every course found, or with `limit` (or a cursor) a page of them. */
  search(query: SearchCoursesQuery): Envelope<Course[]> {
    const current = this.catalog.current();
    const found = searchCourses(current.courses, query, current.search);
    if (query.limit === undefined && query.cursor === undefined) {
      return new Envelope(found, current.meta);
    }
    const { page, paging } = pageOf(
      found,
      query,
      {
        input: SearchCoursesQuery,
        dataHash: current.dataset.hash,
        fingerprint: queryFingerprint(query),
      },
      // Without `limit` and a cursor the whole list is answered (above): the default never applies.
      { default: MAX_PAGE_SIZE, max: MAX_PAGE_SIZE },
    );
    return new Envelope(page, current.meta, paging);
  }

  /**
   * How many courses each value of each filter would give, the query's other filters and words
   * kept, and how many the query finds (docs/api.md#getfacets).
   */
  facets(query: FacetsQuery): Envelope<{ total: number; facets: FacetCounts }> {
    const current = this.catalog.current();
    const scores = query.q === undefined ? undefined : current.search.find(query.q);
    const found = foundBy(current.courses, scores);
    const total = found.filter((course) => keptByAll(course, query)).length;
    return new Envelope({ total, facets: facetCounts(found, query) }, current.meta);
  }

  get(slug: string): Envelope<Course> {
    const current = this.catalog.current();
    const course = isSlug(slug) ? current.bySlug.get(slug) : undefined;
    if (!course) throw unknownCourses([slug], [...current.bySlug.keys()]);
    return new Envelope(course, current.meta);
  }
}
