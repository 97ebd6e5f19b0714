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
 * Searches near words that find nothing, each finding a course, the one finding most first: a word
 * replaced by a term's name it nearly spells (`backlnks` → `backlinks`) or by its corrections from
 * the catalog's words, or a word (or a term's name) left out.
 */
export function searchesNear(
  search: CourseSearch,
  text: string,
  count: CountOf,
): { query: string; courses: number }[] {
  const parts = search.reader.read(searchWords(text)).map((part) => part.words.join(' '));
  const replaced = (at: number, by: string) => parts.map((part, i) => (i === at ? by : part));
  const candidates = parts.flatMap((part, at) => {
    const near = part.includes(' ')
      ? []
      : [...search.namesNear(part).slice(0, 2), ...search.readings(part, true).slice(0, 2)];
    const left = parts.length > 1 ? [parts.filter((_, i) => i !== at)] : [];
    return [...near.map((name) => replaced(at, name)), ...left].map((words) => words.join(' '));
  });
  return [...new Set(candidates)]
    .map((query) => ({ query, courses: count(query) }))
    .filter(({ courses }) => courses > 0)
    .sort((a, b) => b.courses - a.courses)
    .slice(0, MAX_ALTERNATIVES);
}
