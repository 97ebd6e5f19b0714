import { searchWords } from '../core/search-words';
import type { GlossaryTermRecord } from './glossary.schema';

/**
 * The glossary as search reads it (docs/api.md#search): which words of a query are a term's name
 * or one of its other names, and the rules across terms the data check holds
 * (docs/data.md#the-glossary). Built once per dataset.
 */

export interface GlossaryTerm extends GlossaryTermRecord {
  /** The term's anchor on the glossary page and its `id` in the API: its name's words, hyphenated. */
  id: string;
}

export function glossaryTerms(records: readonly GlossaryTermRecord[]): GlossaryTerm[] {
  return records.map((record) => ({ id: searchWords(record.name).join('-'), ...record }));
}

/**
 * Words that frame a query rather than name what it asks for: articles, prepositions, pronouns and
 * question words, the words for a course and for learning, and verbs of wanting to do or improve
 * something (`how to`, `for`, `course`, `optimize`). Set aside in a query that has other words
 * (docs/api.md#search), and in the glossary's names when they are compared.
 */
export const FRAMING_WORDS: ReadonlySet<string> = new Set(
  [
    'a an the and or but for to of in on at by with from into about as is are be was do does did',
    'can could should would will i me my we our us you your it its this that these those there',
    'what which who why when where how vs versus via like than',
    'learn learning learner learners course courses class classes training tutorial tutorials',
    'lesson lessons guide guides tip tips trick tricks best top good great online step steps',
    'complete ultimate easy get getting use using make making doing start starting improve',
    'improving increase increasing boost boosting optimize optimise optimizing optimising',
    'optimization optimisation grow growing master mastering understand understanding show up',
    'appear appearing fix fixing more better higher site sites website websites',
  ]
    .join(' ')
    .split(' '),
);

/** Whether a word frames a query, as written or as a plural (`tutorials`). */
export const isFraming = (word: string) =>
  FRAMING_WORDS.has(word) || FRAMING_WORDS.has(foldWord(word));

/** A query's words with the framing words set aside, or all of them when nothing else is left. */
export function keptWords(words: readonly string[]): string[] {
  const kept = words.filter((word) => !isFraming(word));
  return kept.length > 0 ? kept : [...words];
}

/**
 * A word as names are compared: a plural's final `s` set aside (`backlinks` is `backlink`), on
 * words of four letters or more that do not end in `ss` (`business` stays).
 */
export function foldWord(word: string): string {
  return word.length >= 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/**
 * A name as names are compared: its words but the framing ones, each folded (`start an SEO agency`
 * is `start seo agency`); empty for a name of framing words alone.
 */
export function nameKey(text: string): string {
  return searchWords(text)
    .filter((word) => !isFraming(word))
    .map(foldWord)
    .join(' ');
}

/** The names of a term, its own first. */
export const namesOf = (term: GlossaryTermRecord) => [term.name, ...term.other_names];

/** A run of a query's words: a term's name (the term's index), or one word of its own. */
export interface QueryPart {
  term?: number;
  words: string[];
}

export class GlossaryReader {
  /** Each name's key → its term's index. */
  private readonly byName = new Map<string, number>();
  /** Every word of every name, folded. */
  private readonly words = new Set<string>();
  /** The most words a name has. */
  private readonly longest: number;

  constructor(terms: readonly GlossaryTermRecord[]) {
    terms.forEach((term, i) => {
      for (const name of namesOf(term)) {
        const key = nameKey(name);
        if (key === '') continue;
        if (!this.byName.has(key)) this.byName.set(key, i);
        for (const word of key.split(' ')) this.words.add(word);
      }
    });
    this.longest = Math.max(0, ...[...this.byName.keys()].map((key) => key.split(' ').length));
  }

  /** Whether a word is a word of a term's name (`backlinks`, `google`). */
  hasWord(word: string): boolean {
    return this.words.has(foldWord(word));
  }

  /**
   * A query's words in parts: the framing words set aside (when others remain), the rest read as
   * the terms' names that cover most of them, in as few parts as that allows (`learn seo from
   * scratch` → the term named `SEO from scratch`, not `learn SEO` and `scratch`), every other word
   * a part of its own. `spelling` gives the word a misspelt word may be, to be compared with names.
   */
  read(words: readonly string[], spelling: (word: string) => string = (word) => word): QueryPart[] {
    const kept = keptWords(words);
    const keys = kept.map((word) => foldWord(spelling(word)));
    // best[at]: the reading of kept[at…] covering most words by names, in the fewest parts.
    const best: { covered: number; parts: number; take: number; term?: number }[] = [];
    best[kept.length] = { covered: 0, parts: 0, take: 0 };
    for (let at = kept.length - 1; at >= 0; at--) {
      best[at] = { covered: best[at + 1].covered, parts: best[at + 1].parts + 1, take: 1 };
      for (let n = 1; n <= Math.min(this.longest, kept.length - at); n++) {
        const term = this.byName.get(keys.slice(at, at + n).join(' '));
        if (term === undefined) continue;
        const [covered, parts] = [n + best[at + n].covered, 1 + best[at + n].parts];
        const { covered: most, parts: fewest } = best[at];
        if (covered > most || (covered === most && parts < fewest)) {
          best[at] = { covered, parts, take: n, term };
        }
      }
    }
    const parts: QueryPart[] = [];
    for (let at = 0; at < kept.length; at += best[at].take) {
      parts.push({ term: best[at].term, words: kept.slice(at, at + best[at].take) });
    }
    return parts;
  }
}

/**
 * What the data check refuses across terms, each naming the term and the fault: a name, or other
 * name, that another term has too (as names are compared: case, accents, framing words and a
 * plural's `s` aside), an other name that repeats its own term's name, a name of framing words
 * alone, and a definition that names a course's provider.
 */
export function glossaryProblems(
  path: string,
  terms: readonly GlossaryTermRecord[],
  providers: readonly string[],
): string[] {
  const problems: string[] = [];
  const owner = new Map<string, { term: number; name: string }>();
  const say = (term: GlossaryTermRecord, field: string, problem: string) =>
    problems.push(`${path}: term "${term.name}", field ${field}: ${problem}`);
  terms.forEach((term, i) => {
    namesOf(term).forEach((name, j) => {
      const field = j === 0 ? 'name' : `other_names.${j - 1}`;
      const key = nameKey(name);
      const first = owner.get(key);
      if (key === '') {
        say(
          term,
          field,
          `"${name}" holds only words a search sets aside ("how", "for", "course"…): name what it is`,
        );
      } else if (first === undefined) owner.set(key, { term: i, name });
      else if (first.term === i) {
        say(
          term,
          field,
          `"${name}" reads as "${first.name}" (case, hyphens, words such as "for" and a plural's s aside): leave it out`,
        );
      } else {
        const other = terms[first.term].name;
        const as = first.name === other ? 'the name' : `an other name ("${first.name}")`;
        say(
          term,
          field,
          `"${name}" reads as ${as} of term "${other}": a name may stand for one term only`,
        );
      }
    });
    const words = ` ${searchWords(term.definition).join(' ')} `;
    for (const provider of providers) {
      const named = searchWords(provider).join(' ');
      if (named !== '' && words.includes(` ${named} `)) {
        say(
          term,
          'definition',
          `names "${provider}", a course's provider: a definition is true of the field in general`,
        );
      }
    }
  });
  return problems;
}
