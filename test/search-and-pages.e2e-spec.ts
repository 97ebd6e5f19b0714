import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Course } from '../src/catalog/course.schema';
import { BUDGET_BANDS, LEVELS, SORTS, TOPICS } from '../src/catalog/vocabulary';
import { MCP_PATH } from '../src/core/paths';
import { courseListResponseSchema, facetsResponseSchema } from '../src/courses/courses.responses';
import {
  glossaryResponseSchema,
  suggestionsResponseSchema,
} from '../src/courses/search-aids.responses';
import { FACETS_META_KEY } from '../src/mcp/facets-meta';
import { PAGE_META_KEY, type PageMeta } from '../src/mcp/page-meta';
import { WAYS_OUT_META_KEY, type WaysOutMeta } from '../src/mcp/ways-out-meta';
import { startTestApp, type TestApp } from './support/app';
import { expectValid } from './support/schemas';

/**
 * The list's query at the boundary (docs/api.md#searchcourses, docs/api.md#pages,
 * docs/api.md#getfacets, docs/api.md#getsuggestions, docs/api.md#getglossary): what a 422 says of
 * words, filters of several values, pages and cursors; the `Link`, `X-Total-Count` and caching
 * headers; and the MCP tool `search_courses` with its `_meta`. What the words find, what the filters
 * keep, the counts and the pages are the services' (src/courses/courses.catalog.spec.ts,
 * src/courses/search-aids.service.spec.ts, src/catalog/course-search.spec.ts).
 */

const CLOSED = { level: LEVELS, specialty: TOPICS, price_band: BUDGET_BANDS } as const;

let t: TestApp;
let client: Client;
beforeAll(async () => {
  t = await startTestApp();
  client = new Client({ name: 'search-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}${MCP_PATH}`)));
});
afterAll(async () => {
  await client.close();
  await t.close();
});

const slugsOf = (body: { data: Course[] }) => body.data.map((course) => course.slug);
const problemOf = (body: any, name: string) =>
  body.error.details.parameters.find((p: { name: string }) => p.name === name);
const total = async (query: string) =>
  Number((await t.get(`/api/v1/courses?${query}`)).headers.get('x-total-count'));
/** The links of a response's `Link` header, by relation. */
const linksOf = (response: Response): Record<string, string> =>
  Object.fromEntries(
    [...(response.headers.get('link') ?? '').matchAll(/<([^>]+)>; rel="(\w+)"/g)].map(
      ([, href, rel]) => [rel, href],
    ),
  );

describe('q: free-text search', () => {
  it.each([
    ['', 'empty'],
    ['!!! ---', 'give at least one word (letters or digits)'],
    ['a'.repeat(201), 'at most 200 characters (got 201)'],
  ])('q=%j is a 422 naming q: %s', async (q, problem) => {
    const response = await t.get(`/api/v1/courses?q=${encodeURIComponent(q)}`);
    expect(response.status).toBe(422);
    const body: any = await response.json();
    expect(body.error.code).toBe('invalid_parameters');
    expect(problemOf(body, 'q')).toMatchObject({ problem });
  });

  it('sort=relevance needs q: a 422 naming sort, with its values', async () => {
    const body = await t.json('/api/v1/courses?sort=relevance&level=beginner');
    expect(body.error.details.parameters).toEqual([
      {
        name: 'sort',
        value: 'relevance',
        problem: '`relevance` orders by how well the words of q match: give q too',
        allowed_values: [...SORTS],
      },
    ]);
  });

  it('q given twice is a 422', async () => {
    const body = await t.json('/api/v1/courses?q=seo&q=local');
    expect(problemOf(body, 'q')).toMatchObject({ problem: 'given more than once' });
  });
});

describe('several values per filter', () => {
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
          allowed_values: [...CLOSED[name as keyof typeof CLOSED]],
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

describe('limit and cursor: pages', () => {
  /** Follows `Link: rel="next"` from a first page; returns every page's body, links and total. */
  async function walk(first: string) {
    const pages: { body: any; links: Record<string, string>; total: string | null }[] = [];
    let url: string | undefined = `${t.url}${first}`;
    while (url) {
      const response = await t.get(url.replace(/^https?:\/\/[^/]+/, ''));
      expect(response.status).toBe(200);
      const links = linksOf(response);
      const total = response.headers.get('x-total-count');
      pages.push({ body: await response.json(), links, total });
      url = links.next;
    }
    return pages;
  }

  it.each([
    ['level=advanced,beginner&price_band=free,500_plus&include_inactive=true', 2],
    ['q=seo%20tecnical&sort=relevance', 3],
  ])(
    'links each page of %s to the next, the previous and the first, in the envelope',
    async (query, limit) => {
      const whole = await t.json(`/api/v1/courses?${query}`);
      const pages = await walk(`/api/v1/courses?${query}&limit=${limit}`);
      expect(pages.length).toBeGreaterThan(2);
      expect(pages.flatMap(({ body }) => slugsOf(body))).toEqual(slugsOf(whole));
      for (const [i, { body, links }] of pages.entries()) {
        expectValid(courseListResponseSchema, body);
        expect(body.meta.count).toBe(body.data.length);
        expect(Object.keys(body.meta)).not.toContain('next');
        // The first page's link keeps the filters, without a cursor.
        const first = new URL(links.first);
        expect(first.searchParams.get('cursor')).toBeNull();
        expect(first.searchParams.get('limit')).toBe(String(limit));
        for (const [name, value] of new URLSearchParams(query)) {
          expect([name, first.searchParams.get(name)]).toEqual([name, value]);
        }
        expect(Boolean(links.prev)).toBe(i > 0);
      }
    },
  );

  it('without limit is the whole list with no Link, as before', async () => {
    const response = await t.get('/api/v1/courses');
    expect(response.headers.get('link')).toBeNull();
    const body: any = await response.json();
    expect(body.meta.count).toBe(body.data.length);
  });

  it.each(['0', '101', 'ten', '1.5', '07', '-1'])(
    'limit=%s is a 422 naming limit',
    async (limit) => {
      const body = await t.json(`/api/v1/courses?limit=${limit}`);
      expect(body.error.code).toBe('invalid_parameters');
      expect(problemOf(body, 'limit')).toMatchObject({
        value: limit,
        problem: 'a whole number from 1 to 100',
      });
    },
  );

  it('a cursor of other filters, or one it never gave, is a 422 naming cursor', async () => {
    const cursor = new URL(linksOf(await t.get('/api/v1/courses?limit=5')).next).searchParams.get(
      'cursor',
    )!;
    const other = await t.get(`/api/v1/courses?limit=5&level=advanced&cursor=${cursor}`);
    expect(other.status).toBe(422);
    expect(problemOf(await other.json(), 'cursor').problem).toMatch(/belongs to other filters/);
    const forged = await t.json('/api/v1/courses?limit=5&cursor=abc');
    expect(problemOf(forged, 'cursor').problem).toMatch(/not a cursor this service gave/);
  });

  it('a cursor of one order of a filter’s values follows the other order', async () => {
    const response = await t.get(
      '/api/v1/courses?level=intermediate,beginner&sort=price-asc&limit=5',
    );
    const cursor = new URL(linksOf(response).next).searchParams.get('cursor')!;
    const followed = await t.get(
      `/api/v1/courses?level=beginner,intermediate&sort=price-asc&limit=5&cursor=${cursor}`,
    );
    expect(followed.status).toBe(200);
  });

  it('says in X-Total-Count how many courses the filters find, on every page and the whole list', async () => {
    for (const filters of ['', 'q=seo&sort=geo-desc', 'q=zzzz']) {
      const whole = await t.get(`/api/v1/courses?${filters}`);
      const { meta } = (await whole.json()) as { meta: { count: number } };
      expect(whole.headers.get('x-total-count')).toBe(String(meta.count));
      const pages = await walk(`/api/v1/courses?${filters}&limit=3`);
      expect(pages.map((page) => page.total)).toEqual(pages.map(() => String(meta.count)));
    }
  });

  it('answers a page with its ETag and 304 like any answer', async () => {
    const page = await t.get('/api/v1/courses?limit=3');
    const etag = page.headers.get('etag')!;
    const again = await t.get('/api/v1/courses?limit=3', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('link')).toBe(page.headers.get('link'));
    expect(again.headers.get('x-total-count')).toBe(page.headers.get('x-total-count'));
  });
});

describe('getFacets', () => {
  it('answers the counts with the total the list finds, cached like the list', async () => {
    const query = 'level=beginner,intermediate&q=local&community_only=true';
    const response = await t.get(`/api/v1/facets?${query}`);
    const body: any = await response.json();
    expectValid(facetsResponseSchema, body);
    expect(body.data.total).toBe(await total(query));
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const again = await t.get(`/api/v1/facets?${query}`, {
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
});

describe('getSuggestions', () => {
  it.each([
    ['t', 'at least 2 characters (got 1)'],
    ['a'.repeat(101), 'at most 100 characters (got 101)'],
    ['--', 'give at least one word (letters or digits)'],
  ])('q=%j is a 422 naming q', async (q, problem) => {
    const body = await t.json(`/api/v1/suggestions?q=${encodeURIComponent(q)}`);
    expect(body.error.details.parameters).toEqual([{ name: 'q', value: q, problem }]);
  });

  it('needs q, and is cached like the list', async () => {
    const missing = await t.json('/api/v1/suggestions');
    expect(missing.error.details.parameters).toEqual([
      { name: 'q', value: null, problem: 'missing' },
    ]);
    const response = await t.get('/api/v1/suggestions?q=loc');
    expectValid(suggestionsResponseSchema, await response.clone().json());
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('etag')).toMatch(/^W\//);
  });
});

describe('getGlossary', () => {
  it('answers every term in the envelope, cached like the list', async () => {
    const response = await t.get('/api/v1/glossary');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('etag')).toMatch(/^W\//);
    const body: any = await response.json();
    expectValid(glossaryResponseSchema, body);
    expect(body.meta.count).toBe(body.data.length);
    expect(body.data.length).toBeGreaterThanOrEqual(40);
  });

  it('takes no parameter', async () => {
    const body = await t.json('/api/v1/glossary?term=geo');
    expect(body.error.code).toBe('invalid_parameters');
    expect(body.error.details.parameters[0].name).toBe('term');
  });
});

describe('search_courses (MCP)', () => {
  const call = async (args: Record<string, unknown>) =>
    (await client.callTool({ name: 'search_courses', arguments: args })) as {
      isError?: boolean;
      structuredContent?: any;
      content: { text: string }[];
      _meta?: Record<string, unknown>;
    };

  it.each([
    [
      { level: ['beginner', 'advanced'], price_band: 'free' },
      'level=beginner,advanced&price_band=free',
    ],
    [
      { specialty: 'local', community_only: true, include_inactive: true, sort: 'price-desc' },
      'specialty=local&community_only=true&include_inactive=true&sort=price-desc',
    ],
    [
      { q: 'content strategy', level: 'beginner', include_inactive: false },
      'q=content%20strategy&level=beginner&include_inactive=false',
    ],
  ])(
    'takes a filter’s values as an array or one value, and booleans as booleans: %j finds what ?%s finds',
    async (args, query) => {
      const result = await call({ ...args, limit: 100 });
      const rest = await t.json(`/api/v1/courses?${query}`);
      expect(rest.data.length).toBeGreaterThan(0);
      expect(slugsOf(result.structuredContent)).toEqual(slugsOf(rest));
    },
  );

  it('carries the counts of getFacets in _meta, and says them in words', async () => {
    const args = { level: ['beginner', 'intermediate'], q: 'seo' };
    const result = await call(args);
    const rest = await t.json('/api/v1/facets?level=beginner,intermediate&q=seo');
    expect(result._meta![FACETS_META_KEY]).toEqual(rest.data);
    const sentence = result.content.at(-1)!.text;
    expect(sentence).toContain(`${rest.data.total} courses match in all.`);
    expect(sentence).toContain(`level beginner ${rest.data.facets.level.beginner}, `);
    expect(sentence).toContain(`community_only=true ${rest.data.facets.community_only.true}`);
  });

  it('answers 8 courses at a time, says in _meta and in words where the page sits, and walks them all', async () => {
    const whole = slugsOf(await t.json('/api/v1/courses?include_inactive=true'));
    const seen: string[] = [];
    let args: Record<string, unknown> = { include_inactive: true };
    for (;;) {
      const result = await call(args);
      expect(result.isError).toBeUndefined();
      expectValid(courseListResponseSchema, result.structuredContent);
      const page = result._meta![PAGE_META_KEY] as PageMeta;
      expect(page).toEqual({
        total: whole.length,
        offset: seen.length,
        limit: 8,
        ...(seen.length + 8 < whole.length && { next_cursor: expect.any(String) }),
        ...(seen.length > 0 && { prev_cursor: expect.any(String) }),
      });
      seen.push(...slugsOf(result.structuredContent));
      // The text blocks after the body: the counts' sentence, and the page's note while there is a next page.
      const note = result.content.find(({ text }) => /^Courses \d+ to \d+ of/.test(text))?.text;
      if (!page.next_cursor) {
        expect(note).toBeUndefined();
        break;
      }
      // The same, in a sentence for the model.
      expect(note).toBe(
        `Courses ${page.offset + 1} to ${seen.length} of ${whole.length}. For the next ${Math.min(8, whole.length - seen.length)}, call this tool again with the same arguments and "cursor": "${page.next_cursor}".`,
      );
      args = { include_inactive: true, cursor: page.next_cursor };
    }
    expect(seen).toEqual(whole);
    expect(whole.length).toBeGreaterThan(16);
  });

  it('follows _meta from search_courses {} through every enrolling course once', async () => {
    const seen: string[] = [];
    let args: Record<string, unknown> = {};
    do {
      const result = await call(args);
      seen.push(...slugsOf(result.structuredContent));
      args = { cursor: (result._meta![PAGE_META_KEY] as PageMeta).next_cursor };
    } while (args.cursor);
    expect(seen).toEqual(slugsOf(await t.json('/api/v1/courses')));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('takes q and limit, and names a bad one', async () => {
    const result = await call({ q: 'local', limit: 2 });
    expect(slugsOf(result.structuredContent)).toEqual(
      slugsOf(await t.json('/api/v1/courses?q=local&limit=2')),
    );
    for (const [args, name] of [
      [{ limit: 0 }, 'limit'],
      [{ limit: '5' }, 'limit'],
      [{ q: '' }, 'q'],
      [{ cursor: 'not a cursor' }, 'cursor'],
    ] as const) {
      const bad = await call(args);
      expect(bad.isError).toBe(true);
      const body = JSON.parse(bad.content[0].text);
      expect(body.error.code).toBe('invalid_parameters');
      expect(problemOf(body, name)).toBeDefined();
    }
  });

  it('says the ways out of nothing found, in words and in _meta, each finding what it says', async () => {
    const result = await call({ q: 'backlinks', level: 'advanced', price_band: ['free'] });
    expect(result.structuredContent.data).toEqual([]);
    expect(result.structuredContent).toEqual(
      await t.json('/api/v1/courses?q=backlinks&level=advanced&price_band=free&limit=8'),
    );
    const said = result.content.at(-1)!.text;
    expect(said).toMatch(/^No course matches these arguments\. Call again (with|without) /);
    expect(said).toContain('coursefinder://glossary');
    const meta = result._meta![WAYS_OUT_META_KEY] as WaysOutMeta;
    expect(meta.glossary).toEqual({
      uri: 'coursefinder://glossary',
      url: 'http://localhost:3000/ai-seo-courses/glossary',
    });
    expect(meta.ways.map((way) => way.parameter)).toEqual(
      expect.arrayContaining(['level', 'price_band', 'q']),
    );
    const words = (await call({ q: 'backlinks zzqx' }))._meta![WAYS_OUT_META_KEY] as WaysOutMeta;
    expect(words.ways[0]).toMatchObject({ kind: 'other_words', value: 'backlinks' });
    for (const way of [...meta.ways, ...words.ways]) {
      expect(way.courses).toBeGreaterThan(0);
      const again = await call(way.arguments);
      const total = (again._meta![PAGE_META_KEY] as PageMeta).total;
      expect({ way: way.arguments, total }).toEqual({ way: way.arguments, total: way.courses });
    }
    for (const way of meta.ways) expect(said).toContain(`(${way.courses} course`);
    // Something found: no ways out.
    expect((await call({ q: 'backlinks' }))._meta![WAYS_OUT_META_KEY]).toBeUndefined();
  });

  it('refuses a cursor of other data as a tool error naming cursor', async () => {
    const first = await call({});
    const cursor = (first._meta![PAGE_META_KEY] as PageMeta).next_cursor!;
    const fields = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    const otherData = Buffer.from(JSON.stringify({ ...fields, v: 'another-hash' })).toString(
      'base64url',
    );
    const result = await call({ cursor: otherData });
    expect(result.isError).toBe(true);
    const body = JSON.parse(result.content[0].text);
    expect(problemOf(body, 'cursor').problem).toMatch(/^from other data/);
  });
});
