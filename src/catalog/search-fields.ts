import type { Query } from 'minisearch';
import type { CourseRecord } from './course.schema';
import {
  COVERAGE_KEYS,
  type CoverageKey,
  LEVEL_LABELS,
  SPECIALTY_MIN_COVERAGE,
  TOPIC_LABELS,
  TOPICS,
  topicCoverage,
} from './vocabulary';

/**
 * What the search index reads of a course, and how much each field weighs (docs/api.md#search):
 * its name, provider, description, best-for, highlights, the labels of its specialties and levels,
 * and the topics it covers at 3 or more, which only a glossary term's query reaches.
 */

export type Field =
  'name' | 'provider' | 'description' | 'best_for' | 'highlights' | 'specialties' | 'levels';

/** What the index reads of a course. */
export type SearchedCourse = Pick<
  CourseRecord,
  | 'slug'
  | 'name'
  | 'provider'
  | 'description'
  | 'best_for'
  | 'highlights'
  | 'topic_coverage'
  | 'levels'
  | 'status'
>;

/**
 * Each field's weight in the relevance order. The name's is above 5.4, the most a word can score in
 * another field for each time it scores once in a name (BM25+ with MiniSearch's defaults: at least
 * 0.5, at most 2.7 times the word's rarity), so a course holding the words in its name comes first.
 */
export const WEIGHTS: Record<Field, number> = {
  name: 6,
  provider: 1,
  description: 1,
  best_for: 1,
  highlights: 1,
  specialties: 1,
  levels: 1,
};
export const FIELDS = Object.keys(WEIGHTS) as Field[];

export const TEXT_OF: Record<Field, (course: SearchedCourse) => string> = {
  name: (course) => course.name,
  provider: (course) => course.provider.name,
  description: (course) => course.description ?? '',
  best_for: (course) => course.best_for ?? '',
  highlights: (course) => course.highlights.join('\n'),
  specialties: (course) =>
    TOPICS.filter((topic) => topicCoverage(course.topic_coverage, topic) >= SPECIALTY_MIN_COVERAGE)
      .map((topic) => TOPIC_LABELS[topic])
      .join('\n'),
  levels: (course) => course.levels.map((level) => LEVEL_LABELS[level]).join('\n'),
};

/**
 * The topics a course covers at the specialty threshold, a field no query word reaches: only a
 * term's topics search it. A topic is written once for each step it reaches from 3 on
 * (`link_building:3 link_building:4` for 4), and a term asks for every step, so a course covering
 * it most matches most.
 */
export const TOPICS_FIELD = 'topics';
const COVERAGE_STEPS = [3, 4, 5];
export const topicsOf = (course: SearchedCourse) =>
  COVERAGE_KEYS.flatMap((key) =>
    COVERAGE_STEPS.filter((step) => course.topic_coverage[key] >= step).map(
      (step) => `${key}:${step}`,
    ),
  ).join(' ');
/**
 * A term's topics weigh three times its words in a course's name, so the courses covering a topic
 * most come before those that only mention the term.
 */
const TOPIC_WEIGHT = 3 * WEIGHTS.name;

/** How many letters a query word may differ by from a catalog word: none under 4, 1 up to 7, 2 beyond. */
export function typosForgiven(word: string): number {
  if (word.length < 4) return 0;
  return word.length <= 7 ? 1 : 2;
}

/** The courses covering any of a term's topics at the specialty threshold, the most covered first. */
export function topicQuery(topics: readonly CoverageKey[]): Query {
  return {
    combineWith: 'OR',
    queries: topics.flatMap((key) => COVERAGE_STEPS.map((step) => `${key}:${step}`)),
    fields: [TOPICS_FIELD],
    prefix: false,
    fuzzy: false,
    tokenize: (key) => [key],
    boost: { [TOPICS_FIELD]: TOPIC_WEIGHT },
  };
}
