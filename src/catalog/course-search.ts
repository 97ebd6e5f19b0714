import MiniSearch, { type Query } from 'minisearch';
import { searchWords } from '../core/search-words';
import type { CourseRecord } from './course.schema';
import { SPECIALTY_MIN_COVERAGE, TOPIC_LABELS, TOPICS, topicCoverage } from './vocabulary';

/**
 * The words a course is found by, and how well (docs/api.md#search): MiniSearch's index of its
 * name, provider, description, best-for, highlights and the labels of its specialties, built once
 * per dataset. The index keeps each course's slug and word counts, never the course: the catalog
 * holds the courses.
 */

type Field = 'name' | 'provider' | 'description' | 'best_for' | 'highlights' | 'specialties';

/** What the index reads of a course. */
export type SearchedCourse = Pick<
  CourseRecord,
  'slug' | 'name' | 'provider' | 'description' | 'best_for' | 'highlights' | 'topic_coverage'
>;

/**
 * Each field's weight in the relevance order. The name's is above 5.4, the most a word can score in
 * another field for each time it scores once in a name (BM25+ with MiniSearch's defaults: at least
 * 0.5, at most 2.7 times the word's rarity), so a course holding the words in its name comes first.
 */
const WEIGHTS: Record<Field, number> = {
  name: 6,
  provider: 1,
  description: 1,
  best_for: 1,
  highlights: 1,
  specialties: 1,
};

const TEXT_OF: Record<Field, (course: SearchedCourse) => string> = {
  name: (course) => course.name,
  provider: (course) => course.provider.name,
  description: (course) => course.description ?? '',
  best_for: (course) => course.best_for ?? '',
  highlights: (course) => course.highlights.join('\n'),
  specialties: (course) =>
    TOPICS.filter((topic) => topicCoverage(course.topic_coverage, topic) >= SPECIALTY_MIN_COVERAGE)
      .map((topic) => TOPIC_LABELS[topic])
      .join('\n'),
};

/** How many letters a query word may differ by from a catalog word: none under 4, 1 up to 7, 2 beyond. */
export function typosForgiven(word: string): number {
  if (word.length < 4) return 0;
  return word.length <= 7 ? 1 : 2;
}

/** The shortest half of a word written together that is read as a word of its own. */
const MIN_HALF = 2;

/** How many queries a suggestion may take to find one that finds a course. */
const CANDIDATES_PER_SUGGESTION = 3;

export class CourseSearch {
  private readonly index: MiniSearch<SearchedCourse>;
  /** Every word of the searched fields, for the halves of words written together. */
  private readonly words = new Set<string>();

  constructor(courses: readonly SearchedCourse[]) {
    this.index = new MiniSearch<SearchedCourse>({
      idField: 'slug',
      fields: Object.keys(WEIGHTS),
      storeFields: [],
      extractField: (course, field) =>
        field === 'slug' ? course.slug : TEXT_OF[field as Field](course),
      // One reading of words for the courses and the query: case and accents set aside.
      tokenize: searchWords,
      processTerm: (term) => term,
      searchOptions: {
        prefix: true,
        fuzzy: typosForgiven,
        combineWith: 'AND',
        boost: WEIGHTS,
      },
    });
    this.index.addAll(courses);
    for (const course of courses) {
      for (const text of Object.values(TEXT_OF)) {
        for (const word of searchWords(text(course))) this.words.add(word);
      }
    }
  }

  /**
   * The courses a search text finds, by slug, each with its score (higher is better): every word
   * must begin a word of the course, or nearly spell one, or be two of its words written together.
   */
  find(text: string): Map<string, number> {
    const query: Query = { combineWith: 'AND', queries: searchWords(text).map(this.readAs) };
    return new Map(this.index.search(query).map((found) => [found.id as string, found.score]));
  }

  /**
   * At most `max` queries a search text may have meant, best first, each one `finds` holds true
   * for (docs/api.md#getsuggestions): the last word completed or corrected, an earlier one kept
   * when it begins a catalog word, else corrected; a word written together read as its two halves.
   * Only the catalog's own words, and at most `CANDIDATES_PER_SUGGESTION` tries a suggestion.
   */
  suggest(text: string, finds: (query: string) => boolean, max: number): string[] {
    const words = searchWords(text);
    const last = words.pop();
    if (last === undefined) return [];
    const head: string[] = [];
    for (const word of words) {
      const [reading] = this.readings(word, false);
      if (reading === undefined) return [];
      head.push(reading);
    }
    const suggestions: string[] = [];
    const tries = this.readings(last, true)
      .slice(0, max * CANDIDATES_PER_SUGGESTION)
      .map((reading) => [...head, reading].join(' '));
    for (const query of tries) {
      if (suggestions.length === max) break;
      if (finds(query)) suggestions.push(query);
    }
    return suggestions;
  }

  /**
   * What a query word may stand for in the catalog, best first, as the search ranks them: for the
   * last word of a query, the catalog's words it begins or nearly spells; for an earlier one, the
   * word itself when it begins a catalog word, else those it nearly spells. A word written together
   * stands for its two halves first (`linkbuilding` → `link building`).
   */
  private readings(word: string, last: boolean): string[] {
    if (!last && [...this.words].some((known) => known.startsWith(word))) return [word];
    const halves = this.halvesOf(word).map(([left, right]) => `${left} ${right}`);
    const scores = new Map<string, number>();
    for (const found of this.index.search(word, { prefix: last })) {
      for (const term of Object.keys(found.match)) {
        scores.set(term, (scores.get(term) ?? 0) + found.score);
      }
    }
    const ranked = [...scores].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1));
    return [...new Set([...halves, ...ranked.map(([term]) => term)])];
  }

  /** A word as the query reads it: itself, or any two catalog words it is written together of. */
  private readonly readAs = (word: string): Query => {
    const halves = this.halvesOf(word);
    if (halves.length === 0) return word;
    return {
      combineWith: 'OR',
      queries: [
        word,
        // Each half a catalog word already: it begins a course's word, typos aside.
        ...halves.map(([left, right]) => ({
          combineWith: 'AND' as const,
          fuzzy: false,
          queries: [left, right],
        })),
      ],
    };
  };

  private halvesOf(word: string): [string, string][] {
    const halves: [string, string][] = [];
    for (let at = MIN_HALF; at <= word.length - MIN_HALF; at++) {
      const [left, right] = [word.slice(0, at), word.slice(at)];
      if (this.words.has(left) && this.words.has(right)) halves.push([left, right]);
    }
    return halves;
  }
}
