import { DomainError } from '../core/domain-error';
import { searchWords } from '../core/search-words';
import { MAX_NEAR_SLUGS, SLUG_MAX_LENGTH } from '../core/slug';
import { typosForgiven } from './search-fields';
import { listed } from '../core/words';

/**
 * The one answer for a slug that matches no course (docs/api.md#unknown-courses): a `not_found`
 * naming it, with up to three near slugs, by the words they share with it and by edit distance.
 * The slugs are the data's, so nothing here depends on a request but the slug asked for; a 404
 * scans them, with nothing kept between requests: 3,400 slugs take a few milliseconds
 * (docs/architecture.md#what-we-wrote-ourselves-and-why).
 */

/** Levenshtein's distance: the fewest letters inserted, deleted or replaced to turn a into b. */
export function editDistance(a: string, b: string): number {
  // Two rows of the table, reused: no array grows and no function is called in the loop.
  let previous = Int32Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Int32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    const letter = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const replaced = previous[j - 1] + (letter === b.charCodeAt(j - 1) ? 0 : 1);
      const deleted = previous[j] + 1;
      const inserted = current[j - 1] + 1;
      const fewer = replaced < deleted ? replaced : deleted;
      current[j] = fewer < inserted ? fewer : inserted;
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length];
}

/** A slug's words, and each two of them written as one (`linkbuilding`), as the search reads them. */
function wordsOf(slug: string): string[] {
  const words = slug.split('-');
  return [...words, ...words.slice(1).map((word, i) => `${words[i]}${word}`)];
}

/**
 * Whether the slug holds a word as it is, or as a typo the search forgives. A distance is at least
 * the difference in length, so most words are told apart without working it out.
 */
function holds(words: readonly string[], word: string): boolean {
  const typos = typosForgiven(word);
  return words.some(
    (own) =>
      own === word ||
      (typos > 0 &&
        Math.abs(own.length - word.length) <= typos &&
        editDistance(own, word) <= typos),
  );
}

interface Near {
  slug: string;
  /** How much of the two the shared words are: their letters, counted in both, over all letters. */
  shared: number;
  distance: number;
}

/**
 * The known slugs nearest `wanted` (any text: a malformed slug is read by its words), nearest
 * first. Near are the slugs whose words shared with it (as they are, a typo the search forgives
 * away, or two written as one) make at least half the letters of both together, and those spelled
 * at most such a typo away from it; they rank by that share, then by edit distance, then by slug.
 * Counting both sides keeps a long slug that shares one word (`course`) out of a short one's
 * answer.
 */
export function nearSlugs(
  wanted: string,
  known: Iterable<string>,
  most = MAX_NEAR_SLUGS,
): string[] {
  const words = searchWords(wanted.slice(0, SLUG_MAX_LENGTH));
  const letters = words.reduce((sum, word) => sum + word.length, 0);
  if (letters === 0) return [];
  const written = words.join('-');
  const typos = typosForgiven(written);
  const near: Near[] = [];
  for (const slug of known) {
    const own = wordsOf(slug);
    const found = words.filter((word) => holds(own, word));
    const ownLetters = slug.length - (slug.split('-').length - 1);
    const shared = (2 * found.reduce((sum, word) => sum + word.length, 0)) / (letters + ownLetters);
    // As for words: most slugs are told too far apart by their lengths alone.
    const distance =
      shared >= 0.5 || Math.abs(slug.length - written.length) <= typos
        ? editDistance(written, slug)
        : Infinity;
    if (shared >= 0.5 || distance <= typos) near.push({ slug, shared, distance });
  }
  near.sort((a, b) => b.shared - a.shared || a.distance - b.distance || (a.slug < b.slug ? -1 : 1));
  return near.slice(0, most).map(({ slug }) => slug);
}

/**
 * `not_found` for slugs no course has (in the order given, each cut at SLUG_MAX_LENGTH), with the
 * slugs near them: each one's nearest first, then each one's second, up to three in all.
 */
export function unknownCourses(missing: readonly string[], known: readonly string[]): DomainError {
  const cut = missing.map((slug) => slug.slice(0, SLUG_MAX_LENGTH));
  const ranked = cut.map((slug) => nearSlugs(slug, known));
  const near = [
    ...new Set(
      Array.from({ length: MAX_NEAR_SLUGS }, (_, rank) => ranked.map((list) => list[rank])).flat(),
    ),
  ]
    .filter((slug) => slug !== undefined)
    .slice(0, MAX_NEAR_SLUGS);
  const named = cut.map((slug) => `"${slug}"`).join(', ');
  const message = [
    `No course has the slug${cut.length > 1 ? 's' : ''} ${named}.`,
    ...(near.length > 0 ? [`Did you mean ${listed(near, 'or')}?`] : []),
    'Search the courses with q to find one by its words.',
  ].join(' ');
  return new DomainError('not_found', message, { missing: cut, near_slugs: near });
}
