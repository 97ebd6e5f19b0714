import MiniSearch, { type Query } from 'minisearch';
import { searchWords } from '../core/search-words';
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
  type Field,
  FIELDS,
  type SearchedCourse,
  TEXT_OF,
  TOPICS_FIELD,
  topicQuery,
  topicsOf,
  typosForgiven,
  WEIGHTS,
} from './search-fields';

/**
 * The words a course is found by, and how well (docs/api.md#search): MiniSearch's index of its
 * name, provider, description, best-for, highlights, the labels of its specialties and levels, and
 * of the topics it covers at 3 or more, read through the glossary's terms; built once per dataset.
 * The index keeps each course's slug and word counts, never the course: the catalog holds the
 * courses.
 */

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
  /** Every beginning of those words (`lin`, `link`), for a word that begins one. */
  private readonly beginnings = new Set<string>();
  /** The last text found and what it found: one request reads the same words for its list, its
   * counts and its facets. */
  private last?: { text: string; found: ReadonlyMap<string, number> };
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
    for (const word of this.words) {
      for (let end = 1; end <= word.length; end++) this.beginnings.add(word.slice(0, end));
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
  find(text: string): ReadonlyMap<string, number> {
    if (this.last?.text !== text) {
      const query: Query = { combineWith: 'AND', queries: this.read(text).map(this.partQuery) };
      const found = new Map(this.index.search(query).map((hit) => [hit.id as string, hit.score]));
      this.last = { text, found };
    }
    return this.last.found;
  }

  /** The glossary's terms a search text was read through, in the text's order, once each. */
  termsIn(text: string): CountedTerm[] {
    const found = this.read(text).flatMap((part) => part.term ?? []);
    return [...new Set(found)].map((i) => this.terms[i]);
  }

  /** A search text in parts (glossary.ts), a misspelt word compared with names as the word it nearly spells. */
  read(text: string): QueryPart[] {
    // A part given twice asks nothing more of a course (every part must be found): read once.
    const parts = new Map<string, QueryPart>();
    for (const part of this.reader.read(searchWords(text), this.spelling)) {
      parts.set(`${part.term ?? ''} ${part.words.join(' ')}`, part);
    }
    return [...parts.values()];
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
    if (!last && (this.reader.hasWord(word) || this.beginnings.has(word))) {
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
