import { searchable } from '../core/search-words';
import type { Course } from './course.schema';
import { SPECIALTY_MIN_COVERAGE, TOPIC_LABELS, TOPICS, topicCoverage } from './vocabulary';

/**
 * The words a course is found by (docs/api.md#searchcourses): its name, provider, description,
 * best-for, highlights and the labels of its specialties, read once per dataset version.
 */
export function searchTextOf(course: Course): string {
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
