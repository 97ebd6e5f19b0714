import { searchWords } from '../core/search-words';
import type { CourseSearch } from './course-search';

/**
 * Searches to offer (docs/api.md#getsuggestions): as words are typed, and in place of words that
 * find nothing. `count` says how many courses a search finds (the list's default: enrolling
 * courses); nothing is offered that finds none.
 */
export type CountOf = (query: string) => number;

/** How many queries a suggestion may take to find one that finds a course. */
const CANDIDATES_PER_SUGGESTION = 3;
/** At most this many suggestions complete a term's name; the catalog's words fill the rest. */
const TERM_COMPLETIONS = 3;
/** At most this many searches are offered in place of words that find nothing. */
const MAX_ALTERNATIVES = 4;
/** At most this many parts are left out in turn when each part finds courses but not together. */
const MAX_PARTS_LEFT_OUT = 4;

/**
 * At most `max` searches the words typed may have meant, best first: the names of glossary terms
 * they begin, the term finding most courses first (`gen` → `generative engine optimization`), then
 * the last word completed or corrected from the catalog's words, an earlier one kept when it
 * begins a catalog word or a term's name, else corrected; a word written together read as its two
 * halves. When none finds a course, the searches near the words that do (`searchesNear`).
 */
export function suggestSearches(
  search: CourseSearch,
  text: string,
  count: CountOf,
  max: number,
): string[] {
  const finds = (query: string) => count(query) > 0;
  const completions = termCompletions(search, text).filter(finds).slice(0, TERM_COMPLETIONS);
  const suggestions = [...new Set([...completions, ...wordSuggestions(search, text, finds, max)])];
  if (suggestions.length > 0) return suggestions.slice(0, max);
  return searchesNear(search, text, count)
    .slice(0, max)
    .map(({ query }) => query);
}

/**
 * The names of terms the typed words begin, one a term: the term finding most courses first, then
 * a term's own name before an other name, then the shorter.
 */
export function termCompletions(search: CourseSearch, text: string): string[] {
  const typed = searchWords(text).join(' ');
  if (typed === '') return [];
  const completions = search.terms.flatMap((term) => {
    const names = [term.name, ...term.other_names].map((name) => searchWords(name).join(' '));
    const at = names.findIndex((name) => name.startsWith(typed));
    return at < 0 ? [] : [{ name: names[at], courses: term.courses, own: at === 0 }];
  });
  return completions
    .sort(
      (a, b) =>
        b.courses - a.courses ||
        Number(b.own) - Number(a.own) ||
        a.name.length - b.name.length ||
        (a.name < b.name ? -1 : 1),
    )
    .map(({ name }) => name);
}

function wordSuggestions(
  search: CourseSearch,
  text: string,
  finds: (query: string) => boolean,
  max: number,
): string[] {
  const words = searchWords(text);
  const last = words.pop();
  if (last === undefined) return [];
  const head: string[] = [];
  for (const word of words) {
    const [reading] = search.readings(word, false);
    if (reading === undefined) return [];
    head.push(reading);
  }
  // Every word must be found: when the words before the last find nothing, no last word will.
  if (head.length > 0 && !finds(head.join(' '))) return [];
  const suggestions: string[] = [];
  const tries = search
    .readings(last, true)
    .slice(0, max * CANDIDATES_PER_SUGGESTION)
    .map((reading) => [...head, reading].join(' '));
  for (const query of tries) {
    if (suggestions.length === max) break;
    if (finds(query)) suggestions.push(query);
  }
  return suggestions;
}

/**
 * Searches near words that find nothing, each finding a course, the one finding most first. Every
 * part of a query must be found, so a part that finds nothing alone must go: with one such part,
 * it is replaced by a term's name it nearly spells (`backlnks` → `backlinks`) or by its corrections
 * from the catalog's words, or left out; with several, they are left out together. When each part
 * finds courses but not together, each of the first `MAX_PARTS_LEFT_OUT` is left out in turn. So a
 * query of any length costs one search of each of its parts and a handful of the whole.
 */
export function searchesNear(
  search: CourseSearch,
  text: string,
  count: CountOf,
): { query: string; courses: number }[] {
  const parts = search.read(text).map((part) => part.words.join(' '));
  const dead = new Set(parts.filter((part) => count(part) === 0));
  const kept = (keep: (part: string, at: number) => boolean) => parts.filter(keep).join(' ');
  let candidates: string[];
  if (dead.size === 0) {
    candidates = parts.slice(0, MAX_PARTS_LEFT_OUT).map((_, at) => kept((_p, i) => i !== at));
  } else {
    const [only] = dead;
    const near =
      dead.size > 1 || only.includes(' ')
        ? []
        : [...search.namesNear(only).slice(0, 2), ...search.readings(only, true).slice(0, 2)];
    candidates = [
      ...near.map((name) => parts.map((part) => (part === only ? name : part)).join(' ')),
      kept((part) => !dead.has(part)),
    ];
  }
  return [...new Set(candidates)]
    .filter((query) => query !== '')
    .map((query) => ({ query, courses: count(query) }))
    .filter(({ courses }) => courses > 0)
    .sort((a, b) => b.courses - a.courses)
    .slice(0, MAX_ALTERNATIVES);
}
