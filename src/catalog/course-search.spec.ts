import fc from 'fast-check';
import { loadShippedCourses } from '../../test/support/courses';
import { beginsWord } from '../../test/support/search';
import { CourseSearch } from './course-search';
import type { Course } from './course.schema';
import { TOPIC_COVERAGE, TOPIC_LABELS, TOPICS } from './vocabulary';

/** The search of `q` (docs/api.md#search) on the shipped courses and on courses made for a case. */

const SEED = 20261127;
const shipped = loadShippedCourses();
const search = new CourseSearch(shipped);

/** The test's own reading of words: letters and digits, case and accents set aside. */
const words = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
/** A course's words as docs/api.md#search lists its fields: the labels of its specialties too. */
const textOf = (c: Course) =>
  words(
    [
      c.name,
      c.provider.name,
      c.description ?? '',
      c.best_for ?? '',
      ...c.highlights,
      ...TOPICS.filter((t) => TOPIC_COVERAGE[t].some((key) => c.topic_coverage[key] >= 3)).map(
        (t) => TOPIC_LABELS[t],
      ),
    ].join(' '),
  );
const catalogWords = [...new Set(shipped.flatMap(textOf))];
const found = (q: string) => new Set(search.find(q).keys());

describe('what q finds', () => {
  it('holds every course that search as it was finds: every word beginning a word of the course', () => {
    // Query words: the starts of catalog words (what a person types), and any letters at all.
    const start = fc
      .constantFrom(...catalogWords)
      .chain((word) => fc.integer({ min: 1, max: word.length }).map((n) => word.slice(0, n)));
    const query = fc.array(fc.oneof(start, fc.stringMatching(/^[a-z0-9]{1,9}$/)), {
      minLength: 1,
      maxLength: 3,
    });
    fc.assert(
      fc.property(query, (qs) => {
        const before = shipped
          .filter((c) => qs.every((q) => beginsWord(q, textOf(c))))
          .map((c) => c.slug);
        const now = found(qs.join(' '));
        expect(before.filter((slug) => !now.has(slug))).toEqual([]);
      }),
      { seed: SEED, numRuns: 400 },
    );
  });

  it('forgives a misspelt word: `tecnical` finds every course `technical` finds', () => {
    const technical = found('technical');
    expect(technical.size).toBeGreaterThan(0);
    expect([...technical].filter((slug) => !found('tecnical').has(slug))).toEqual([]);
  });

  it('reads two words written together as the pair written apart', () => {
    const linkBuilding = shipped.filter((c) =>
      [c.name, c.description, c.best_for, ...c.highlights].join(' ').includes('link building'),
    );
    expect(linkBuilding.length).toBeGreaterThan(0);
    const joined = found('linkbuilding');
    expect(linkBuilding.filter((c) => !joined.has(c.slug))).toEqual([]);
  });
});

describe('suggestions', () => {
  const finds = (q: string) => found(q).size > 0;

  it('complete the last word and correct a misspelt one from the catalog’s words', () => {
    expect(search.suggest('tech', finds, 8)).toContain('technical');
    expect(search.suggest('tecnical', finds, 8)).toContain('technical');
    expect(search.suggest('linkbuilding', finds, 8)[0]).toBe('link building');
    expect(search.suggest('tecnical se', finds, 8)).toContain('technical seo');
    expect(search.suggest('qqqq', finds, 8)).toEqual([]);
  });

  it('are at most as many as asked, each one the caller says finds something', () => {
    const start = fc
      .constantFrom(...catalogWords)
      .chain((word) => fc.integer({ min: 1, max: word.length }).map((n) => word.slice(0, n)));
    fc.assert(
      fc.property(start, fc.integer({ min: 1, max: 8 }), (typed, max) => {
        const asked: string[] = [];
        const suggestions = search.suggest(typed, (q) => (asked.push(q), finds(q)), max);
        expect(suggestions.length).toBeLessThanOrEqual(max);
        for (const s of suggestions) expect(asked).toContain(s);
        for (const s of suggestions)
          expect(words(s).every((w) => catalogWords.includes(w))).toBe(true);
      }),
      { seed: SEED, numRuns: 200 },
    );
  });
});
