import MiniSearch, { type Query } from 'minisearch';
import type { Course } from '../../src/catalog/course.schema';
import { searchWords } from '../../src/core/search-words';
import { TOPIC_LABELS, TOPICS, topicCoverage } from '../../src/catalog/vocabulary';

/**
 * The search of `q` as it was before the glossary (docs/api.md#search before it read terms), kept
 * as the oracle of the rule that a query finds at least what it found then: every word required,
 * each beginning a word of the course's six fields, within its typos of one, or two catalog words
 * written together.
 */

const WEIGHTS = {
  name: 6,
  provider: 1,
  description: 1,
  best_for: 1,
  highlights: 1,
  specialties: 1,
};
type Field = keyof typeof WEIGHTS;
const TEXT_OF: Record<Field, (course: Course) => string> = {
  name: (course) => course.name,
  provider: (course) => course.provider.name,
  description: (course) => course.description ?? '',
  best_for: (course) => course.best_for ?? '',
  highlights: (course) => course.highlights.join('\n'),
  specialties: (course) =>
    TOPICS.filter((topic) => topicCoverage(course.topic_coverage, topic) >= 3)
      .map((topic) => TOPIC_LABELS[topic])
      .join('\n'),
};
const typos = (word: string) => (word.length < 4 ? 0 : word.length <= 7 ? 1 : 2);

export class SearchBefore {
  private readonly index: MiniSearch<Course>;
  private readonly words = new Set<string>();

  constructor(courses: readonly Course[]) {
    this.index = new MiniSearch<Course>({
      idField: 'slug',
      fields: Object.keys(WEIGHTS),
      extractField: (course, field) =>
        field === 'slug' ? course.slug : TEXT_OF[field as Field](course),
      tokenize: searchWords,
      processTerm: (term) => term,
      searchOptions: { prefix: true, fuzzy: typos, combineWith: 'AND', boost: WEIGHTS },
    });
    this.index.addAll(courses);
    for (const course of courses) {
      for (const text of Object.values(TEXT_OF)) {
        for (const word of searchWords(text(course))) this.words.add(word);
      }
    }
  }

  /** The slugs a search text found. */
  find(text: string): Set<string> {
    const query: Query = { combineWith: 'AND', queries: searchWords(text).map(this.readAs) };
    return new Set(this.index.search(query).map((found) => found.id as string));
  }

  private readonly readAs = (word: string): Query => {
    const halves: [string, string][] = [];
    for (let at = 2; at <= word.length - 2; at++) {
      const [left, right] = [word.slice(0, at), word.slice(at)];
      if (this.words.has(left) && this.words.has(right)) halves.push([left, right]);
    }
    if (halves.length === 0) return word;
    return {
      combineWith: 'OR',
      queries: [
        word,
        ...halves.map(([left, right]) => ({
          combineWith: 'AND' as const,
          fuzzy: false,
          queries: [left, right],
        })),
      ],
    };
  };
}
