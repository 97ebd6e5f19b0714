import fc from 'fast-check';
import { CatalogService } from '../src/catalog/catalog.service';
import type { Course } from '../src/catalog/course.schema';
import { ANSWER_NAMES, QUESTIONS } from '../src/catalog/vocabulary';
import { errorBodySchema } from '../src/core/envelope.schema';
import type { Answers } from '../src/recommendations/answers.dto';
import { scoreCourse } from '../src/recommendations/engine';
import { fitResponseSchema } from '../src/recommendations/fit.responses';
import { startTestApp, type TestApp } from './support/app';
import { answersArb, SAMPLE_ANSWERS } from './support/answers';
import { expectValid } from './support/schemas';

/**
 * `GET /api/v1/recommendations/fit` (docs/api.md#checkcoursefit): the recommendations' own numbers
 * for named courses, or for the ones that came closest, with a verdict that is true.
 */

const query = (answers: Record<string, string>) => new URLSearchParams(answers).toString();

let t: TestApp;
let courses: readonly Course[];
beforeAll(async () => {
  t = await startTestApp();
  courses = t.app.get(CatalogService).current().courses;
});
afterAll(() => t.close());

const recommendations = async (answers: Answers) =>
  (await t.json(`/api/v1/recommendations?${query(answers)}`)).data;

async function fit(answers: Answers, slugs?: readonly string[]) {
  const suffix = slugs ? `&courses=${slugs.join(',')}` : '';
  const response = await t.get(`/api/v1/recommendations/fit?${query(answers)}${suffix}`);
  expect(response.status).toBe(200);
  const body: any = await response.json();
  expectValid(fitResponseSchema, body);
  return body.data;
}

/**
 * Rank order as docs/methodology.md#the-formula states it: match, then name in the course list's
 * order (case-insensitive, numbers by value: docs/api.md#searchcourses), then slug.
 */
function ranksAhead(a: { match: number; name: string; slug: string }, b: typeof a): boolean {
  if (a.match !== b.match) return a.match > b.match;
  const names = a.name.localeCompare(b.name, 'en', { sensitivity: 'base', numeric: true });
  if (names !== 0) return names < 0;
  return a.slug < b.slug;
}

describe('named courses', () => {
  it('answers the body the docs describe, in the order given', async () => {
    const slugs = ['search-generalist-program', 'answer-engine-foundations'];
    const response = await t.get(
      `/api/v1/recommendations/fit?${query(SAMPLE_ANSWERS)}&courses=${slugs.join(',')}`,
    );
    expect(response.status).toBe(200);
    const body: any = await response.json();
    expect(Object.keys(body.data)).toEqual([
      'match_threshold',
      'result_limit',
      'no_strong_match',
      'fits',
      'human_url',
    ]);
    const recommendation = await recommendations(SAMPLE_ANSWERS);
    const { results, match_threshold, result_limit, no_strong_match, human_url } = recommendation;
    expect(body.data).toMatchObject({ match_threshold, result_limit, no_strong_match, human_url });
    expect(body.data.fits.map((f: any) => f.course.slug)).toEqual(slugs);
    expect(Object.keys(body.data.fits[0])).toEqual([
      'course',
      'match_percent',
      'match_reasons',
      'warnings',
      'recommended',
      'rank',
      'verdict',
      'explanation',
      'ranked_ahead',
      'human_url',
    ]);
    const [generalist, foundations] = body.data.fits;
    expect(foundations).toMatchObject({
      recommended: true,
      rank: 1,
      verdict: 'recommended',
      ranked_ahead: [],
      human_url: `http://localhost:3000/ai-seo-courses/answer-engine-foundations?${query(SAMPLE_ANSWERS)}`,
    });
    expect(foundations.explanation).toMatch(/^Recommended: rank 1 of the three courses/);
    // Below the threshold of 55 (docs/methodology.md): recommended by no one, and every recommended
    // course ranks ahead of it.
    expect(generalist.match_percent).toBeLessThan(55);
    expect(generalist).toMatchObject({
      recommended: false,
      rank: null,
      verdict: 'below_threshold',
      ranked_ahead: results.map((r: any) => r.course.slug),
      explanation: `Not recommended: its ${generalist.match_percent} % is below the 55 % a course needs to be recommended.`,
    });
    // No shared cache keeps it, its caller may (docs/api.md#checkcoursefit); nor its 304.
    expect(response.headers.get('cache-control')).toBe('private, max-age=300');
    const again = await t.get(
      `/api/v1/recommendations/fit?${query(SAMPLE_ANSWERS)}&courses=${slugs.join(',')}`,
      { headers: { 'If-None-Match': response.headers.get('etag')! } },
    );
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('private, max-age=300');
  });

  it('a course not enrolling is not scored, and says so', async () => {
    const inactive = courses.find((course) => !course.enrolling)!;
    const [result] = (await fit(SAMPLE_ANSWERS, [inactive.slug])).fits;
    expect(result).toMatchObject({
      match_percent: null,
      match_reasons: [],
      warnings: [],
      recommended: false,
      rank: null,
      verdict: 'not_enrolling',
      ranked_ahead: [],
    });
    expect(result.explanation).toMatch(/not currently enrolling/);
  });

  it('a course at the threshold that three rank ahead of is outranked, naming them', async () => {
    // Answers where a fourth enrolling course reaches the threshold too: found by scoring every
    // course, then asked of the API.
    const enrolling = courses.filter((course) => course.enrolling);
    const found = fc.sample(answersArb, { seed: 39, numRuns: 2000 }).find((answers) => {
      const over = enrolling.filter((course) => scoreCourse(answers, course, methodology()) >= 55);
      return over.length > 3;
    })!;
    expect(found).toBeDefined();
    const { results } = await recommendations(found);
    expect(results).toHaveLength(3);
    const fourth = enrolling
      .filter((course) => !results.some((r: any) => r.course.slug === course.slug))
      .find((course) => scoreCourse(found, course, methodology()) >= 55)!;
    const [result] = (await fit(found, [fourth.slug])).fits;
    expect(result).toMatchObject({
      recommended: false,
      verdict: 'outranked',
      ranked_ahead: results.map((r: any) => r.course.slug),
    });
    for (const r of results) {
      expect(result.explanation).toContain(`${r.course.name} (${r.match_percent} %)`);
    }
    expect(result.explanation).toMatch(/three courses rank ahead of it/);
  });

  it('for generated answers: what /recommendations returns is here with the same numbers, and every verdict is true', async () => {
    const slugs = courses.map((course) => course.slug);
    const enrolling = new Set(courses.filter((course) => course.enrolling).map((c) => c.slug));
    await fc.assert(
      fc.asyncProperty(
        answersArb,
        fc.uniqueArray(fc.constantFrom(...slugs), { minLength: 1, maxLength: 3 }),
        async (answers, others) => {
          const { results } = await recommendations(answers);
          if (results.length > 0) {
            const named = await fit(
              answers,
              results.map((r: any) => r.course.slug),
            );
            named.fits.forEach((f: any, i: number) => {
              const r = results[i];
              expect(f).toMatchObject({
                match_percent: r.match_percent,
                match_reasons: r.match_reasons,
                warnings: r.warnings,
                course: expect.objectContaining({ slug: r.course.slug, name: r.course.name }),
                recommended: true,
                rank: r.rank,
                verdict: 'recommended',
              });
            });
          }
          const returned = new Set(results.map((r: any) => r.course.slug));
          for (const f of (await fit(answers, others)).fits) {
            if (returned.has(f.course.slug)) {
              expect(f.recommended).toBe(true);
              continue;
            }
            expect(f.recommended).toBe(false);
            expect(f.rank).toBeNull();
            if (f.verdict === 'not_enrolling') {
              expect(enrolling.has(f.course.slug)).toBe(false);
              expect(f.match_percent).toBeNull();
            } else if (f.verdict === 'below_threshold') {
              expect(enrolling.has(f.course.slug)).toBe(true);
              expect(f.match_percent).toBeLessThan(55);
            } else {
              expect(f.verdict).toBe('outranked');
              expect(f.match_percent).toBeGreaterThanOrEqual(55);
              expect(results).toHaveLength(3);
              const self = { match: f.match_percent, name: f.course.name, slug: f.course.slug };
              for (const r of results) {
                const other = { match: r.match_percent, name: r.course.name, slug: r.course.slug };
                expect(ranksAhead(other, self)).toBe(true);
              }
            }
          }
        },
      ),
      { seed: 20261127, numRuns: 40 },
    );
  });
});

describe('without courses: what came closest', () => {
  it('for generated answers: the three enrolling courses that rank highest, in rank order', async () => {
    const enrolling = courses.filter((course) => course.enrolling);
    await fc.assert(
      fc.asyncProperty(answersArb, async (answers) => {
        const scored = enrolling
          .map((course) => ({
            match: scoreCourse(answers, course, methodology()),
            name: course.name,
            slug: course.slug,
          }))
          .sort((a, b) => (ranksAhead(a, b) ? -1 : 1));
        const { fits, no_strong_match } = await fit(answers);
        expect(fits.map((f: any) => [f.course.slug, f.match_percent])).toEqual(
          scored.slice(0, 3).map((s) => [s.slug, s.match]),
        );
        expect(no_strong_match).toBe(scored[0].match < 55);
      }),
      { seed: 20261128, numRuns: 40 },
    );
  });
});

describe('caches', () => {
  it('no shared cache may keep an address that holds answers, nor the redirect to it from a trailing slash', async () => {
    const slug = courses.find((course) => course.enrolling)!.slug;
    // docs/privacy.md#caches: the fit, the finder and a course page reached with answers.
    const addresses = [
      '/api/v1/recommendations/fit',
      '/ai-seo-courses/finder',
      `/ai-seo-courses/${slug}`,
    ];
    await fc.assert(
      fc.asyncProperty(
        answersArb,
        fc.constantFrom(...addresses),
        fc.constantFrom('', '/', '//'),
        async (answers, path, slash) => {
          const response = await t.get(`${path}${slash}?${query(answers)}`, { redirect: 'manual' });
          const expected = slash ? 308 : 200;
          const cacheControl = response.headers.get('cache-control');
          expect({ path, slash, status: response.status }).toEqual({
            path,
            slash,
            status: expected,
          });
          expect({ path, slash, cacheControl }).toEqual({
            path,
            slash,
            cacheControl: expect.stringMatching(/^(no-store|private, max-age=300)$/),
          });
        },
      ),
      { seed: 20261128, numRuns: 40 },
    );
  });
});

describe('errors', () => {
  it('slugs that match no course: 404 with details.missing, in the order given, and the near slugs', async () => {
    const response = await t.get(
      `/api/v1/recommendations/fit?${query(SAMPLE_ANSWERS)}&courses=no-such,answer-engine-foundations,technical-seo`,
    );
    expect(response.status).toBe(404);
    const body: any = await response.json();
    expectValid(errorBodySchema, body);
    expect(body.error).toMatchObject({
      code: 'not_found',
      details: { missing: ['no-such', 'technical-seo'], near_slugs: ['technical-seo-deep-dive'] },
    });
  });

  it('every problem, the answers and the courses, in one invalid_answers', async () => {
    const { budget: _budget, ...five } = SAMPLE_ANSWERS;
    const response = await t.get(
      `/api/v1/recommendations/fit?${query({ ...five, experience: 'guru' })}&courses=a,b,c,d&x=1`,
    );
    expect(response.status).toBe(422);
    const body: any = await response.json();
    expectValid(errorBodySchema, body);
    expect(body.error.code).toBe('invalid_answers');
    expect(body.error.details.answer_options).toEqual(
      Object.fromEntries(ANSWER_NAMES.map((name) => [name, Object.keys(QUESTIONS[name].values)])),
    );
    const problems = Object.fromEntries(
      body.error.details.problems.map((p: any) => [p.name, p.problem]),
    );
    expect(problems).toEqual({
      x: expect.stringMatching(/^not a parameter of this operation/),
      courses: 'give 1 to 3 course slugs (got 4)',
      experience: 'not an allowed value',
      budget: 'missing',
    });
  });

  it.each([
    ['an empty item', 'a,,b', 'an item of the list is empty'],
    ['a repeated slug', 'a,a', 'a slug is repeated: "a"'],
    ['a malformed slug', 'Not_A_Slug', expect.stringMatching(/^not a course slug/)],
  ])('%s in courses', async (_what, courses, problem) => {
    const response = await t.get(
      `/api/v1/recommendations/fit?${query(SAMPLE_ANSWERS)}&courses=${courses}`,
    );
    expect(response.status).toBe(422);
    const body: any = await response.json();
    expect(body.error.details.problems).toEqual([{ name: 'courses', value: courses, problem }]);
  });
});

function methodology() {
  return t.app.get(CatalogService).current().methodology;
}
