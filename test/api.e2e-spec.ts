import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import type { CourseRecord } from '../src/catalog/course.schema';
import { BUDGET_BANDS, LEVELS, SORTS, TOPIC_COVERAGE, TOPICS } from '../src/catalog/vocabulary';
import { comparisonResponseSchema } from '../src/comparisons/comparisons.responses';
import { errorBodySchema } from '../src/core/envelope.schema';
import { courseListResponseSchema, courseResponseSchema } from '../src/courses/courses.responses';
import { finderQuestionsResponseSchema } from '../src/finder/finder.responses';
import { methodologyResponseSchema } from '../src/methodology/methodology.responses';
import { CITATION, DATA_DIR, startTestApp, type TestApp } from './support/app';
import { expectValid } from './support/schemas';

/** The fixture as written on disk: expectations are computed from it, not from the service. */
const records: CourseRecord[] = JSON.parse(
  readFileSync(join(DATA_DIR, 'courses.json'), 'utf8'),
).courses;
const active = records.filter((r) => r.status === 'active');
const slugsOf = (list: { slug: string }[]) => list.map((c) => c.slug);
const sortedSlugs = (list: { slug: string }[]) => slugsOf(list).sort();
const byNameThenSlug = (a: { name: string; slug: string }, b: { name: string; slug: string }) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base', numeric: true }) ||
  a.slug.localeCompare(b.slug);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function getJson(path: string, status = 200, schema?: z.ZodType) {
  const response = await t.get(path);
  const body: any = await response.json();
  expect({ path, status: response.status }).toEqual({ path, status });
  if (status >= 400) expectValid(errorBodySchema, body);
  else if (schema) expectValid(schema, body);
  return body;
}

describe('GET /api/v1/courses', () => {
  it('lists only active courses in name order by default, with meta.count', async () => {
    const body = await getJson('/api/v1/courses', 200, courseListResponseSchema);
    expect(slugsOf(body.data)).toEqual(slugsOf([...active].sort(byNameThenSlug)));
    expect(body.meta.count).toBe(active.length);
    expect(Object.keys(body)).toEqual(['data', 'meta']);
  });

  it('adds the inactive courses with include_inactive=true or 1, and not with false or 0', async () => {
    for (const value of ['true', '1']) {
      const body = await getJson(
        `/api/v1/courses?include_inactive=${value}`,
        200,
        courseListResponseSchema,
      );
      expect(sortedSlugs(body.data)).toEqual(sortedSlugs(records));
    }
    for (const value of ['false', '0']) {
      const body = await getJson(`/api/v1/courses?include_inactive=${value}`);
      expect(sortedSlugs(body.data)).toEqual(sortedSlugs(active));
    }
  });

  it.each(LEVELS)('level=%s keeps exactly the courses taught at that level', async (level) => {
    const body = await getJson(`/api/v1/courses?level=${level}`, 200, courseListResponseSchema);
    const expected = active.filter((r) => r.levels.includes(level));
    expect(expected.length).toBeGreaterThan(0);
    expect(sortedSlugs(body.data)).toEqual(sortedSlugs(expected));
  });

  it.each(TOPICS)(
    'specialty=%s keeps exactly the courses covering it at 3 or more',
    async (topic) => {
      const body = await getJson(
        `/api/v1/courses?specialty=${topic}`,
        200,
        courseListResponseSchema,
      );
      const expected = active.filter((r) =>
        TOPIC_COVERAGE[topic].some((key) => r.topic_coverage[key] >= 3),
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(sortedSlugs(body.data)).toEqual(sortedSlugs(expected));
    },
  );

  it.each(['', '&include_inactive=true'])(
    'specialty=general_seo%s keeps exactly the courses whose general_seo coverage is 3 or more',
    async (extra) => {
      const body = await getJson(`/api/v1/courses?specialty=general_seo${extra}`);
      const pool = extra ? records : active;
      const expected = pool.filter((r) => r.topic_coverage.general_seo >= 3);
      expect(expected.length).toBeGreaterThan(0);
      expect(sortedSlugs(body.data)).toEqual(sortedSlugs(expected));
      expect(body.data.every((c: any) => c.topic_coverage.general_seo >= 3)).toBe(true);
    },
  );

  it.each(BUDGET_BANDS)(
    'price_band=%s keeps exactly the courses whose cost falls in it',
    async (band) => {
      const body = await getJson(
        `/api/v1/courses?price_band=${band}`,
        200,
        courseListResponseSchema,
      );
      const inBand = (cost: number | null) =>
        cost !== null &&
        {
          free: cost === 0,
          under_100: cost > 0 && cost < 100,
          '100_500': cost >= 100 && cost <= 500,
          '500_plus': cost > 500,
        }[band];
      const expected = active.filter((r) => inBand(r.price.first_year_cost_usd));
      expect(expected.length).toBeGreaterThan(0);
      expect(sortedSlugs(body.data)).toEqual(sortedSlugs(expected));
    },
  );

  it('community_only=true keeps courses with community access or live training; false keeps all', async () => {
    const expected = active.filter(
      (r) => r.community !== 'No' || r.formats.includes('Live / community'),
    );
    expect(expected.length).toBeLessThan(active.length);
    for (const value of ['true', '1']) {
      const body = await getJson(
        `/api/v1/courses?community_only=${value}`,
        200,
        courseListResponseSchema,
      );
      expect(sortedSlugs(body.data)).toEqual(sortedSlugs(expected));
    }
    for (const value of ['false', '0']) {
      const body = await getJson(`/api/v1/courses?community_only=${value}`);
      expect(sortedSlugs(body.data)).toEqual(sortedSlugs(active));
    }
  });

  it('combines filters', async () => {
    const body = await getJson(
      '/api/v1/courses?level=beginner&specialty=ai_geo&include_inactive=true',
    );
    const expected = records.filter(
      (r) =>
        r.levels.includes('beginner') &&
        (r.topic_coverage.ai_seo >= 3 || r.topic_coverage.geo >= 3),
    );
    expect(sortedSlugs(body.data)).toEqual(sortedSlugs(expected));
  });

  const cost = (c: CourseRecord) => c.price.first_year_cost_usd;
  const focus = { High: 3, Medium: 2, Low: 1, None: 0 };
  /** Each order without words; `relevance` needs `q` (search-and-pages.e2e-spec.ts). */
  const ordered: Record<
    Exclude<(typeof SORTS)[number], 'relevance'>,
    (list: CourseRecord[]) => boolean
  > = {
    'name-asc': (list) => list.every((c, i) => i === 0 || byNameThenSlug(list[i - 1], c) <= 0),
    'price-asc': (list) => {
      const known = list.filter((c) => cost(c) !== null);
      return (
        known.every((c, i) => i === 0 || cost(known[i - 1])! <= cost(c)!) &&
        list.slice(known.length).every((c) => cost(c) === null)
      );
    },
    'price-desc': (list) => {
      const known = list.filter((c) => cost(c) !== null);
      return (
        known.every((c, i) => i === 0 || cost(known[i - 1])! >= cost(c)!) &&
        list.slice(known.length).every((c) => cost(c) === null)
      );
    },
    'verified-desc': (list) => {
      const dated = list.filter((c) => c.verification.last_verified_on !== null);
      return (
        dated.every(
          (c, i) =>
            i === 0 ||
            dated[i - 1].verification.last_verified_on! >= c.verification.last_verified_on!,
        ) && list.slice(dated.length).every((c) => c.verification.last_verified_on === null)
      );
    },
    'geo-desc': (list) =>
      list.every((c, i) => i === 0 || focus[list[i - 1].ai_geo_focus] >= focus[c.ai_geo_focus]),
  };

  it.each(SORTS.filter((sort) => sort !== 'relevance'))(
    'sort=%s orders as labelled',
    async (sort) => {
      const body = await getJson(
        `/api/v1/courses?sort=${sort}&include_inactive=true`,
        200,
        courseListResponseSchema,
      );
      expect(sortedSlugs(body.data)).toEqual(sortedSlugs(records));
      expect(ordered[sort as keyof typeof ordered](body.data)).toBe(true);
    },
  );

  it('a price sort is not the name order on this fixture (the sort does something)', async () => {
    const byPrice = await getJson('/api/v1/courses?sort=price-asc');
    const byName = await getJson('/api/v1/courses');
    expect(slugsOf(byPrice.data)).not.toEqual(slugsOf(byName.data));
  });

  it('reports every unknown, repeated, empty or unsupported parameter at once', async () => {
    const body = await getJson(
      '/api/v1/courses?level=expert&sort=&specialty=links&specialty=local&colour=red&community_only=yes',
      422,
    );
    expect(body.error.code).toBe('invalid_parameters');
    const byName = Object.fromEntries(
      body.error.details.parameters.map((p: { name: string }) => [p.name, p]),
    );
    expect(Object.keys(byName).sort()).toEqual([
      'colour',
      'community_only',
      'level',
      'sort',
      'specialty',
    ]);
    expect(byName.level).toMatchObject({ value: 'expert', allowed_values: [...LEVELS] });
    expect(byName.sort).toMatchObject({ value: '', problem: 'empty', allowed_values: [...SORTS] });
    // Several values are one comma list, as the problem shows.
    expect(byName.specialty).toMatchObject({
      value: ['links', 'local'],
      problem: 'given more than once: write it once, as specialty=links,local',
      allowed_values: [...TOPICS],
    });
    expect([...byName.community_only.allowed_values].sort()).toEqual(['0', '1', 'false', 'true']);
    expect(byName.colour.problem).toMatch(/not a parameter/);
  });

  it('values are case-sensitive', async () => {
    const body = await getJson('/api/v1/courses?level=Beginner', 422);
    expect(body.error.details.parameters[0].name).toBe('level');
  });
});

describe('GET /api/v1/courses/{slug}', () => {
  it('returns every course, inactive included, in the envelope', async () => {
    for (const record of records) {
      const body = await getJson(`/api/v1/courses/${record.slug}`, 200, courseResponseSchema);
      expect(body.data.slug).toBe(record.slug);
      expect(body.meta.count).toBeUndefined();
    }
  });

  it.each(['no-such-course', 'Bad_Slug', '-x', 'a--b', '%E2%9C%93'])(
    '404 not_found for %s',
    async (slug) => {
      const body = await getJson(`/api/v1/courses/${slug}`, 404);
      expect(body.error.code).toBe('not_found');
      expect(body.error.details.missing).toEqual([decodeURIComponent(slug)]);
    },
  );

  it.each([
    ['technical-seo', 'a word left out'],
    ['tecnical-seo-deep-dive', 'a typo'],
    ['Technical-SEO', 'a slug that breaks the pattern'],
  ])('404 for %s (%s) names the slug and offers the near one', async (slug) => {
    const body = await getJson(`/api/v1/courses/${slug}`, 404);
    expect(body.error.details).toEqual({
      missing: [slug],
      near_slugs: ['technical-seo-deep-dive'],
    });
    expect(body.error.message).toContain('Did you mean technical-seo-deep-dive?');
  });

  it('rejects query parameters it does not take', async () => {
    const body = await getJson(`/api/v1/courses/${records[0].slug}?level=beginner`, 422);
    expect(body.error.code).toBe('invalid_parameters');
  });
});

describe('GET /api/v1/comparisons', () => {
  const [a, b, c] = [records[5].slug, records[0].slug, records[2].slug];
  const inactive = records.find((r) => r.status === 'inactive')!.slug;

  it('returns 2 or 3 courses in the order given, inactive ones too', async () => {
    for (const list of [
      [a, b],
      [a, b, c],
      [c, inactive, a],
    ]) {
      const body = await getJson(
        `/api/v1/comparisons?courses=${list.join(',')}`,
        200,
        comparisonResponseSchema,
      );
      expect(slugsOf(body.data.courses)).toEqual(list);
    }
  });

  it.each([
    ['one slug', `courses=${a}`],
    ['four slugs', `courses=${a},${b},${c},${inactive}`],
    ['an empty item', `courses=${a},,${b}`],
    ['a trailing comma', `courses=${a},${b},`],
    ['a malformed slug', `courses=${a},Not_A_Slug`],
    ['a repeated slug', `courses=${a},${a}`],
    ['no parameter', ''],
    ['the parameter twice', `courses=${a},${b}&courses=${a},${c}`],
    ['an unknown parameter', `courses=${a},${b}&sort=name-asc`],
  ])('422 invalid_parameters for %s', async (_label, query) => {
    const body = await getJson(`/api/v1/comparisons?${query}`, 422);
    expect(body.error.code).toBe('invalid_parameters');
    expect(body.error.details.parameters.length).toBeGreaterThan(0);
  });

  it('refuses courses given once per slug, showing the list as one comma-separated value', async () => {
    const body = await getJson(`/api/v1/comparisons?courses=${a}&courses=${b}`, 422);
    expect(body.error.message).toBe('Invalid parameters. Given more than once: courses.');
    expect(body.error.details.parameters).toEqual([
      {
        name: 'courses',
        value: [a, b],
        problem: `given more than once: write it once, as courses=${a},${b}`,
      },
    ]);
  });

  it('404 not_found listing the well-formed slugs that match no course', async () => {
    const body = await getJson(`/api/v1/comparisons?courses=${a},ghost-course,phantom`, 404);
    expect(body.error).toMatchObject({
      code: 'not_found',
      details: { missing: ['ghost-course', 'phantom'], near_slugs: [] },
    });
  });

  it('404 offers the near slug of each that matches no course', async () => {
    const body = await getJson(`/api/v1/comparisons?courses=${a},technicalseo`, 404);
    expect(body.error.details).toEqual({
      missing: ['technicalseo'],
      near_slugs: ['technical-seo-deep-dive'],
    });
  });
});

describe('GET /api/v1/finder/questions and /api/v1/methodology', () => {
  it('finder questions list the six questions with every value and label', async () => {
    const body = await getJson('/api/v1/finder/questions', 200, finderQuestionsResponseSchema);
    expect(Object.keys(body.data.questions)).toEqual([
      'experience',
      'objective',
      'learning_style',
      'freshness',
      'budget',
      'operating_model',
    ]);
    expect(body.data.questions.experience.values).toEqual({
      beginner: 'Beginner',
      intermediate: 'Intermediate',
      advanced: 'Advanced / Operator',
    });
    expect(body.data.questions.budget.values['100_500']).toBe('$100–$500');
    expect(body.data.recommendations_url_template).toBe(
      'http://localhost:3000/api/v1/recommendations?experience={experience}&objective={objective}&learning_style={learning_style}&freshness={freshness}&budget={budget}&operating_model={operating_model}',
    );
  });

  it('methodology is the live file plus its URL', async () => {
    const body = await getJson('/api/v1/methodology', 200, methodologyResponseSchema);
    const file = JSON.parse(readFileSync(join(DATA_DIR, 'methodology.json'), 'utf8'));
    const { scoring_weights_updated_on, $schema: _schema, ...rest } = file;
    expect(body.data).toEqual({
      ...rest,
      methodology_url: 'http://localhost:3000/ai-seo-courses/methodology',
    });
    expect(body.meta.scoring_weights_updated_on).toBe(scoring_weights_updated_on);
  });

  it.each([
    '/api/v1/methodology?x=1',
    '/api/v1/finder/questions?verbose=true',
    '/api/v1/courses/seo-fundamentals-bootcamp?x=1',
  ])('%s: unknown parameters are 422, saying the operation takes none', async (path) => {
    const body = await getJson(path, 422);
    expect(body.error.code).toBe('invalid_parameters');
    expect(body.error.details.parameters[0].problem).toBe('this operation takes no parameters');
  });
});

describe('meta', () => {
  it('has exactly the spec members, with URLs from PUBLIC_URL and the citation', async () => {
    const body = await getJson('/api/v1/courses');
    expect(Object.keys(body.meta)).toEqual([
      'api_version',
      'canonical_url',
      'methodology_url',
      'openapi_url',
      'citation',
      'last_verified_on',
      'scoring_weights_updated_on',
      'contains_placeholder_data',
      'policies',
      'count',
    ]);
    expect(body.meta).toMatchObject({
      api_version: 'v1',
      canonical_url: 'http://localhost:3000/ai-seo-courses',
      methodology_url: 'http://localhost:3000/ai-seo-courses/methodology',
      openapi_url: 'http://localhost:3000/api/v1/openapi.json',
      last_verified_on: null,
      contains_placeholder_data: true,
    });
    expect(body.meta.citation).toBe(CITATION);
  });
});

describe('errors outside the operations', () => {
  it('an unknown path is 404 in the error shape', async () => {
    for (const path of ['/nope', '/api/v1/nope', '/api/v2/courses', '/api/v1/courses/a/b']) {
      const body = await getJson(path, 404);
      expect(body.error.code).toBe('not_found');
    }
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])(
    '%s on an API path is 405 with Allow',
    async (method) => {
      for (const path of ['/api/v1/courses', '/api/v1/recommendations', '/api/v1/nothing-here']) {
        const response = await t.get(path, {
          method,
          body: method === 'DELETE' ? undefined : '{}',
        });
        expect(response.status).toBe(405);
        expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
        expect(response.headers.get('cache-control')).toBe('no-store');
        const body: any = await response.json();
        expectValid(errorBodySchema, body);
        expect(body.error.code).toBe('method_not_allowed');
      }
    },
  );
});
