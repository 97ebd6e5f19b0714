import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import type { Course } from '../catalog/course.schema';
import { byName } from '../catalog/derive';
import { searchTextOf } from '../catalog/search-index';
import { type Sort, SPECIALTY_MIN_COVERAGE, topicCoverage } from '../catalog/vocabulary';
import { DomainError } from '../core/domain-error';
import { Envelope } from '../core/envelope';
import { matchesAll, searchWords } from '../core/search-words';
import { isSlug } from '../core/slug';
import { inputError } from '../core/validation/input-problems';
import { SearchCoursesQuery } from './courses.dto';
import { CURSOR_REFUSALS, queryFingerprint, readCursor, writeCursor } from './page-cursor';

/** "Community access or live training": any community at all, or a live format. */
export function hasCommunityOrLive(course: Course): boolean {
  return course.community !== 'No' || course.formats.includes('Live / community');
}

const FOCUS_RANK = { High: 3, Medium: 2, Low: 1, None: 0 } as const;

/** Unknown values (null) sort last whichever the direction. */
function nullsLast<T>(a: T | null, b: T | null, compare: (x: T, y: T) => number): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return compare(a, b);
}

const SORTERS: Record<Sort, (a: Course, b: Course) => number> = {
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

/**
 * The courses a query finds, in its order. `textOf` gives a course's searchable words: in the
 * service, the catalog's index, built once per dataset.
 */
export function searchCourses(
  courses: readonly Course[],
  query: SearchCoursesQuery,
  textOf: (course: Course) => string = searchTextOf,
): Course[] {
  const words = query.q === undefined ? [] : searchWords(query.q);
  const found = courses.filter(
    (course) =>
      (query.include_inactive || course.enrolling) &&
      (words.length === 0 || matchesAll(textOf(course), words)) &&
      (!query.level || course.levels.includes(query.level)) &&
      (!query.specialty ||
        topicCoverage(course.topic_coverage, query.specialty) >= SPECIALTY_MIN_COVERAGE) &&
      (!query.price_band || course.price.budget_band === query.price_band) &&
      (!query.community_only || hasCommunityOrLive(course)),
  );
  // The catalog keeps courses in name order already.
  return !query.sort || query.sort === 'name-asc' ? found : found.sort(SORTERS[query.sort]);
}

@Injectable()
export class CoursesService {
  constructor(private readonly catalog: CatalogService) {}

  /** Every course found, or with `limit` (or a cursor) a page of them. */
  search(query: SearchCoursesQuery): Envelope<Course[]> {
    const current = this.catalog.current();
    const found = searchCourses(current.courses, query, (course) =>
      current.searchText.get(course.slug)!,
    );
    if (query.limit === undefined && query.cursor === undefined) {
      return new Envelope(found, current.meta);
    }
    const fingerprint = queryFingerprint(query);
    const at = query.cursor
      ? readCursor(query.cursor, current.dataset.hash, fingerprint, found.length)
      : { offset: 0, limit: query.limit! };
    if (typeof at === 'string') {
      throw inputError(SearchCoursesQuery, [
        { kind: 'invalid', name: 'cursor', value: query.cursor, detail: CURSOR_REFUSALS[at] },
      ]);
    }
    const limit = query.limit ?? at.limit;
    const page = found.slice(at.offset, at.offset + limit);
    const cursorAt = (offset: number) =>
      writeCursor(current.dataset.hash, fingerprint, { offset, limit });
    return new Envelope(page, current.meta, {
      limit,
      offset: at.offset,
      total: found.length,
      ...(at.offset + limit < found.length ? { next: cursorAt(at.offset + limit) } : {}),
      ...(at.offset > 0 ? { prev: cursorAt(Math.max(0, at.offset - limit)) } : {}),
    });
  }

  get(slug: string): Envelope<Course> {
    const current = this.catalog.current();
    const course = isSlug(slug) ? current.bySlug.get(slug) : undefined;
    if (!course)
      throw new DomainError('not_found', `No course has the slug "${slug.slice(0, 100)}".`);
    return new Envelope(course, current.meta);
  }
}
