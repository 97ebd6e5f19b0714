import { DistributionService } from '../src/recommendations/distribution.service';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import fc from 'fast-check';
import type { Course } from '../src/catalog/course.schema';
import {
  LEVEL_LABELS,
  SORTS,
  TOPIC_COVERAGE,
  TOPIC_LABELS,
  TOPICS,
} from '../src/catalog/vocabulary';
import { MCP_PATH } from '../src/core/paths';
import { courseListResponseSchema } from '../src/courses/courses.responses';
import { PAGE_META_KEY, type PageMeta } from '../src/mcp/page-meta';
import { WAYS_OUT_META_KEY, type WaysOutMeta } from '../src/mcp/ways-out-meta';
import { CatalogService } from '../src/catalog/catalog.service';
import { copyOfData, startTestApp, type TestApp } from './support/app';
import { onShippedDay, TestClock } from './support/clock';
import { expectValid } from './support/schemas';
import { meansWord } from './support/search';

/**
 * Free-text search (`q`) and pages (`limit`, `cursor`) of `GET /api/v1/courses` and the MCP tool
 * `search_courses` (docs/api.md#searchcourses, docs/api.md#pages).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const clock = new TestClock(onShippedDay('12:00:00'));

let t: TestApp;
let all: Course[];
beforeAll(async () => {
  t = await startTestApp({ clock });
  all = (await t.json('/api/v1/courses?include_inactive=true')).data;
});
afterAll(() => t.close());

/** The test's own reading of words: letters and digits, case and accents set aside. */
const words = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
const TOPIC_WORDS: Record<string, string> = {
  local_seo: 'local',
  link_building: 'link',
  affiliate_seo: 'affiliate',
  agency: 'agency',
};
/** The labels of the topics a course covers at 3 or more (its specialties). */
const specialties = (course: Course) =>
  TOPICS.filter((topic) =>
    TOPIC_COVERAGE[topic].some((key) => course.topic_coverage[key] >= 3),
  ).map((topic) => TOPIC_LABELS[topic]);
const textOf = (course: Course) =>
  words(
    [
      course.name,
      course.provider.name,
      course.description ?? '',
      course.best_for ?? '',
      ...course.highlights,
      ...specialties(course),
      ...course.levels.map((level) => LEVEL_LABELS[level]),
    ].join(' '),
  );
/** Every word of the glossary's names: a word that is a term's name finds the term's courses too. */
const GLOSSARY_WORDS = new Set(
  JSON.parse(readFileSync(join(__dirname, '..', 'data', 'glossary.json'), 'utf8')).terms.flatMap(
    (term: { name: string; other_names: string[] }) =>
      [term.name, ...term.other_names].flatMap(words),
  ),
);
const slugsOf = (body: { data: Course[] }) => body.data.map((course) => course.slug);
/** Whether a query word may mean one of a course's words (docs/api.md#search). */
const means = (word: string, text: string[]) => meansWord(word, text, new Set(all.flatMap(textOf)));
const problemOf = (body: any, name: string) =>
  body.error.details.parameters.find((p: { name: string }) => p.name === name);

describe('q: free-text search', () => {
  it('finds a course by any word of its name, provider, description, best-for or highlights, and only by what q means', async () => {
    // A word of the glossary's names may stand for a term, which finds more (src/catalog/course-search.spec.ts).
    const course = fc.constantFrom(...all);
    await fc.assert(
      fc.asyncProperty(
        course.chain((c) =>
          fc.tuple(
            fc.constant(c),
            fc.constantFrom(...textOf(c).filter((w) => !GLOSSARY_WORDS.has(w))),
          ),
        ),
        async ([c, word]) => {
          const found = await t.json(
            `/api/v1/courses?include_inactive=true&q=${encodeURIComponent(word)}`,
          );
          expect(slugsOf(found)).toContain(c.slug);
          // Every course found holds a word it begins or nearly spells, or its two halves.
          for (const other of found.data as Course[]) {
            expect({ slug: other.slug, word, holds: means(word, textOf(other)) }).toEqual({
              slug: other.slug,
              word,
              holds: true,
            });
          }
        },
      ),
      { seed: SEED, numRuns: 40 },
    );
  });

  it('ignores case and accents, matches the start of words, and needs every word', async () => {
    const plain = slugsOf(await t.json('/api/v1/courses?q=local'));
    expect(plain.length).toBeGreaterThan(0);
    for (const variant of ['LOCAL', 'Lócäl', 'loc', ' local! ']) {
      expect(slugsOf(await t.json(`/api/v1/courses?q=${encodeURIComponent(variant)}`))).toEqual(
        expect.arrayContaining(plain),
      );
    }
    // `ech` is inside a word ("technical"), at the start of none, and too short to be a typo.
    expect(slugsOf(await t.json('/api/v1/courses?q=ech'))).toEqual([]);
    const both = slugsOf(await t.json('/api/v1/courses?q=local%20agency'));
    const agency = slugsOf(await t.json('/api/v1/courses?q=agency'));
    expect(both).toEqual(plain.filter((slug) => agency.includes(slug)));
  });

  it('reads the labels of a course’s specialties', async () => {
    for (const [key, word] of Object.entries(TOPIC_WORDS)) {
      const specialists = all.filter(
        (c) => c.enrolling && c.topic_coverage[key as keyof Course['topic_coverage']] >= 3,
      );
      const found = slugsOf(await t.json(`/api/v1/courses?q=${word}`));
      expect(found).toEqual(expect.arrayContaining(specialists.map((c) => c.slug)));
    }
  });

  it('combines with the other filters and the order', async () => {
    const filtered = await t.json('/api/v1/courses?level=beginner&sort=price-asc');
    const searched = await t.json('/api/v1/courses?level=beginner&sort=price-asc&q=seo');
    const seo = slugsOf(await t.json('/api/v1/courses?q=seo'));
    expect(slugsOf(searched)).toEqual(slugsOf(filtered).filter((slug) => seo.includes(slug)));
    expect(searched.meta.count).toBe(searched.data.length);
  });

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

  it('sort=relevance needs q: a 422 naming sort, with its values; with q, the best match first', async () => {
    const body = await t.json('/api/v1/courses?sort=relevance&level=beginner');
    expect(body.error.details.parameters).toEqual([
      {
        name: 'sort',
        value: 'relevance',
        problem: '`relevance` orders by how well the words of q match: give q too',
        allowed_values: [...SORTS],
      },
    ]);
    // A word of no glossary term, by relevance: the courses with it in their name first.
    const ranked: Course[] = (await t.json('/api/v1/courses?q=workshop&sort=relevance')).data;
    const named = ranked.map((c) => words(c.name).includes('workshop'));
    expect(named).toEqual([...named].sort((a, b) => Number(b) - Number(a)));
    expect(named).toContain(true);
    expect(named).toContain(false);
    // A term's name (Link building's `links`): the courses covering its topic first, then the others.
    const links: Course[] = (await t.json('/api/v1/courses?q=links&sort=relevance')).data;
    const covers = links.map((c) => c.topic_coverage.link_building >= 3);
    expect(covers).toEqual([...covers].sort((a, b) => Number(b) - Number(a)));
    expect(covers).toContain(true);
    expect(covers).toContain(false);
  });

  it('q given twice is a 422', async () => {
    const body = await t.json('/api/v1/courses?q=seo&q=local');
    expect(problemOf(body, 'q')).toMatchObject({ problem: 'given more than once' });
  });
});

describe('limit and cursor: pages', () => {
  /** Follows `Link: rel="next"` from a first page; returns every page's body and links. */
  async function walk(first: string) {
    const pages: { body: any; links: Record<string, string>; total: string | null }[] = [];
    let url: string | undefined = `${t.url}${first}`;
    while (url) {
      const response = await t.get(url.replace(/^https?:\/\/[^/]+/, ''));
      expect(response.status).toBe(200);
      const links = Object.fromEntries(
        [...(response.headers.get('link') ?? '').matchAll(/<([^>]+)>; rel="(\w+)"/g)].map(
          ([, href, rel]) => [rel, href],
        ),
      );
      const total = response.headers.get('x-total-count');
      pages.push({ body: await response.json(), links, total });
      url = links.next;
    }
    return pages;
  }

  it('walks every course once, in order, whatever the page size and filters', async () => {
    const filters = fc.constantFrom(
      '',
      'include_inactive=true',
      'level=beginner&sort=price-desc',
      'q=seo&sort=geo-desc',
      'q=seo%20tecnical&sort=relevance',
      'level=advanced,beginner&price_band=free,500_plus',
      'community_only=true',
    );
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 40 }), filters, async (limit, query) => {
        const whole = await t.json(`/api/v1/courses?${query}`);
        const pages = await walk(`/api/v1/courses?${query}&limit=${limit}`);
        expect(pages.flatMap(({ body }) => slugsOf(body))).toEqual(slugsOf(whole));
        expect(pages).toHaveLength(Math.max(1, Math.ceil(whole.data.length / limit)));
        for (const [i, { body, links }] of pages.entries()) {
          expectValid(courseListResponseSchema, body);
          expect(body.meta.count).toBe(body.data.length);
          expect(body.data.length).toBeLessThanOrEqual(limit);
          expect(Object.keys(body.meta)).not.toContain('next');
          // The first page's link keeps the filters, without a cursor.
          expect(new URL(links.first).searchParams.get('cursor')).toBeNull();
          expect(new URL(links.first).searchParams.get('limit')).toBe(String(limit));
          expect(Boolean(links.prev)).toBe(i > 0);
        }
      }),
      { seed: SEED, numRuns: 25 },
    );
  });

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

  it('follows a cursor taken before midnight UTC on the next day, to the last page', async () => {
    const today = clock.current;
    clock.current = onShippedDay('23:59:59.900');
    try {
      const response = await t.get('/api/v1/courses?include_inactive=true&limit=7');
      const first = await response.json();
      const next = /<([^>]+)>; rel="next"/.exec(response.headers.get('link')!)![1];
      // The date moves every course's verification age; what a search finds does not move.
      clock.current = onShippedDay('00:00:00.100', 1);
      const rest = await walk(new URL(next).pathname + new URL(next).search);
      expect([first, ...rest.map((page) => page.body)].flatMap(slugsOf)).toEqual(
        slugsOf({ data: all }),
      );
    } finally {
      clock.current = today;
    }
  });

  it('refuses a cursor from other data, saying so', async () => {
    const dir = copyOfData();
    const other = await startTestApp({ env: { DATA_DIR: dir }, clock });
    try {
      const link = (await other.get('/api/v1/courses?limit=5')).headers.get('link')!;
      const next = new URL(/<([^>]+)>; rel="next"/.exec(link)![1]);
      const file = join(dir, 'courses.json');
      writeFileSync(file, `${readFileSync(file, 'utf8')}\n`);
      expect(other.app.get(CatalogService).reload()).toBe(true);
      const body = await other.json(`${next.pathname}${next.search}`);
      expect(body.error.code).toBe('invalid_parameters');
      expect(problemOf(body, 'cursor').problem).toMatch(
        /^from other data \(the data files changed/,
      );
    } finally {
      await other.close();
    }
  });

  it('refuses a cursor with other filters, and one it never gave', async () => {
    const [first] = await walk('/api/v1/courses?limit=5');
    const cursor = new URL(first.links.next).searchParams.get('cursor')!;
    const other = await t.json(`/api/v1/courses?limit=5&level=advanced&cursor=${cursor}`);
    expect(problemOf(other, 'cursor').problem).toMatch(/belongs to other filters/);
    // A cursor of this version and filters, but a page larger than any `limit` takes.
    const fields = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    const bigger = Buffer.from(JSON.stringify({ ...fields, l: 100_000 })).toString('base64url');
    for (const forged of ['abc', Buffer.from('{"v":1}').toString('base64url'), 'a+b', bigger]) {
      const body = await t.json(`/api/v1/courses?limit=5&cursor=${encodeURIComponent(forged)}`);
      expect(problemOf(body, 'cursor').problem).toMatch(/not a cursor this service gave/);
    }
  });

  it('says in X-Total-Count how many courses the filters find, on every page and the whole list', async () => {
    for (const filters of ['', 'include_inactive=true', 'q=seo&sort=geo-desc', 'q=zzzz']) {
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

describe('search_courses (MCP)', () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'search-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}${MCP_PATH}`)));
  });
  afterAll(() => client.close());

  const call = async (args: Record<string, unknown>) =>
    (await client.callTool({ name: 'search_courses', arguments: args })) as {
      isError?: boolean;
      structuredContent?: any;
      content: { text: string }[];
      _meta?: Record<string, unknown>;
    };

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

describe('a catalog of 238 courses (the shipped ones seven times)', () => {
  let big: TestApp;
  beforeAll(async () => {
    const dir = execFileSync(process.execPath, ['scripts/catalog.mjs', '--times', '7'], {
      cwd: join(__dirname, '..'),
      encoding: 'utf8',
    }).trim();
    big = await startTestApp({ env: { DATA_DIR: dir } });
  });
  afterAll(() => big.close());

  const html = async (path: string) =>
    (await big.get(path, { headers: { Accept: 'text/html' } })).text();
  const rowsOf = (page: string) => [...page.matchAll(/<tr data-slug="([^"]+)"/g)].map((m) => m[1]);
  const linkOf = (page: string, rel: string) =>
    new RegExp(`<a rel="${rel}" href="([^"]+)"`).exec(page)?.[1]?.replaceAll('&amp;', '&');

  it('the list page shows 50 courses a page, with links that keep the filters, and misses none', async () => {
    const api = slugsOf(await big.json('/api/v1/courses?include_inactive=true&sort=price-desc'));
    expect(api.length).toBe(238);
    const seen: string[] = [];
    let path: string | undefined = '/ai-seo-courses?include_inactive=true&sort=price-desc';
    let pages = 0;
    while (path) {
      const page = await html(path);
      const rows = rowsOf(page);
      expect(rows.length).toBeLessThanOrEqual(50);
      expect(page).toContain(`Courses ${seen.length + 1} to ${seen.length + rows.length} of 238`);
      seen.push(...rows);
      pages++;
      const next = linkOf(page, 'next');
      // Links within the site are paths (or were absolute): read either against the service.
      const url = next === undefined ? undefined : new URL(next, big.url);
      if (url) expect(url.searchParams.get('sort')).toBe('price-desc');
      path = url && url.pathname + url.search;
    }
    expect(pages).toBe(5);
    expect(seen).toEqual(api);
  });

  it('the list page searches as the API does, and a stale page link shows the first page', async () => {
    // Words typed on the page ask for the best match first.
    const api = slugsOf(
      await big.json('/api/v1/courses?include_inactive=true&q=local&sort=relevance&limit=50'),
    );
    expect(rowsOf(await html('/ai-seo-courses?include_inactive=true&q=local'))).toEqual(api);
    const byName = '/courses?include_inactive=true&q=local&sort=name-asc';
    expect(rowsOf(await html(`/ai-seo-courses${byName.slice('/courses'.length)}`))).toEqual(
      slugsOf(await big.json(`/api/v1${byName}&limit=50`)),
    );
    // The link to the courses not enrolling now keeps the search.
    expect(await html('/ai-seo-courses?q=local')).toContain(
      'href="/ai-seo-courses?q=local&amp;include_inactive=true">show them too</a>',
    );
    const first = await html('/ai-seo-courses');
    const stale = await html('/ai-seo-courses?cursor=eyJ2IjoiMCJ9');
    expect(rowsOf(stale)).toEqual(rowsOf(first));
  });

  it('the Markdown form pages the same way', async () => {
    const md = await (
      await big.get('/ai-seo-courses?include_inactive=true', {
        headers: { Accept: 'text/markdown' },
      })
    ).text();
    expect(md).toContain('238 courses.');
    expect(md).toContain('Courses 1 to 50 of 238.');
    expect(md.match(/^## /gm)).toHaveLength(50);
    expect(md).toMatch(
      /\[Next page\]\(<http:\/\/localhost:3000\/ai-seo-courses\?include_inactive=true&cursor=[\w-]+>\)/,
    );
  });

  it('the compare page points to the list instead of offering 238 boxes to tick', async () => {
    const page = await html('/ai-seo-courses/compare');
    expect(page).toContain('There are 238 courses, too many to tick here');
    expect(page).not.toContain('type="checkbox"');
    // Two chosen courses are compared, and stay ticked for a change of mind.
    const two = await html(
      '/ai-seo-courses/compare?courses=answer-engine-foundations,search-generalist-program-3',
    );
    expect(two).toMatch(/<table class="compare[ "]/);
    expect(two.match(/type="checkbox"/g)).toHaveLength(2);
  });

  it('the methodology page lists the 50 most recommended courses and says how many more', async () => {
    await big.app.get(DistributionService).settled();
    const page = await html('/ai-seo-courses/methodology');
    const active = (await big.json('/api/v1/courses')).meta.count;
    expect(page).toContain('How often the 50 most recommended courses are recommended');
    expect(page).toMatch(
      new RegExp(`${active - 50} other enrolling courses are listed less often`),
    );
    const rows = [
      ...page.matchAll(
        /<tr><td><a href="\/ai-seo-courses\/[^"]+">[^<]+<\/a><\/td><td class="num">([\d,]+)<\/td><\/tr>/g,
      ),
    ];
    expect(rows).toHaveLength(50);
    const counts = rows.map((row) => Number(row[1].replaceAll(',', '')));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('llms.txt stays an index: it points to the companions and to search instead of listing each course', async () => {
    const llms = await (await big.get('/llms.txt')).text();
    expect(llms).toContain('238 courses are tracked, too many to list here.');
    expect(llms).toContain('(<http://localhost:3000/ai-seo-courses.md>)');
    expect(llms).toContain('/api/v1/courses?q={words}&limit=20');
    expect(llms).not.toContain('/ai-seo-courses/answer-engine-foundations');
    // The shipped 34 are listed one by one.
    const small = await (await t.get('/llms.txt')).text();
    for (const course of all) expect(small).toContain(`(<${course.page_url}>)`);
  });
});
