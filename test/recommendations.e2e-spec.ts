import { ANSWER_NAMES, QUESTIONS } from '../src/catalog/vocabulary';
import { CatalogService } from '../src/catalog/catalog.service';
import { EncodedJson, strongEtag } from '../src/core/encoded-json';
import { errorBodySchema } from '../src/core/envelope.schema';
import { allAnswers } from '../src/recommendations/distribution';
import { recommend } from '../src/recommendations/engine';
import { recommendationEnvelope } from '../src/recommendations/recommendation-table';
import { RecommendationsService } from '../src/recommendations/recommendations.service';
import type { Answers } from '../src/recommendations/answers.dto';
import { recommendationResponseSchema } from '../src/recommendations/recommendation.schema';
import { startTestApp, type TestApp } from './support/app';
import { TestClock } from './support/clock';
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
      citation: body.meta.citation,
    });
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

  it('serves what the engine computes on the live data, for a sample of answer sets', async () => {
    const snapshot = t.app.get(CatalogService).snapshot();
    const sample = allAnswers().filter((_, i) => i % 379 === 0);
    for (const answers of sample) {
      const body = await t.json(`/api/v1/recommendations?${query(answers)}`);
      const expected = recommend(answers, snapshot.courses, snapshot.methodology);
      expect(body.data.results).toEqual(expected);
      expect(body.data.no_strong_match).toBe(expected.length === 0);
    }
  });

  it('says no_strong_match with empty results when no course reaches the threshold', async () => {
    const snapshot = t.app.get(CatalogService).snapshot();
    const none = allAnswers().find(
      (answers) => recommend(answers, snapshot.courses, snapshot.methodology).length === 0,
    )!;
    expect(none).toBeDefined();
    const body = await t.json(`/api/v1/recommendations?${query(none)}`);
    expect(body.data.no_strong_match).toBe(true);
    expect(body.data.results).toEqual([]);
  });
});

describe('the table of every answer combination', () => {
  /** The body and ETag of one recommendation over HTTP. */
  const fetchOne = async (app: TestApp, answers: Answers) => {
    const response = await app.get(`/api/v1/recommendations?${query(answers)}`);
    return { body: await response.text(), etag: response.headers.get('etag') };
  };

  it('serves, once built, the bytes and tag the engine gives; a rollover rebuilds it', async () => {
    const clock = new TestClock(new Date('2026-11-22T12:00:00Z'));
    const app = await startTestApp({ clock });
    try {
      const service = app.app.get(RecommendationsService);
      const catalog = app.app.get(CatalogService);
      const engineBody = (answers: Answers) => {
        const snapshot = catalog.snapshot();
        const results = recommend(answers, snapshot.courses, snapshot.methodology);
        return JSON.stringify(recommendationEnvelope(snapshot, answers, results));
      };
      const sample = allAnswers().filter((_, i) => i % 631 === 0);

      expect(await service.currentTable()).toBeDefined();
      // The table answers valid sets; the handler (and its pipe) only what the table cannot.
      const handler = jest.spyOn(service, 'recommend');
      for (const answers of sample) {
        expect(service.fromTable(answers)).toBeInstanceOf(EncodedJson);
        const { body, etag } = await fetchOne(app, answers);
        expect(body).toBe(engineBody(answers));
        expect(etag).toBe(strongEtag(body));
        const revalidated = await app.get(`/api/v1/recommendations?${query(answers)}`, {
          headers: { 'if-none-match': etag! },
        });
        expect(revalidated.status).toBe(304);
      }

      expect(handler).not.toHaveBeenCalled();
      const invalid = await app.get(`/api/v1/recommendations?${query(ANSWERS)}&budget=free`);
      expect(invalid.status).toBe(422);

      // Two years on, verification statuses and so warnings change: the old table must not answer.
      clock.current = new Date('2028-11-22T12:00:00Z');
      expect(service.fromTable(ANSWERS)).toBeUndefined();
      const whileBuilding = await fetchOne(app, ANSWERS);
      expect(handler).toHaveBeenCalledTimes(1);
      expect(whileBuilding.body).toBe(engineBody(ANSWERS));
      expect(whileBuilding.body).toMatch(/stale|verified/);
      const table = await service.currentTable();
      expect(table?.snapshot.date).toBe('2028-11-22');
      expect(service.fromTable(ANSWERS)).toBeInstanceOf(EncodedJson);
      expect(await fetchOne(app, ANSWERS)).toEqual(whileBuilding);
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
