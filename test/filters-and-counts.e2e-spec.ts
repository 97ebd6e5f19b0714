import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import fc from 'fast-check';
import type { Course } from '../src/catalog/course.schema';
import { BUDGET_BANDS, LEVELS, SORTS, TOPICS } from '../src/catalog/vocabulary';
import { MCP_PATH } from '../src/core/paths';
import { facetsResponseSchema } from '../src/courses/courses.responses';
import { suggestionsResponseSchema } from '../src/courses/search-aids.responses';
import { FACETS_META_KEY } from '../src/mcp/facets-meta';
import { startTestApp, type TestApp } from './support/app';
import { expectValid } from './support/schemas';

/**
 * Several values per filter, the counts beside each value (`getFacets`, and `search_courses`'s
 * `_meta`) and the suggestions of the search box (docs/api.md#searchcourses,
 * docs/api.md#getfacets, docs/api.md#getsuggestions), through HTTP and MCP.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const CLOSED = { level: LEVELS, specialty: TOPICS, price_band: BUDGET_BANDS } as const;
type Closed = keyof typeof CLOSED;

let t: TestApp;
let client: Client;
beforeAll(async () => {
  t = await startTestApp();
  client = new Client({ name: 'filters-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}${MCP_PATH}`)));
});
afterAll(async () => {
  await client.close();
  await t.close();
});

const slugsOf = (body: { data: Course[] }) => body.data.map((course) => course.slug);
const list = async (query: URLSearchParams) => slugsOf(await t.json(`/api/v1/courses?${query}`));
const total = async (query: URLSearchParams) =>
  Number((await t.get(`/api/v1/courses?${query}`)).headers.get('x-total-count'));

/** Some values of each closed filter (each filter left out, or one value or several). */
const closedFilters = fc.record(
  Object.fromEntries(
    Object.entries(CLOSED).map(([name, values]) => [
      name,
      fc.option(fc.uniqueArray(fc.constantFrom(...values), { minLength: 1 }), { nil: undefined }),
    ]),
  ) as Record<Closed, fc.Arbitrary<string[] | undefined>>,
);
/** What else a list query may hold: the booleans and an order (by words only with words). */
const others = fc.record(
  {
    community_only: fc.constantFrom('true', 'false'),
    include_inactive: fc.constantFrom('true', 'false'),
    sort: fc.constantFrom(...SORTS.filter((sort) => sort !== 'relevance')),
    q: fc.constantFrom('seo', 'local', 'tecnical', 'ai', 'content strategy'),
  },
  { requiredKeys: [] },
);

function queryOf(closed: Partial<Record<Closed, string[]>>, rest: Record<string, string>) {
  const query = new URLSearchParams(rest);
  for (const [name, values] of Object.entries(closed)) {
    if (values !== undefined) query.set(name, values.join(','));
  }
  return query;
}

describe('several values per filter', () => {
  it('give the union of the one-value lists within a filter, the intersection across filters, in the order of the sort', async () => {
    await fc.assert(
      fc.asyncProperty(closedFilters, others, async (closed, rest) => {
        const base = await list(queryOf({}, rest));
        const kept = new Set(base);
        for (const [name, values] of Object.entries(closed)) {
          if (values === undefined) continue;
          const union = new Set<string>();
          for (const value of values) {
            for (const slug of await list(queryOf({ [name]: [value] }, rest))) union.add(slug);
          }
          for (const slug of kept) if (!union.has(slug)) kept.delete(slug);
        }
        const query = queryOf(closed, rest);
        expect({ query: `${query}`, slugs: await list(query) }).toEqual({
          query: `${query}`,
          slugs: base.filter((slug) => kept.has(slug)),
        });
        // The MCP tool, given arrays (a single value as itself), finds the same.
        const args: Record<string, unknown> = {
          ...Object.fromEntries(
            Object.entries(closed)
              .filter(([, values]) => values !== undefined)
              .map(([name, values]) => [name, values!.length === 1 ? values![0] : values]),
          ),
          ...Object.fromEntries(
            Object.entries(rest).map(([name, value]) => [
              name,
              value === 'true' ? true : value === 'false' ? false : value,
            ]),
          ),
          limit: 100,
        };
        const result = (await client.callTool({ name: 'search_courses', arguments: args })) as any;
        expect({ args, slugs: slugsOf(result.structuredContent) }).toEqual({
          args,
          slugs: base.filter((slug) => kept.has(slug)),
        });
      }),
      { seed: SEED, numRuns: 40 },
    );
  });

  it('a single value means what it meant, and the order of values changes nothing', async () => {
    const [one, two] = [
      await t.json('/api/v1/courses?level=beginner,intermediate&sort=price-asc&limit=5'),
      await t.get('/api/v1/courses?level=intermediate,beginner&sort=price-asc&limit=5'),
    ];
    expect(slugsOf((await two.json()) as any)).toEqual(slugsOf(one));
    // A page's cursor of one order is a cursor of the other.
    const next = /<([^>]+)>; rel="next"/.exec(two.headers.get('link')!)![1];
    const cursor = new URL(next).searchParams.get('cursor')!;
    const followed = await t.get(
      `/api/v1/courses?level=beginner,intermediate&sort=price-asc&limit=5&cursor=${cursor}`,
    );
    expect(followed.status).toBe(200);
  });

  it.each([
    ['an unknown value', 'level=beginner,expert', '"expert"'],
    ['a repeated value', 'price_band=free,under_100,free', 'given more than once: "free"'],
    ['an empty item', 'specialty=local,', 'an item of the list is empty'],
  ])(
    '%s is a 422 naming the parameter and the item, with the allowed values',
    async (_l, query, item) => {
      const body = await t.json(`/api/v1/courses?${query}`);
      const [name, value] = query.split('=');
      expect(body.error.code).toBe('invalid_parameters');
      expect(body.error.details.parameters).toEqual([
        {
          name,
          value,
          problem: expect.stringContaining(item),
          allowed_values: [...CLOSED[name as Closed]],
        },
      ]);
    },
  );

  it('a filter given once per value is a 422 that shows the comma list', async () => {
    const body = await t.json('/api/v1/courses?level=beginner&level=advanced');
    expect(body.error.details.parameters[0]).toMatchObject({
      name: 'level',
      problem: 'given more than once: write it once, as level=beginner,advanced',
    });
  });
});

describe('getFacets', () => {
  it('counts each value as the list counts it with that value in place of the filter’s own; total is the list’s', async () => {
    await fc.assert(
      fc.asyncProperty(closedFilters, others, async (closed, { sort: _sort, ...rest }) => {
        const query = queryOf(closed, rest);
        const body = await t.json(`/api/v1/facets?${query}`);
        expectValid(facetsResponseSchema, body);
        expect(body.data.total).toBe(await total(query));
        for (const [name, counts] of Object.entries<Record<string, number>>(body.data.facets)) {
          for (const [value, count] of Object.entries(counts)) {
            const instead = new URLSearchParams(query);
            instead.set(name, value);
            expect({ name, value, count }).toEqual({ name, value, count: await total(instead) });
          }
        }
      }),
      { seed: SEED, numRuns: 15 },
    );
  });

  it('lists every filter and every value, 0 included, and is cached like the list', async () => {
    const response = await t.get('/api/v1/facets?q=local');
    const body: any = await response.json();
    expect(Object.keys(body.data.facets)).toEqual([
      'level',
      'specialty',
      'price_band',
      'community_only',
      'include_inactive',
    ]);
    expect(Object.keys(body.data.facets.specialty)).toEqual([...TOPICS]);
    expect(Object.values<object>(body.data.facets).flatMap(Object.values)).toContain(0);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const again = await t.get('/api/v1/facets?q=local', {
      headers: { 'If-None-Match': response.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });

  it('takes neither an order nor pages', async () => {
    const body = await t.json('/api/v1/facets?sort=name-asc&limit=5');
    expect(body.error.details.parameters.map((p: { name: string }) => p.name)).toEqual([
      'sort',
      'limit',
    ]);
  });

  it('are the counts search_courses carries in _meta, and says in words', async () => {
    const args = { level: ['beginner', 'intermediate'], q: 'seo' };
    const result = (await client.callTool({ name: 'search_courses', arguments: args })) as any;
    const rest = await t.json('/api/v1/facets?level=beginner,intermediate&q=seo');
    expect(result._meta[FACETS_META_KEY]).toEqual(rest.data);
    const sentence = result.content.at(-1).text as string;
    expect(sentence).toContain(`${rest.data.total} courses match in all.`);
    expect(sentence).toContain(`level beginner ${rest.data.facets.level.beginner}, `);
    expect(sentence).toContain(`community_only=true ${rest.data.facets.community_only.true}`);
  });
});

describe('getSuggestions', () => {
  it('completes the last word and corrects a misspelt one', async () => {
    for (const q of ['tech', 'tecnical']) {
      const body = await t.json(`/api/v1/suggestions?q=${q}`);
      expectValid(suggestionsResponseSchema, body);
      expect(body.data.suggestions).toContain('technical');
    }
    expect((await t.json('/api/v1/suggestions?q=linkbuilding')).data.suggestions[0]).toBe(
      'link building',
    );
  });

  it('offers at most 8, each finding at least one course when sent as q', async () => {
    const all: Course[] = (await t.json('/api/v1/courses?include_inactive=true')).data;
    const words = [
      ...new Set(
        all.flatMap(
          (c) => `${c.name} ${c.highlights.join(' ')}`.toLowerCase().match(/[a-z0-9]+/g) ?? [],
        ),
      ),
    ];
    const typed = fc
      .constantFrom(...words.filter((w) => w.length >= 2))
      .chain((word) => fc.integer({ min: 2, max: word.length }).map((n) => word.slice(0, n)));
    await fc.assert(
      fc.asyncProperty(typed, async (q) => {
        const body = await t.json(`/api/v1/suggestions?q=${encodeURIComponent(q)}`);
        expect(body.data.suggestions.length).toBeLessThanOrEqual(8);
        for (const suggestion of body.data.suggestions) {
          const found = await total(new URLSearchParams({ q: suggestion }));
          expect({ q, suggestion, found: found > 0 }).toEqual({ q, suggestion, found: true });
        }
      }),
      { seed: SEED, numRuns: 30 },
    );
  });

  it.each([
    ['t', 'at least 2 characters (got 1)'],
    ['a'.repeat(101), 'at most 100 characters (got 101)'],
    ['--', 'give at least one word (letters or digits)'],
  ])('q=%j is a 422 naming q', async (q, problem) => {
    const body = await t.json(`/api/v1/suggestions?q=${encodeURIComponent(q)}`);
    expect(body.error.details.parameters).toEqual([{ name: 'q', value: q, problem }]);
  });

  it('names up to 5 enrolling courses whose names the words match, best first, each with its page', async () => {
    const body = await t.json('/api/v1/suggestions?q=lin');
    expectValid(suggestionsResponseSchema, body);
    const named: { slug: string; name: string; page_url: string }[] = body.data.courses;
    expect(named.length).toBeGreaterThan(0);
    expect(named.length).toBeLessThanOrEqual(5);
    for (const { slug, name, page_url } of named) {
      const course = (await t.json(`/api/v1/courses/${slug}`)).data;
      expect({ slug, name, page_url, enrolling: true }).toEqual({
        slug,
        name: course.name,
        page_url: course.page_url,
        enrolling: course.enrolling,
      });
      expect(
        name
          .toLowerCase()
          .match(/[a-z0-9]+/g)!
          .some((w: string) => w.startsWith('lin')),
      ).toBe(true);
    }
    expect((await t.json('/api/v1/suggestions?q=qqqq')).data).toEqual({
      suggestions: [],
      courses: [],
    });
  });

  it('completes the names of glossary terms, and offers searches that find courses for words that find none', async () => {
    expect((await t.json('/api/v1/suggestions?q=gen')).data.suggestions).toContain(
      'generative engine optimization',
    );
    expect(await total(new URLSearchParams({ q: 'backlinks zzqx' }))).toBe(0);
    const offered: string[] = (await t.json('/api/v1/suggestions?q=backlinks%20zzqx')).data
      .suggestions;
    expect(offered).toContain('backlinks');
    for (const q of offered) expect(await total(new URLSearchParams({ q }))).toBeGreaterThan(0);
  });

  it('needs q, and is cached like the list', async () => {
    const missing = await t.json('/api/v1/suggestions');
    expect(missing.error.details.parameters).toEqual([
      { name: 'q', value: null, problem: 'missing' },
    ]);
    const response = await t.get('/api/v1/suggestions?q=loc');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('etag')).toMatch(/^W\//);
  });
});

describe('getGlossary', () => {
  it('answers every term in name order, each counting the courses its name finds and linking them', async () => {
    const response = await t.get('/api/v1/glossary');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('etag')).toMatch(/^W\//);
    const body: any = await response.json();
    expect(body.meta.count).toBe(body.data.length);
    expect(body.data.length).toBeGreaterThanOrEqual(40);
    const names = body.data.map((term: { name: string }) => term.name.toLowerCase());
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en')));
    for (const term of body.data.slice(0, 12)) {
      const found = await total(new URLSearchParams({ q: term.name }));
      expect({ name: term.name, count: term.course_count }).toEqual({
        name: term.name,
        count: found,
      });
      expect(term.list_url).toBe(
        `http://localhost:3000/ai-seo-courses?${new URLSearchParams({ q: term.name })}`,
      );
      expect(term.page_url).toBe(`http://localhost:3000/ai-seo-courses/glossary#${term.id}`);
    }
  });

  it('takes no parameter', async () => {
    const body = await t.json('/api/v1/glossary?term=geo');
    expect(body.error.code).toBe('invalid_parameters');
    expect(body.error.details.parameters[0].name).toBe('term');
  });
});
