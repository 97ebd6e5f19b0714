import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { parseFeed } from '@rowanmanning/feed-parser';
import { CatalogService } from '../src/catalog/catalog.service';
import type { CourseRecord } from '../src/catalog/course.schema';
import { MCP_PATH } from '../src/core/paths';
import { copyOfData, DATA_DIR, startTestApp, type TestApp } from './support/app';
import { onShippedDay, plusDays, SHIPPED_HISTORY_DAY, TestClock } from './support/clock';
import { logCapture } from './support/edge';

/**
 * The dataset's history as the shipped data holds it (docs/api.md#getchanges,
 * docs/website.md#changes, docs/mcp.md#tools): one "added" entry per course on the day the
 * dataset was made, the methodology as it stood, and the methodology's changes since.
 */

const MADE_ON = '2026-11-22';
const records: CourseRecord[] = JSON.parse(
  readFileSync(join(DATA_DIR, 'courses.json'), 'utf8'),
).courses;
/** Every entry of the shipped history, as the file holds it. */
const SHIPPED: { date: string; kind: string; course?: string }[] = readFileSync(
  join(DATA_DIR, 'history.jsonl'),
  'utf8',
)
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line));
const clock = () => new TestClock(onShippedDay('12:00:00'));
const ORIGIN = 'http://localhost:3000';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock: clock() });
});
afterAll(() => t.close());

/** Every entry, read page after page by following the `Link` header's `next`. */
async function followLinks(app: TestApp, first: string): Promise<{ pages: number; ids: string[] }> {
  const ids: string[] = [];
  let path: string | undefined = first;
  let pages = 0;
  while (path) {
    const response = await app.get(path);
    expect(response.status).toBe(200);
    const body: any = await response.json();
    ids.push(...body.data.map((entry: { id: string }) => entry.id));
    pages++;
    const next = /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
    path = next && next.slice(ORIGIN.length);
  }
  return { pages, ids };
}

describe('GET /api/v1/changes on the shipped data', () => {
  it('holds one "added" entry per course, dated the day the dataset was made, placeholders marked', async () => {
    const response = await t.get('/api/v1/changes?limit=100');
    const { data }: any = await response.json();
    const courses = data.filter((entry: any) => entry.subject === 'course');
    expect(courses.map((entry: any) => entry.course.slug).sort()).toEqual(
      records.map((r) => r.slug).sort(),
    );
    for (const entry of courses) {
      expect(entry).toMatchObject({
        date: MADE_ON,
        kind: 'added',
        course: { placeholder_data: true, removed: false },
        changes: [],
        page_url: `${ORIGIN}/ai-seo-courses/${entry.course.slug}`,
      });
      expect(entry.text).toBe(
        `${entry.course.name}: Added to the dataset as a fictional placeholder.`,
      );
    }
    // The methodology as it stood that day, then its changes, newest first.
    const methodology = SHIPPED.filter((entry) => entry.course === undefined).reverse();
    expect(data.filter((entry: any) => entry.subject === 'methodology')).toEqual(
      methodology.map(({ date, kind }) => expect.objectContaining({ kind, course: null, date })),
    );
    expect(methodology.at(-1)).toMatchObject({ kind: 'added', date: MADE_ON });
    expect(response.headers.get('x-total-count')).toBe(String(SHIPPED.length));
  });

  it('answers a page of 50 by default, newest first (the shipped entries: by date, then id), with a Link to the first', async () => {
    const response = await t.get('/api/v1/changes');
    const { data, meta }: any = await response.json();
    expect(meta.count).toBe(Math.min(50, SHIPPED.length));
    const keys = data.map((entry: any) => `${entry.date} ${entry.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(response.headers.get('link')).toBe(`<${ORIGIN}/api/v1/changes?limit=50>; rel="first"`);
  });

  it('since after the newest entry gives an empty list; since on its day gives them all', async () => {
    const after = plusDays(SHIPPED_HISTORY_DAY, 1);
    expect((await t.json(`/api/v1/changes?since=${after}`)).data).toEqual([]);
    expect((await t.json(`/api/v1/changes?since=${MADE_ON}`)).meta.count).toBe(SHIPPED.length);
  });

  it.each([
    ['since=2026-13-01', 'since'],
    ['since=2026-02-30', 'since'],
    ['since=yesterday', 'since'],
    ['course=Not_A_Slug', 'course'],
    ['limit=101', 'limit'],
    ['cursor=nonsense', 'cursor'],
    ['since=2026-11-01&since=2026-11-02', 'since'],
    ['until=2026-11-01', 'until'],
  ])('%s is a 422 naming %s', async (query, name) => {
    const response = await t.get(`/api/v1/changes?${query}`);
    expect(response.status).toBe(422);
    const body: any = await response.json();
    expect(body.error.code).toBe('invalid_parameters');
    expect(body.error.details.parameters.map((p: { name: string }) => p.name)).toEqual([name]);
  });

  it("course gives that course's entries; a slug the history never held is 404 naming it", async () => {
    const slug = records[0].slug;
    const { data } = await t.json(`/api/v1/changes?course=${slug}`);
    expect(data.map((entry: any) => [entry.course.slug, entry.kind])).toEqual([[slug, 'added']]);
    for (const [course, near] of [
      ['nope', []],
      ['technical-seo', ['technical-seo-deep-dive']],
    ] as const) {
      const response = await t.get(`/api/v1/changes?course=${course}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body: any = await response.json();
      expect(body.error).toMatchObject({
        code: 'not_found',
        message: expect.stringContaining(`"${course}"`),
        details: { missing: [course], near_slugs: near },
      });
    }
  });

  it('following Link visits every entry once, whatever the page size', async () => {
    const all = (await t.json('/api/v1/changes?limit=100')).data.map((e: { id: string }) => e.id);
    for (const limit of [1, 7, 35, 36]) {
      const { pages, ids } = await followLinks(t, `/api/v1/changes?limit=${limit}`);
      expect(ids).toEqual(all);
      expect(pages).toBe(Math.ceil(all.length / limit));
    }
  });

  it('is cached like the list: an ETag, and a 304 for it', async () => {
    const first = await t.get('/api/v1/changes?limit=3');
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');
    const again = await t.get('/api/v1/changes?limit=3', {
      headers: { 'If-None-Match': first.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });
});

describe('the Atom feed', () => {
  it('parses as a feed reader reads it: every entry with a title, a page of the site, a date and an id', async () => {
    const response = await t.get('/ai-seo-courses/changes.atom');
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const feed = parseFeed(await response.text());
    expect(feed.meta.type).toBe('atom');
    expect(feed.self).toBe(`${ORIGIN}/ai-seo-courses/changes.atom`);
    expect(feed.items).toHaveLength(SHIPPED.length);
    const { data } = await t.json('/api/v1/changes?limit=100');
    for (const [i, item] of feed.items.entries()) {
      expect(item.title).toBe(data[i].text);
      expect(item.id).toBe(`${ORIGIN}/ai-seo-courses/changes#${data[i].id}`);
      expect((item.updated as unknown as Date).toISOString()).toBe(`${data[i].date}T00:00:00.000Z`);
      expect(item.url).toBe(data[i].page_url);
      const page = await t.get(item.url!.slice(ORIGIN.length), {
        headers: { Accept: 'text/html' },
      });
      expect(page.status).toBe(200);
    }
  });

  it('keeps its ids on another replica of the same data', async () => {
    const other = await startTestApp({ clock: clock() });
    try {
      const ids = async (app: TestApp) =>
        parseFeed(await (await app.get('/ai-seo-courses/changes.atom')).text()).items.map(
          (item) => item.id,
        );
      expect(await ids(other)).toEqual(await ids(t));
    } finally {
      await other.close();
    }
  });

  it('is announced on the list, the changes page and each course page', async () => {
    const alternate = `<link rel="alternate" type="application/atom+xml" href="${ORIGIN}/ai-seo-courses/changes.atom"`;
    for (const path of [
      '/ai-seo-courses',
      '/ai-seo-courses/changes',
      `/ai-seo-courses/${records[3].slug}`,
    ]) {
      const html = await (await t.get(path, { headers: { Accept: 'text/html' } })).text();
      expect([path, html.includes(alternate)]).toEqual([path, true]);
    }
  });
});

describe('the pages and the companions', () => {
  const html = async (path: string) =>
    (await t.get(path, { headers: { Accept: 'text/html' } })).text();

  it('the changes page lists every entry in words, marking placeholders', async () => {
    const page = await html('/ai-seo-courses/changes');
    const items = [...page.matchAll(/<li id="([^"]+)">/g)].map((m) => m[1]);
    const { data } = await t.json('/api/v1/changes?limit=100');
    expect(items).toEqual(data.map((entry: { id: string }) => entry.id));
    expect(page).toContain('<time datetime="2026-11-22">22 November 2026</time>');
    expect(page).toContain('Added to the dataset as a fictional placeholder.');
    expect(page.match(/class="badge placeholder">Placeholder</g)).toHaveLength(records.length);
  });

  it('a course page shows its own history under its facts', async () => {
    const page = await html(`/ai-seo-courses/${records[5].slug}`);
    const history = page.slice(page.indexOf('<h2 id="history">'), page.indexOf('Cite this course'));
    expect(page.indexOf('<h2 id="history">')).toBeGreaterThan(page.indexOf('Key facts'));
    expect(history).toContain(
      '<time datetime="2026-11-22">22 November 2026</time>: Added to the dataset as a fictional placeholder.',
    );
  });

  it('the companions name the feed', async () => {
    const feed = `${ORIGIN}/ai-seo-courses/changes.atom`;
    expect(await (await t.get('/llms.txt')).text()).toContain(feed);
    expect(await (await t.get('/ai-seo-courses.md')).text()).toContain(feed);
    expect((await t.get('/ai-seo-courses.json')).headers.get('link')).toBe(
      `<${feed}>; rel="alternate"; type="application/atom+xml"; title="What changed"`,
    );
  });

  it("the sitemap's lastmod of a course is its newest entry's date", async () => {
    const sitemap = await (await t.get('/sitemap.xml')).text();
    expect(sitemap).toContain(
      `<url><loc>${ORIGIN}/ai-seo-courses/${records[0].slug}</loc><lastmod>${MADE_ON}</lastmod></url>`,
    );
    expect(sitemap).toContain(
      `<url><loc>${ORIGIN}/ai-seo-courses/changes</loc><lastmod>${SHIPPED_HISTORY_DAY}</lastmod></url>`,
    );
  });
});

describe('for assistants', () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'changes-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}${MCP_PATH}`)));
  });
  afterAll(() => client.close());

  it.each([
    [{ limit: 20 }, 'limit=20'],
    [{ limit: 5, since: MADE_ON }, 'limit=5&since=2026-11-22'],
    [{ course: records[2].slug, limit: 20 }, `course=${records[2].slug}&limit=20`],
    [{ since: '2026-11-23', limit: 20 }, 'since=2026-11-23&limit=20'],
  ])('get_changes %j has the REST body as structured content', async (args, query) => {
    const result = (await client.callTool({ name: 'get_changes', arguments: args })) as any;
    expect(result.isError ?? false).toBe(false);
    expect(result.structuredContent).toEqual(await t.json(`/api/v1/changes?${query}`));
  });

  it('get_changes without limit answers 20 entries and says how to get the next page', async () => {
    const result = (await client.callTool({ name: 'get_changes', arguments: {} })) as any;
    expect(result.structuredContent).toEqual(await t.json('/api/v1/changes?limit=20'));
    expect(result.content[1].text).toMatch(
      new RegExp(
        `^Entries 1 to 20 of ${SHIPPED.length}\\. For the next ${SHIPPED.length - 20}, call this tool`,
      ),
    );
  });

  it('get_changes refuses a date that does not exist, naming since', async () => {
    const result = (await client.callTool({
      name: 'get_changes',
      arguments: { since: '2026-13-01' },
    })) as any;
    expect(result.isError).toBe(true);
    const body = JSON.parse(result.content[0].text);
    expect(body.error.details.parameters.map((p: { name: string }) => p.name)).toEqual(['since']);
  });

  it('get_changes with a slug the history never held is the REST 404 body, near slugs and all', async () => {
    const result = (await client.callTool({
      name: 'get_changes',
      arguments: { course: 'technical-seo' },
    })) as any;
    expect(result.isError).toBe(true);
    const rest = await t.get('/api/v1/changes?course=technical-seo');
    expect(JSON.parse(result.content[0].text)).toEqual(await rest.json());
  });

  it('coursefinder://changes is the whole history, as the API pages through it', async () => {
    const { contents } = await client.readResource({ uri: 'coursefinder://changes' });
    const body = JSON.parse((contents[0] as { text: string }).text);
    expect(body).toEqual(await t.json('/api/v1/changes?limit=100'));
  });
});

describe('data without a history (an older deployment)', () => {
  it('starts, serves an empty history and says so once in the log', async () => {
    const log = logCapture();
    const old = await startTestApp({
      env: { DATA_DIR: copyOfData() },
      clock: clock(),
      logStream: log.stream,
    });
    try {
      expect((await old.json('/api/v1/changes')).data).toEqual([]);
      expect((await old.get('/ai-seo-courses/changes')).status).toBe(200);
      expect(old.app.get(CatalogService).reload()).toBe(true);
      expect((await old.json('/api/v1/changes')).data).toEqual([]);
      const said = log.lines().filter((line) => line.includes('no history.jsonl'));
      expect(said).toHaveLength(1);
    } finally {
      await old.close();
    }
  });
});

describe('a catalog of 103 entries (the shipped courses three times)', () => {
  let big: TestApp;
  beforeAll(async () => {
    const dir = execFileSync(process.execPath, ['scripts/catalog.mjs', '--times', '3'], {
      cwd: join(__dirname, '..'),
      encoding: 'utf8',
    }).trim();
    big = await startTestApp({ env: { DATA_DIR: dir }, clock: clock() });
  });
  afterAll(() => big.close());

  it('holds one "added" entry per course, and the changes page shows 50 a page, missing none', async () => {
    const all = (await followLinks(big, '/api/v1/changes?limit=100')).ids;
    // The shipped entries, and one "added" entry for each of the two copies of every course.
    expect(all).toHaveLength(SHIPPED.length + records.length * 2);
    const seen: string[] = [];
    let path: string | undefined = '/ai-seo-courses/changes';
    while (path) {
      const page = await (await big.get(path, { headers: { Accept: 'text/html' } })).text();
      const items = [...page.matchAll(/<li id="([^"]+)">/g)].map((m) => m[1]);
      expect(items.length).toBeLessThanOrEqual(50);
      seen.push(...items);
      path = /<a rel="next" href="([^"]+)"/.exec(page)?.[1]?.replaceAll('&amp;', '&');
    }
    expect(seen).toEqual(all);
  });
});
