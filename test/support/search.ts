import type { CourseRecord } from '../../src/catalog/course.schema';
import { TOPIC_COVERAGE, TOPIC_LABELS, TOPICS } from '../../src/catalog/vocabulary';

/**
 * What `q` means, written from docs/api.md#search for tests to hold the service to: today's rule
 * (every word begins a word of the course) and the forgiving one around it.
 */

/** The test's own reading of words: letters and digits, case and accents set aside. */
export const wordsOf = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * A course's words where docs/api.md#search says `q` looks, its levels aside: its name, its
 * provider's name, description, best-for, highlights and the labels of its specialties.
 */
export const courseWords = (
  course: Pick<
    CourseRecord,
    'name' | 'provider' | 'description' | 'best_for' | 'highlights' | 'topic_coverage'
  >,
) =>
  wordsOf(
    [
      course.name,
      course.provider.name,
      course.description ?? '',
      course.best_for ?? '',
      ...course.highlights,
      ...TOPICS.filter((topic) =>
        TOPIC_COVERAGE[topic].some((key) => course.topic_coverage[key] >= 3),
      ).map((topic) => TOPIC_LABELS[topic]),
    ].join(' '),
  );

/** The letters one word must change to become another (Levenshtein). */
export function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length];
}

/** The typos a query word is forgiven: none under 4 letters, one up to 7, two beyond. */
export const typosOf = (word: string) => (word.length < 4 ? 0 : word.length <= 7 ? 1 : 2);

/** Search as it was: a query word matches when it begins one of the course's words. */
export const beginsWord = (word: string, text: readonly string[]) =>
  text.some((w) => w.startsWith(word));

/**
 * Search as it is: a query word matches when it begins one of the course's words, is within its
 * typos of one, or is two catalog words written together (`catalog`), each beginning a course's word.
 */
export function meansWord(word: string, text: readonly string[], catalog: ReadonlySet<string>) {
  if (beginsWord(word, text)) return true;
  if (text.some((w) => editDistance(word, w) <= typosOf(word))) return true;
  for (let at = 2; at <= word.length - 2; at++) {
    const [left, right] = [word.slice(0, at), word.slice(at)];
    if (
      catalog.has(left) &&
      catalog.has(right) &&
      beginsWord(left, text) &&
      beginsWord(right, text)
    )
      return true;
  }
  return false;
}
