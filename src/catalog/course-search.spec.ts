import { join } from 'node:path';
import fc from 'fast-check';
import { loadShippedCourses } from '../../test/support/courses';
import { beginsWord, courseWords as textOf, wordsOf as words } from '../../test/support/search';
import { SearchBefore } from '../../test/support/search-before';
import { CourseSearch } from './course-search';
import type { Course } from './course.schema';
import { loadDataset } from './dataset';
import { FRAMING_WORDS, isFraming, namesOf } from './glossary';
import { suggestSearches } from './search-suggestions';
import { COVERAGE_KEYS, LEVEL_LABELS } from './vocabulary';

/** The search of `q` (docs/api.md#search) on the shipped courses and glossary. */

const SEED = 20261127;
const shipped = loadShippedCourses();
const glossary = loadDataset(join(__dirname, '..', '..', 'data')).glossary;
const search = new CourseSearch(shipped, glossary);
const before = new SearchBefore(shipped);

const catalogWords = [...new Set(shipped.flatMap(textOf))];
const levelsOf = (c: Course) => words(c.levels.map((level) => LEVEL_LABELS[level]).join(' '));
const glossaryWords = [...new Set(glossary.flatMap(namesOf).flatMap(words))];
const found = (q: string) => new Set(search.find(q).keys());
/** The slugs found, best first (equal scores by slug). */
const ranked = (q: string) =>
  [...search.find(q)].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1)).map(([slug]) => slug);
const bySlug = new Map(shipped.map((c) => [c.slug, c]));
const missing = (expected: Iterable<string>, got: Set<string>) =>
  [...expected].filter((slug) => !got.has(slug));
/** The courses covering a topic at the specialty threshold. */
const covering = (...keys: (typeof COVERAGE_KEYS)[number][]) =>
  shipped.filter((c) => keys.some((key) => c.topic_coverage[key] >= 3)).map((c) => c.slug);

/** A word as a person may type it: as written, its start, or with one letter changed. */
const asTyped = (word: string) =>
  fc.oneof(
    { arbitrary: fc.constant(word), weight: 3 },
    fc.integer({ min: 1, max: word.length }).map((n) => word.slice(0, n)),
    fc
      .tuple(fc.nat(word.length - 1), fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'))
      .map(([at, letter]) => word.slice(0, at) + letter + word.slice(at + 1)),
  );
/**
 * A query of catalog words, most of which the search before the glossary answers: one to three
 * words of one course (or a glossary name's words, whole), each as typed, with now and then a
 * framing word, another catalog word or any letters among them.
 */
const query = fc
  .oneof(
    fc
      .constantFrom(...shipped)
      .chain((c) => fc.subarray(textOf(c), { minLength: 1, maxLength: 3 })),
    fc.constantFrom(...glossary.flatMap(namesOf)).map(words),
  )
  .chain((picked) =>
    fc.tuple(
      ...picked.map(asTyped),
      fc.oneof(
        { arbitrary: fc.constant(''), weight: 4 },
        fc.constantFrom(...FRAMING_WORDS),
        fc.constantFrom(...catalogWords, ...glossaryWords),
        fc.stringMatching(/^[a-z0-9]{1,9}$/),
      ),
    ),
  )
  .map((parts) => parts.filter(Boolean).join(' '));

describe('what q finds', () => {
  it('holds every course the search before the glossary found, for any query of catalog words', () => {
    let answered = 0;
    fc.assert(
      fc.property(query, (q) => {
        const then = before.find(q);
        if (then.size > 0) answered++;
        expect({ q, missing: missing(then, found(q)) }).toEqual({ q, missing: [] });
      }),
      { seed: SEED, numRuns: 300 },
    );
    // The property is about something: most queries found courses before.
    expect(answered).toBeGreaterThan(100);
  });

  it('holds every course that search as it first was finds: every word beginning a word of the course', () => {
    const start = fc
      .constantFrom(...catalogWords)
      .chain((word) => fc.integer({ min: 1, max: word.length }).map((n) => word.slice(0, n)));
    const query = fc.array(fc.oneof(start, fc.stringMatching(/^[a-z0-9]{1,9}$/)), {
      minLength: 1,
      maxLength: 3,
    });
    fc.assert(
      fc.property(query, (qs) => {
        const old = shipped
          .filter((c) => qs.every((q) => beginsWord(q, textOf(c))))
          .map((c) => c.slug);
        expect(missing(old, found(qs.join(' ')))).toEqual([]);
      }),
      { seed: SEED, numRuns: 400 },
    );
  });

  it('forgives a misspelt word: `tecnical` finds every course `technical` finds', () => {
    const technical = found('technical');
    expect(technical.size).toBeGreaterThan(0);
    expect(missing(technical, found('tecnical'))).toEqual([]);
  });

  it('reads two words written together as the pair written apart', () => {
    const linkBuilding = shipped.filter((c) =>
      [c.name, c.description, c.best_for, ...c.highlights].join(' ').includes('link building'),
    );
    expect(linkBuilding.length).toBeGreaterThan(0);
    const joined = found('linkbuilding');
    expect(linkBuilding.filter((c) => !joined.has(c.slug))).toEqual([]);
  });

  it('reads a course’s levels: `beginners` finds every course taught to beginners', () => {
    const taught = shipped.filter((c) => c.levels.includes('beginner')).map((c) => c.slug);
    expect(missing(taught, found('beginners'))).toEqual([]);
  });
});

describe('the glossary in q', () => {
  it('each name of a term finds what it found before, what every name of the term finds as written, and its topics’ courses', () => {
    for (const term of glossary) {
      const names = namesOf(term);
      // A name as written: each of its words (framing words aside) begins a word of the course,
      // or is one when it is shorter than 4 letters (an abbreviation).
      const holds = (word: string, text: string[]) =>
        word.length >= 4 ? beginsWord(word, text) : text.includes(word);
      const asWritten = shipped.filter((c) =>
        names.some((name) => {
          const kept = words(name).filter((word) => !isFraming(word));
          return kept.every((word) => holds(word, [...textOf(c), ...levelsOf(c)]));
        }),
      );
      const termCourses = new Set([...asWritten.map((c) => c.slug), ...covering(...term.topics)]);
      for (const name of names) {
        const now = found(name);
        const expected = new Set([...termCourses, ...before.find(name)]);
        expect({ name, missing: missing(expected, now) }).toEqual({ name, missing: [] });
      }
    }
  });

  it.each([
    ['search engine optimization', 'seo'],
    ['backlinks', 'link building'],
    ['gmb', 'google business profile'],
  ])('`%s` finds what `%s` finds', (q, other) => {
    const now = found(q);
    expect(missing(before.find(other), now)).toEqual([]);
    expect(before.find(q).size).toBeLessThan(now.size);
  });

  it.each([
    ['aeo', ['geo']],
    ['llm visibility', ['geo']],
    ['chatgpt', ['geo', 'ai_seo']],
    ['perplexity', ['geo', 'ai_seo']],
    ['get cited by ai', ['geo']],
    ['backlinks', ['link_building']],
    ['google business profile', ['local_seo']],
    ['google maps', ['local_seo']],
    ['map pack', ['local_seo']],
    ['schema markup', ['technical_seo']],
    ['core web vitals', ['technical_seo']],
    ['site speed', ['technical_seo']],
  ] as const)('`%s`, which found nothing, finds the courses on %j', (q, keys) => {
    expect(before.find(q).size).toBe(0);
    expect(missing(covering(...keys), found(q))).toEqual([]);
  });

  it('keeps the other words of a longer query: `backlinks for beginners` is link building taught to beginners', () => {
    const both = found('backlinks for beginners');
    expect(both.size).toBeGreaterThan(0);
    expect([...both].sort()).toEqual(
      [...found('backlinks')].filter((slug) => found('beginners').has(slug)).sort(),
    );
  });

  it('ranks an exact term above a typo’s near match: `pseo` puts programmatic SEO first', () => {
    const [first] = ranked('pseo');
    expect(bySlug.get(first)!.topic_coverage.programmatic_seo).toBeGreaterThanOrEqual(4);
    // `pseo` is one letter from `seo`: it still finds what it found before.
    expect(missing(before.find('pseo'), found('pseo'))).toEqual([]);
  });

  it('ranks the courses covering a term’s topic most above those that only mention it', () => {
    for (const term of glossary) {
      const order = ranked(term.name);
      const coverage = (slug: string) =>
        Math.max(...term.topics.map((key) => bySlug.get(slug)!.topic_coverage[key]));
      const lastCore = Math.max(...order.flatMap((slug, i) => (coverage(slug) === 5 ? [i] : [])));
      const firstMention = order.findIndex((slug) => coverage(slug) < 3);
      if (lastCore >= 0 && firstMention >= 0) {
        expect({ term: term.name, before: lastCore < firstMention }).toEqual({
          term: term.name,
          before: true,
        });
      }
    }
  });

  it('names the terms a query was read through, and none for words of its own', () => {
    expect(search.termsIn('llmo').map((t) => t.name)).toEqual(['Generative engine optimization']);
    expect(search.termsIn('backlinks for beginners').map((t) => t.name)).toEqual(['Link building']);
    expect(search.termsIn('tecnical seo').map((t) => t.name)).toEqual(['Technical SEO']);
    expect(search.termsIn('workshop')).toEqual([]);
  });
});

describe('suggestions', () => {
  const count = (q: string) => found(q).size;

  it('complete the last word and correct a misspelt one from the catalog’s words', () => {
    expect(suggestSearches(search, 'tech', count, 8)).toContain('technical');
    expect(suggestSearches(search, 'tecnical', count, 8)).toContain('technical');
    expect(suggestSearches(search, 'linkbuilding', count, 8)).toContain('link building');
    expect(suggestSearches(search, 'tecnical se', count, 8)).toContain('technical seo');
  });

  it('complete the names of terms, the one finding most courses first', () => {
    const suggestions = suggestSearches(search, 'gen', count, 8);
    expect(suggestions).toContain('generative engine optimization');
    const terms = suggestions.filter((s) =>
      glossary.some((t) => namesOf(t).some((n) => words(n).join(' ') === s)),
    );
    const counts = terms.map(count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('offer searches that find something when the words find nothing', () => {
    expect(found('backlinks zzqx').size).toBe(0);
    const offered = suggestSearches(search, 'backlinks zzqx', count, 8);
    expect(offered).toContain('backlinks');
    for (const s of offered) expect(count(s)).toBeGreaterThan(0);
    expect(suggestSearches(search, 'qqqq', count, 8)).toEqual([]);
  });

  it('are at most as many as asked, each one finding a course', () => {
    const start = fc
      .constantFrom(...catalogWords, ...glossaryWords)
      .chain((word) =>
        fc.integer({ min: 2, max: Math.max(2, word.length) }).map((n) => word.slice(0, n)),
      );
    fc.assert(
      fc.property(
        fc.array(start, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 8 }),
        (typedWords, max) => {
          const suggestions = suggestSearches(search, typedWords.join(' '), count, max);
          expect(suggestions.length).toBeLessThanOrEqual(max);
          for (const s of suggestions) expect(count(s)).toBeGreaterThan(0);
        },
      ),
      { seed: SEED, numRuns: 100 },
    );
  });
});
