import MiniSearch, { type Query } from 'minisearch';
import { searchWords } from '../core/search-words';
import type { CourseRecord } from './course.schema';
import {
  type GlossaryTerm,
  GlossaryReader,
  glossaryTerms,
  keptWords,
  namesOf,
  type QueryPart,
} from './glossary';
import type { GlossaryTermRecord } from './glossary.schema';
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
 * The words a course is found by, and how well (docs/api.md#search): MiniSearch's index of its
 * name, provider, description, best-for, highlights, the labels of its specialties and levels, and
 * of the topics it covers at 3 or more, read through the glossary's terms; built once per dataset.
 * The index keeps each course's slug and word counts, never the course: the catalog holds the
 * courses.
 */

type Field =
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
const WEIGHTS: Record<Field, number> = {
  name: 6,
  provider: 1,
  description: 1,
  best_for: 1,
  highlights: 1,
  specialties: 1,
  levels: 1,
};
const FIELDS = Object.keys(WEIGHTS) as Field[];

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
  levels: (course) => course.levels.map((level) => LEVEL_LABELS[level]).join('\n'),
};

/**
 * The topics a course covers at the specialty threshold, a field no query word reaches: only a
 * term's topics search it. A topic is written once for each step it reaches from 3 on
 * (`link_building:3 link_building:4` for 4), and a term asks for every step, so a course covering
 * it most matches most.
 */
const TOPICS_FIELD = 'topics';
const COVERAGE_STEPS = [3, 4, 5];
const topicsOf = (course: SearchedCourse) =>
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

/** The shortest half of a word written together that is read as a word of its own. */
const MIN_HALF = 2;

/** A term of the glossary with how many enrolling courses its name finds. */
export interface CountedTerm extends GlossaryTerm {
  courses: number;
}

export class CourseSearch {
  private readonly index: MiniSearch<SearchedCourse>;
  /** Every word of the searched fields, for the halves of words written together. */
  readonly words = new Set<string>();
  readonly reader: GlossaryReader;
  /** The glossary's terms in the file's order, each with what it finds. */
  readonly terms: readonly CountedTerm[];
  /** Each term's query (the same index as `terms`): what its names and topics find. */
  private readonly termQueries: Query[];
  /** Every name and other name of the terms, and their index, for the names near a word. */
  private readonly allNames: string[];
  private readonly names = new MiniSearch<{ id: number; name: string }>({
    fields: ['name'],
    tokenize: searchWords,
    processTerm: (term) => term,
    searchOptions: { fuzzy: typosForgiven },
  });

  constructor(courses: readonly SearchedCourse[], glossary: readonly GlossaryTermRecord[] = []) {
    this.index = new MiniSearch<SearchedCourse>({
      idField: 'slug',
      fields: [...FIELDS, TOPICS_FIELD],
      storeFields: [],
      extractField: (course, field) => {
        if (field === 'slug') return course.slug;
        return field === TOPICS_FIELD ? topicsOf(course) : TEXT_OF[field as Field](course);
      },
      // One reading of words for the courses and the query: case and accents set aside.
      tokenize: (text, field) => (field === TOPICS_FIELD ? text.split(' ') : searchWords(text)),
      processTerm: (term) => term,
      searchOptions: {
        fields: FIELDS,
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
    const terms = glossaryTerms(glossary);
    this.reader = new GlossaryReader(terms);
    this.termQueries = terms.map((term) => ({
      combineWith: 'OR',
      queries: [
        // The glossary's names as written, no typos: a word of 4 letters or more begins a word of
        // the course, a shorter one (an abbreviation: `PR`, `DA`) is one.
        ...namesOf(term).map((name) => ({
          combineWith: 'AND' as const,
          fuzzy: false,
          prefix: (word: string) => word.length >= 4,
          queries: keptWords(searchWords(name)),
        })),
        topicQuery(term.topics),
      ],
    }));
    this.allNames = terms.flatMap(namesOf);
    this.names.addAll(this.allNames.map((name, id) => ({ id, name })));
    const enrolling = new Set(courses.filter((c) => c.status === 'active').map((c) => c.slug));
    this.terms = terms.map((term) => ({
      ...term,
      courses: [...this.find(term.name).keys()].filter((slug) => enrolling.has(slug)).length,
    }));
  }

  /**
   * The courses a search text finds, by slug, each with its score (higher is better): every part
   * must be found, a part being a term's name (its names and topics found) or one word (beginning
   * a word of the course, or nearly spelling one, or two of its words written together).
   */
  find(text: string): Map<string, number> {
    const query: Query = { combineWith: 'AND', queries: this.read(text).map(this.partQuery) };
    return new Map(this.index.search(query).map((found) => [found.id as string, found.score]));
  }

  /** The glossary's terms a search text was read through, in the text's order, once each. */
  termsIn(text: string): CountedTerm[] {
    const found = this.read(text).flatMap((part) => part.term ?? []);
    return [...new Set(found)].map((i) => this.terms[i]);
  }

  /** A search text in parts (glossary.ts), a misspelt word compared with names as the word it nearly spells. */
  read(text: string): QueryPart[] {
    return this.reader.read(searchWords(text), this.spelling);
  }

  /**
   * The word of a term's name a word nearly spells when neither the catalog nor the glossary has
   * it as written (`tecnical` → `technical`), within the typos forgiven; else the word itself.
   */
  private readonly spelling = (word: string): string => {
    if (this.words.has(word) || this.reader.hasWord(word)) return word;
    const [nearest] = this.names.search(word, { prefix: false });
    return nearest === undefined ? word : Object.keys(nearest.match)[0];
  };

  /** The courses whose names the words begin or nearly spell, every word, best first, by slug. */
  named(text: string): string[] {
    return this.index.search(text, { fields: ['name'] }).map((found) => found.id as string);
  }

  /** The names of terms with a word that a word is, or nearly spells, best first. */
  namesNear(word: string): string[] {
    return this.names.search(word).map((found) => this.allNames[found.id as number]);
  }

  /**
   * What a query word may stand for in the catalog, best first, as the search ranks them: for the
   * last word of a query, the catalog's words it begins or nearly spells; for an earlier one, the
   * word itself when it begins a catalog word or a term's name, else those it nearly spells. A word
   * written together stands for its two halves first (`linkbuilding` → `link building`).
   */
  readings(word: string, last: boolean): string[] {
    if (
      !last &&
      (this.reader.hasWord(word) || [...this.words].some((known) => known.startsWith(word)))
    ) {
      return [word];
    }
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

  private readonly partQuery = ({ term, words }: QueryPart): Query =>
    term === undefined
      ? this.readAs(words[0])
      : { combineWith: 'OR', queries: [this.wordsQuery(words), this.termQueries[term]] };

  /** Words typed that must all be found, framing words aside when others remain. */
  private wordsQuery(words: readonly string[]): Query {
    return { combineWith: 'AND', queries: keptWords(words).map(this.readAs) };
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

/** The courses covering any of a term's topics at the specialty threshold, the most covered first. */
function topicQuery(topics: readonly CoverageKey[]): Query {
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
