import fc from 'fast-check';
import { answersArb as answers, SAMPLE_ANSWERS } from '../../test/support/answers';
import { shipped, useRoom } from '../../test/support/room';
import { DomainError } from '../core/domain-error';
import { RecommendationsService } from './recommendations.service';

/**
 * Recommendations and fits over the shipped catalog (docs/methodology.md#the-formula,
 * docs/methodology.md#how-a-course-fits): the README's own example, then what the docs promise of
 * any six answers.
 */

const SEED = 20261208;
const room = useRoom([RecommendationsService]);
let service: RecommendationsService;
beforeAll(() => (service = room.get(RecommendationsService)));

const { match_threshold: THRESHOLD, result_limit: LIMIT } = shipped.methodology();
const enrolling = new Set(
  shipped
    .courses()
    .filter((course) => course.status === 'active')
    .map((course) => course.slug),
);
const allSlugs = shipped.courses().map((course) => course.slug);

/** The README's request (SAMPLE_ANSWERS): a beginner after AI search, self-paced, under $100. */
const README_ANSWERS = SAMPLE_ANSWERS;

describe('RecommendationsService.recommend', () => {
  it('answers the README’s example: Answer Engine Foundations first, at 96 %', () => {
    const { results, no_strong_match } = service.recommend(README_ANSWERS).data;
    expect(no_strong_match).toBe(false);
    expect(results[0]).toMatchObject({
      rank: 1,
      match_percent: 96,
      course: { slug: 'answer-engine-foundations' },
    });
  });

  it('returns at most 3 enrolling courses at 55 % or more, best first, ranked 1 to n', () => {
    fc.assert(
      fc.property(answers, (given) => {
        const { results, no_strong_match } = service.recommend(given).data;
        expect(results.length).toBeLessThanOrEqual(LIMIT);
        expect(no_strong_match).toBe(results.length === 0);
        results.forEach((result, i) => {
          expect(result.rank).toBe(i + 1);
          expect(result.match_percent).toBeGreaterThanOrEqual(THRESHOLD);
          expect(enrolling.has(result.course.slug)).toBe(true);
          if (i > 0) expect(result.match_percent).toBeLessThanOrEqual(results[i - 1].match_percent);
        });
      }),
      { seed: SEED, numRuns: 100 },
    );
  });
});

describe('RecommendationsService.fit', () => {
  it('says of any course what the recommendation for the same answers does with it', () => {
    const named = fc.uniqueArray(fc.constantFrom(...allSlugs), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(answers, named, (given, courses) => {
        const { results } = service.recommend(given).data;
        const { fits } = service.fit({ ...given, courses }).data;
        expect(fits.map((fit) => fit.course.slug)).toEqual(courses);
        for (const fit of fits) {
          const returned = results.find((result) => result.course.slug === fit.course.slug);
          if (!enrolling.has(fit.course.slug)) {
            expect(fit).toMatchObject({ verdict: 'not_enrolling', match_percent: null });
          } else if (returned) {
            expect(fit).toMatchObject({
              verdict: 'recommended',
              recommended: true,
              rank: returned.rank,
              match_percent: returned.match_percent,
              match_reasons: returned.match_reasons,
              warnings: returned.warnings,
            });
          } else if (fit.match_percent! < THRESHOLD) {
            expect(fit.verdict).toBe('below_threshold');
          } else {
            expect(fit.verdict).toBe('outranked');
            expect(fit.ranked_ahead).toEqual(results.map((result) => result.course.slug));
            expect(results).toHaveLength(LIMIT);
          }
        }
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  it('names, without courses, the three enrolling courses that rank highest', () => {
    fc.assert(
      fc.property(answers, (given) => {
        const { results } = service.recommend(given).data;
        const { fits } = service.fit(given).data;
        expect(fits).toHaveLength(LIMIT);
        for (const fit of fits) expect(enrolling.has(fit.course.slug)).toBe(true);
        // What the recommendation returns comes first, in its order.
        expect(fits.slice(0, results.length).map((fit) => fit.course.slug)).toEqual(
          results.map((result) => result.course.slug),
        );
      }),
      { seed: SEED, numRuns: 50 },
    );
  });

  it('is not_found when a slug names no course, listing the missing ones', () => {
    const call = () =>
      service.fit({ ...README_ANSWERS, courses: ['technical-seo-deep-dive', 'no-such-course'] });
    expect(call).toThrow(DomainError);
    expect(() => call()).toThrow(
      expect.objectContaining({
        code: 'not_found',
        details: { missing: ['no-such-course'], near_slugs: [] },
      }),
    );
  });
});
