import { ANSWER_NAMES, QUESTIONS } from '../src/catalog/vocabulary';
import { errorBodySchema } from '../src/core/envelope.schema';
import type { Answers } from '../src/recommendations/answers.dto';
import { recommendationResponseSchema } from '../src/recommendations/recommendations.responses';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CITATION, copyOfData, startTestApp, type TestApp } from './support/app';
import { fixtureCourse, fixtureData } from './support/data-tools';
import { TestClock } from './support/clock';
import { checkedOn } from './support/verified-data';
import { expectValid } from './support/schemas';
import { SAMPLE_ANSWERS } from './support/answers';

const ANSWERS: Answers = SAMPLE_ANSWERS;
const query = (answers: Record<string, string>) => new URLSearchParams(answers).toString();

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /api/v1/recommendations', () => {
  it('returns the Recommendation body exactly as the spec table says', async () => {
    const response = await t.get(`/api/v1/recommendations?${query(ANSWERS)}`);
    expect(response.status).toBe(200);
    const body: any = await response.json();
    expectValid(recommendationResponseSchema, body);
    expect(Object.keys(body.data)).toEqual([
      'answers',
      'answer_labels',
      'match_threshold',
      'result_limit',
      'no_strong_match',
      'results',
      'human_url',
      'methodology_url',
      'dataset_url',
      'citation',
    ]);
    expect(body.data).toMatchObject({
      answers: ANSWERS,
      answer_labels: {
        experience: 'Beginner',
        objective: 'AI SEO / GEO',
        learning_style: 'Self-paced',
        freshness: 'Important',
        budget: 'Under $100',
        operating_model: 'Client / brand SEO',
      },
      match_threshold: 55,
      result_limit: 3,
      no_strong_match: false,
      human_url: `http://localhost:3000/ai-seo-courses/finder?${query(ANSWERS)}`,
      methodology_url: 'http://localhost:3000/ai-seo-courses/methodology',
      dataset_url: 'http://localhost:3000/ai-seo-courses.json',
      citation: CITATION,
    });
    expect(body.meta.citation).toBe(CITATION);
    expect(body.data.results.map((r: any) => r.rank)).toEqual(
      body.data.results.map((_: unknown, i: number) => i + 1),
    );
  });

  it('answers in any order give the same body, echoed in the canonical order', async () => {
    const reversed = Object.fromEntries(Object.entries(ANSWERS).reverse());
    const a = await t.json(`/api/v1/recommendations?${query(ANSWERS)}`);
    const b = await t.json(`/api/v1/recommendations?${query(reversed)}`);
    expect(b).toEqual(a);
    expect(Object.keys(b.data.answers)).toEqual(ANSWER_NAMES);
  });
});

describe('matches worked by hand from docs/methodology.md#the-formula', () => {
  // Three unverified courses (freshness × 0.8) in a data directory of their own; the shipped
  // methodology's numbers, as engine.spec.ts works them.
  const beginner = {
    levels: ['beginner'],
    formats: ['Self-paced'],
    operating_models: ['brand_client'],
  };
  const courses = [
    fixtureCourse('geo-starter', (c) =>
      Object.assign(c, beginner, {
        topic_coverage: { ...c.topic_coverage, ai_seo: 3, geo: 4 },
        updates: 'Monthly',
        price: {
          display: 'Free',
          amount: 0,
          currency: 'USD',
          type: 'free',
          first_year_cost_usd: 0,
          known: true,
        },
      }),
    ),
    fixtureCourse('geo-light', (c) =>
      Object.assign(c, beginner, {
        topic_coverage: { ...c.topic_coverage, ai_seo: 2, geo: 0 },
        updates: 'Continuous',
      }),
    ),
    fixtureCourse('seo-only', (c) =>
      Object.assign(c, beginner, {
        topic_coverage: { ...c.topic_coverage, ai_seo: 0, geo: 0, general_seo: 5 },
        updates: 'Continuous',
      }),
    ),
  ];
  let fixture: TestApp;
  beforeAll(async () => {
    fixture = await startTestApp({ env: { DATA_DIR: fixtureData(courses) } });
  });
  afterAll(() => fixture.close());

  const ranking = async (answers: Answers) => {
    const body = await fixture.json(`/api/v1/recommendations?${query(answers)}`);
    return {
      no_strong_match: body.data.no_strong_match,
      results: body.data.results.map((r: any) => [r.rank, r.course.slug, r.match_percent]),
    };
  };

  it('ranks the matches of 55 and more, best first', async () => {
    // geo-starter: objective 40 × 4/5 = 32, experience 15, self-paced 10, freshness 10 × monthly
    // 0.9 × 0.8 = 7.2, operating model 15, free below under $100 10 × 0.9 = 9: 88.2 → 88.
    // geo-light: 40 × 2/5 = 16, 15, 10, 10 × continuous 1 × 0.8 = 8, 15, $50 in band 10: 74,
    // less 6 for AI SEO 2 (one point below 3): 68.
    // seo-only: objective 0, 15 + 10 + 8 + 15 + 10 = 58, less 3 × 6 = 18: 40, below 55.
    expect(await ranking(ANSWERS)).toEqual({
      no_strong_match: false,
      results: [
        [1, 'geo-starter', 88],
        [2, 'geo-light', 68],
      ],
    });
  });

  it('says no_strong_match with empty results when no course reaches 55', async () => {
    // Link building, which none covers: objective 0 and 18 points of penalty for each; the best is
    // 15 + 10 + 8 + 15 + 10 = 58 − 18 = 40 (geo-light and seo-only), geo-starter 56.2 − 18 = 38.
    expect(await ranking({ ...ANSWERS, objective: 'links' })).toEqual({
      no_strong_match: true,
      results: [],
    });
  });
});

describe('a new UTC day', () => {
  it('re-derives verification statuses, so the same answers get the new warnings and ETag', async () => {
    const dataDir = copyOfData();
    const file = join(dataDir, 'courses.json');
    const data = JSON.parse(readFileSync(file, 'utf8'));
    for (const course of data.courses) checkedOn(course, '2026-11-01');
    writeFileSync(file, JSON.stringify(data));
    const clock = new TestClock(new Date('2026-11-22T12:00:00Z'));
    const app = await startTestApp({ clock, env: { DATA_DIR: dataDir } });
    try {
      const path = `/api/v1/recommendations?${query(ANSWERS)}`;
      const before = await app.get(path);
      const etag = before.headers.get('etag')!;
      const beforeBody: any = await before.json();
      const warnings = (body: any) => body.data.results.flatMap((r: any) => r.warnings);
      expect(beforeBody.data.results.length).toBeGreaterThan(0);
      expect(warnings(beforeBody).filter((w: string) => w.startsWith('Facts last'))).toEqual([]);

      clock.current = new Date('2028-11-22T12:00:00Z');
      const after = await app.get(path, { headers: { 'if-none-match': etag } });
      expect(after.status).toBe(200);
      const afterBody: any = await after.json();
      expect(warnings(afterBody)).toContain(
        'Facts last verified on 2026-11-01, seriously out of date',
      );
      expect(after.headers.get('etag')).not.toBe(etag);
    } finally {
      await app.close();
    }
  });
});

describe('422 invalid_answers', () => {
  async function problems(search: string) {
    const response = await t.get(`/api/v1/recommendations?${search}`);
    expect(response.status).toBe(422);
    const body: any = await response.json();
    expectValid(errorBodySchema, body);
    expect(body.error.code).toBe('invalid_answers');
    const options = Object.fromEntries(
      ANSWER_NAMES.map((name) => [name, Object.keys(QUESTIONS[name].values)]),
    );
    expect(body.error.details.answer_options).toEqual(options);
    return Object.fromEntries(body.error.details.problems.map((p: any) => [p.name, p]));
  }

  it.each(ANSWER_NAMES)('%s missing', async (name) => {
    const { [name]: _omitted, ...rest } = ANSWERS;
    const found = await problems(query(rest));
    expect(found).toEqual({ [name]: { name, value: null, problem: 'missing' } });
  });

  it.each(ANSWER_NAMES)('%s with a bad value', async (name) => {
    const found = await problems(query({ ...ANSWERS, [name]: 'Beginner!' }));
    expect(found).toEqual({
      [name]: { name, value: 'Beginner!', problem: 'not an allowed value' },
    });
  });

  it('an unknown parameter', async () => {
    const found = await problems(`${query(ANSWERS)}&limit=10`);
    expect(Object.keys(found)).toEqual(['limit']);
  });

  it.each([
    ['an unknown parameter', '&foo=1', 'Invalid answers. Not a parameter of this operation: foo.'],
    ['a repeated answer', '&budget=free', 'Invalid answers. Given more than once: budget.'],
    [
      'an unknown and two repeated answers',
      '&foo=1&budget=free&experience=beginner',
      'Invalid answers. Not a parameter of this operation: foo. Given more than once: experience, budget.',
    ],
  ])('the headline says what is wrong: %s', async (_label, extra, message) => {
    const body = await t.json(`/api/v1/recommendations?${query(ANSWERS)}${extra}`);
    expect(body.error.message).toBe(message);
  });

  it('the headline says an answer is missing, and that all six are required', async () => {
    const { budget: _left, ...rest } = ANSWERS;
    const body = await t.json(`/api/v1/recommendations?${query(rest)}`);
    expect(body.error.message).toBe(
      'All six answers are required, each with an allowed value. Missing: budget.',
    );
  });

  it('a repeated answer', async () => {
    const found = await problems(`${query(ANSWERS)}&budget=free`);
    expect(found.budget).toMatchObject({
      value: ['under_100', 'free'],
      problem: 'given more than once',
    });
  });

  it('every problem at once', async () => {
    const found = await problems('experience=guru&budget=&budget=free&x=1');
    expect(Object.keys(found).sort()).toEqual(
      [
        'budget',
        'experience',
        'freshness',
        'learning_style',
        'objective',
        'operating_model',
        'x',
      ].sort(),
    );
  });
});
