import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import type { Course } from '../catalog/course.schema';
import { byName } from '../catalog/derive';
import { type Sort, TOPIC_COVERAGE, type Topic } from '../catalog/vocabulary';
import { DomainError } from '../core/domain-error';
import { Answer } from '../core/envelope';
import { isSlug } from '../core/slug';
import type { SearchCoursesQuery } from './courses.dto';

/** Coverage (0–5) of a topic: the highest of its topic_coverage members. */
export function topicCoverage(course: Course, topic: Topic): number {
  return Math.max(...TOPIC_COVERAGE[topic].map((key) => course.topic_coverage[key]));
}

/** "Community access or live training": any community at all, or a live format. */
export function hasCommunityOrLive(course: Course): boolean {
  return course.community !== 'No' || course.formats.includes('Live / community');
}

const SPECIALTY_MIN_COVERAGE = 3;
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
    topicCoverage(b, 'ai_geo') - topicCoverage(a, 'ai_geo') ||
    byName(a, b),
};

export function searchCourses(courses: readonly Course[], query: SearchCoursesQuery): Course[] {
  const found = courses.filter(
    (course) =>
      (query.include_inactive || course.enrolling) &&
      (!query.level || course.levels.includes(query.level)) &&
      (!query.specialty || topicCoverage(course, query.specialty) >= SPECIALTY_MIN_COVERAGE) &&
      (!query.price_band || course.price.budget_band === query.price_band) &&
      (!query.community_only || hasCommunityOrLive(course)),
  );
  // The catalog keeps courses in name order already.
  return !query.sort || query.sort === 'name-asc' ? found : found.sort(SORTERS[query.sort]);
}

@Injectable()
export class CoursesService {
  constructor(private readonly catalog: CatalogService) {}

  search(query: SearchCoursesQuery): Answer<Course[]> {
    const snapshot = this.catalog.snapshot();
    const courses = searchCourses(snapshot.courses, query);
    return new Answer(courses, snapshot.meta, courses.length);
  }

  get(slug: string): Answer<Course> {
    const snapshot = this.catalog.snapshot();
    const course = isSlug(slug) ? snapshot.bySlug.get(slug) : undefined;
    if (!course)
      throw new DomainError('not_found', `No course has the slug "${slug.slice(0, 100)}".`);
    return new Answer(course, snapshot.meta);
  }
}
