import { searchable } from '../core/search-words';
import type { CourseRecord } from './course.schema';
import { SPECIALTY_MIN_COVERAGE, TOPIC_LABELS, TOPICS, topicCoverage } from './vocabulary';

/**
 * The words a course is found by (docs/api.md#searchcourses): its name, provider, description,
 * best-for, highlights and the labels of its specialties, read once per dataset version.
 */
export function searchTextOf(
  course: Pick<
    CourseRecord,
    'name' | 'provider' | 'description' | 'best_for' | 'highlights' | 'topic_coverage'
  >,
): string {
  const specialties = TOPICS.filter(
    (topic) => topicCoverage(course.topic_coverage, topic) >= SPECIALTY_MIN_COVERAGE,
  ).map((topic) => TOPIC_LABELS[topic]);
  return searchable(
    course.name,
    course.provider.name,
    course.description ?? '',
    course.best_for ?? '',
    ...course.highlights,
    ...specialties,
  );
}

/** Each course's searchable words, by slug. */
export type SearchIndex = ReadonlyMap<string, string>;

export function searchIndexOf(courses: readonly CourseRecord[]): SearchIndex {
  return new Map(courses.map((course) => [course.slug, searchTextOf(course)]));
}
