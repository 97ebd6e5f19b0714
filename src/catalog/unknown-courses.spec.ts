import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { DATA_DIR } from '../../test/support/app';
import { editDistance, nearSlugs, unknownCourses } from './unknown-courses';

/**
 * Near slugs (docs/api.md#unknown-courses) on the shipped slugs: examples worked by hand from the
 * rules, and properties over generated typos and shortened slugs.
 */

const SEED = 20261208;
const SLUGS: string[] = JSON.parse(
  readFileSync(join(DATA_DIR, 'courses.json'), 'utf8'),
).courses.map((course: { slug: string }) => course.slug);
const KNOWN = new Set(SLUGS);

describe('editDistance', () => {
  it('counts the letters inserted, deleted or replaced', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'seo')).toBe(3);
    expect(editDistance('geo', 'geo')).toBe(0);
    expect(editDistance('tecnical', 'technical')).toBe(1);
  });

  it('is a distance: zero only to itself, symmetric, within the lengths, and a triangle', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '-'), maxLength: 12 });
    fc.assert(
      fc.property(word, word, word, (a, b, c) => {
        const d = editDistance(a, b);
        expect(d === 0).toBe(a === b);
        expect(editDistance(b, a)).toBe(d);
        expect(d).toBeGreaterThanOrEqual(Math.abs(a.length - b.length));
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
        expect(editDistance(a, c)).toBeLessThanOrEqual(d + editDistance(b, c));
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});

describe('nearSlugs on the shipped slugs', () => {
  it.each([
    // The only slug with "technical" (and "seo"): all the letters of the words given.
    ['technical-seo', ['technical-seo-deep-dive']],
    // A malformed slug is read by its words, whatever its case.
    ['Technical SEO', ['technical-seo-deep-dive']],
    // Two words written as one, as the search reads them.
    ['technicalseo', ['technical-seo-deep-dive']],
    // A typo the search forgives in a word of 8 letters or more.
    ['answer-engine-foundaton', ['answer-engine-foundations']],
    // No slug holds "nope", and none is a letter from it.
    ['nope', []],
    // "course" is 2 × 6 of the 37 letters of no-such-course and local-citations-crash-course.
    ['no-such-course', []],
    ['crash-course', ['local-citations-crash-course']],
    // Nothing to read.
    ['---', []],
  ])('%s: %j', (wanted, near) => {
    expect(nearSlugs(wanted, SLUGS)).toEqual(near);
  });

  it('offers the slug a one-letter typo came from', () => {
    const typo = fc
      .record({
        slug: fc.constantFrom(...SLUGS),
        at: fc.nat(),
        edit: fc.constantFrom('insert', 'delete', 'replace'),
        letter: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'),
      })
      .map(({ slug, at, edit, letter }) => {
        const i = at % (slug.length + (edit === 'insert' ? 1 : 0));
        const rest = slug.slice(i + (edit === 'insert' ? 0 : 1));
        return { slug, typo: `${slug.slice(0, i)}${edit === 'delete' ? '' : letter}${rest}` };
      })
      .filter(({ typo }) => !KNOWN.has(typo));
    fc.assert(
      fc.property(typo, ({ slug, typo }) => {
        expect(nearSlugs(typo, SLUGS)).toContain(slug);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('offers the slug a word was left out of, unless as many hold all the words left', () => {
    const shortened = fc
      .record({ slug: fc.constantFrom(...SLUGS.filter((s) => s.includes('-'))), at: fc.nat() })
      .map(({ slug, at }) => {
        const words = slug.split('-');
        return { slug, words: words.filter((_, i) => i !== at % words.length) };
      })
      .filter(({ words }) => !KNOWN.has(words.join('-')));
    fc.assert(
      fc.property(shortened, ({ slug, words }) => {
        const near = nearSlugs(words.join('-'), SLUGS);
        const holdsAll = (s: string) => words.every((word) => s.split('-').includes(word));
        if (!near.includes(slug)) expect(near.filter(holdsAll)).toHaveLength(3);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('offers at most three distinct known slugs for any text, the same each time', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 150 }), (text) => {
        const near = nearSlugs(text, SLUGS);
        expect(near.length).toBeLessThanOrEqual(3);
        expect(new Set(near).size).toBe(near.length);
        for (const slug of near) expect(KNOWN.has(slug)).toBe(true);
        expect(nearSlugs(text, SLUGS)).toEqual(near);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});

describe('unknownCourses', () => {
  it('names the slug, the near ones and the search, in the message and in details', () => {
    expect(unknownCourses(['technical-seo'], SLUGS).toBody()).toEqual({
      error: {
        code: 'not_found',
        message:
          'No course has the slug "technical-seo". Did you mean technical-seo-deep-dive? Search the courses with q to find one by its words.',
        details: { missing: ['technical-seo'], near_slugs: ['technical-seo-deep-dive'] },
      },
    });
    expect(unknownCourses(['nope'], SLUGS).toBody().error).toEqual({
      code: 'not_found',
      message: 'No course has the slug "nope". Search the courses with q to find one by its words.',
      details: { missing: ['nope'], near_slugs: [] },
    });
  });

  it("gives each missing slug's nearest first, then the next, three at most", () => {
    // programmatic-seo shares 2 × 15 of 35 letters with programmatic-seo-pilot, 2 × 12 of 37 with
    // programmatic-pages-at-scale; technicalseo its two words with technical-seo-deep-dive.
    expect(unknownCourses(['programmatic-seo', 'technicalseo'], SLUGS).details).toEqual({
      missing: ['programmatic-seo', 'technicalseo'],
      near_slugs: [
        'programmatic-seo-pilot',
        'technical-seo-deep-dive',
        'programmatic-pages-at-scale',
      ],
    });
  });

  it('cuts a long slug at 100 characters', () => {
    const { details } = unknownCourses(['a'.repeat(300)], SLUGS);
    expect(details).toMatchObject({ missing: ['a'.repeat(100)] });
  });
});
