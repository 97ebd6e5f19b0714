import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { CatalogService } from '../src/catalog/catalog.service';
import type { CourseRecord } from '../src/catalog/course.schema';
import { MCP_PATH } from '../src/core/paths';
import { copyOfData, DATA_DIR, startTestApp, type TestApp } from './support/app';
import { SAMPLE_ANSWERS } from './support/answers';
import { makeVerified, verifiedClock } from './support/verified-data';

/**
 * Every surface's words follow the data: with the shipped placeholder courses none states
 * verification as a present fact and the placeholder award says what it is; after a reload with
 * every course real and verified, the same templates say so plainly. Texts fixed at start (MCP
 * instructions, prompt, tools, server card, OpenAPI) are worded to be true in both states.
 */

/** How a present-tense verification claim reads on these surfaces. */
const CLAIMS = [
  /hand[- ]verified/i,
  /\b(?:with|its|their) verified facts\b/i,
  /\bfacts are accurate as of each\b/i,
  /\bevery fact is accurate\b/i,
  /\bour editors['’] (?:award|choice)\b/i,
];
/** The placeholder state's own words: the banner, the notes and the labels. */
const PLACEHOLDER_WORDS =
  /Placeholder data\.|for now, fictional placeholders|Placeholder courses are fictional|Placeholder award|placeholder \(fictional\)/;
const claimsIn = (text: string) =>
  CLAIMS.flatMap((claim) => {
    const found = claim.exec(text);
    return found ? [text.slice(Math.max(0, found.index - 40), found.index + 60)] : [];
  });

const records: CourseRecord[] = JSON.parse(
  readFileSync(join(DATA_DIR, 'courses.json'), 'utf8'),
).courses;
const pick = records.find((course) => course.editorial_pick !== null)!;
const other = records.find((course) => course.editorial_pick === null)!;
const AWARD = pick.editorial_pick!.label!;

const PAGES: Record<string, string> = {
  home: '/',
  list: '/ai-seo-courses',
  'course (the pick)': `/ai-seo-courses/${pick.slug}`,
  comparison: `/ai-seo-courses/compare?courses=${pick.slug},${other.slug}`,
  finder: `/ai-seo-courses/finder?${new URLSearchParams(SAMPLE_ANSWERS)}`,
  methodology: '/ai-seo-courses/methodology',
  'not found': '/ai-seo-courses/no-such-course',
};
const MARKDOWN: Record<string, string> = {
  'list as Markdown': '/ai-seo-courses',
  'course as Markdown': `/ai-seo-courses/${pick.slug}`,
};
/** Pages that show problems or messages, checked for visitor words too. */
const MESSAGES: Record<string, string> = {
  'comparison of one': `/ai-seo-courses/compare?courses=${other.slug}`,
  'comparison of four': `/ai-seo-courses/compare?courses=${records
    .slice(0, 4)
    .map((c) => c.slug)
    .join(',')}`,
  'comparison of an unknown course': `/ai-seo-courses/compare?courses=${other.slug},no-such-course`,
  'comparison with a stray parameter': `/ai-seo-courses/compare?courses=${pick.slug},${other.slug}&utm_source=x`,
  'list with bad filters': '/ai-seo-courses?level=expert&utm_source=x',
  'unknown path': '/no/such/page',
};
const STATIC = [
  'MCP instructions',
  'MCP server description',
  'MCP prompt',
  'MCP tools',
  'server card',
  'OpenAPI',
];

/** The text of a page as a browser shows it: the head and the markup gone, entities read. */
const decode = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
/** How many times each page shows the award's badge. */
const BADGES = { list: 2, 'course (the pick)': 1, comparison: 1 };
const badges = (html: string) =>
  [...html.matchAll(/<span class="badge pick">([^<]*)<\/span>/g)].map((m) => decode(m[1]));

async function connect(url: string): Promise<Client> {
  // Tool output schemas are JSON Schema 2020-12.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const client = new Client(
    { name: 'course-finder-words', version: '1.0.0' },
    { jsonSchemaValidator: new AjvJsonSchemaValidator(ajv as never) },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}${MCP_PATH}`)));
  return client;
}

interface Surfaces {
  /** Every surface's words, by name. */
  text: Record<string, string>;
  /** The raw HTML of each page. */
  html: Record<string, string>;
}

async function read(t: TestApp): Promise<Surfaces> {
  const text: Record<string, string> = {};
  const html: Record<string, string> = {};
  const get = async (path: string, accept: string) =>
    (await t.get(path, { headers: { Accept: accept } })).text();
  for (const [name, path] of Object.entries({ ...PAGES, ...MESSAGES })) {
    html[name] = await get(path, 'text/html');
    text[name] = decode(html[name]);
  }
  for (const [name, path] of Object.entries(MARKDOWN))
    text[name] = await get(path, 'text/markdown');
  text['/ai-seo-courses.md'] = await get('/ai-seo-courses.md', '*/*');
  text['/llms.txt'] = await get('/llms.txt', '*/*');
  text['home as JSON'] = (
    await t.json('/', { headers: { Accept: 'application/json' } })
  ).description;
  text['server card'] = (await t.json('/.well-known/mcp/server-card.json')).description;
  const openapi = await t.json('/api/v1/openapi.json');
  text.OpenAPI = [
    openapi.info.description,
    ...openapi.tags.map((tag: any) => tag.description),
    ...Object.values(openapi.paths).flatMap((item: any) =>
      Object.values(item).flatMap((op: any) => [op.summary, op.description]),
    ),
  ].join('\n');
  const client = await connect(t.url);
  try {
    text['MCP instructions'] = client.getInstructions() ?? '';
    text['MCP server description'] = client.getServerVersion()?.description ?? '';
    const prompt = await client.getPrompt({ name: 'find_ai_seo_course' });
    text['MCP prompt'] = prompt.messages
      .map((m) => (m.content as { text: string }).text)
      .join('\n');
    const { tools } = await client.listTools();
    text['MCP tools'] = tools.map((tool) => tool.description).join('\n');
  } finally {
    await client.close();
  }
  return { text, html };
}

let shipped: Surfaces;
let verified: Surfaces;
let t: TestApp;

beforeAll(async () => {
  const dir = copyOfData();
  t = await startTestApp({ env: { DATA_DIR: dir }, clock: verifiedClock() });
  shipped = await read(t);
  // The same running service, its data replaced by verified courses and reloaded.
  makeVerified(dir);
  expect(t.app.get(CatalogService).reload()).toBe(true);
  verified = await read(t);
}, 60_000);
afterAll(() => t?.close());

const ALL = [...Object.keys(PAGES), ...Object.keys(MARKDOWN), '/ai-seo-courses.md', '/llms.txt'];
const DYNAMIC = [...ALL, 'home as JSON'];

describe('with the shipped placeholder data', () => {
  it.each([...DYNAMIC, ...STATIC])('%s states no verification as a present fact', (name) => {
    expect(shipped.text[name]).toBeTruthy();
    expect(claimsIn(shipped.text[name])).toEqual([]);
    if (DYNAMIC.includes(name)) expect(shipped.text[name]).toMatch(PLACEHOLDER_WORDS);
  });

  it('the placeholder award is labelled as one wherever it is shown', () => {
    // The list shows the pick above the table and in its row.
    for (const [name, times] of Object.entries(BADGES)) {
      expect({ name, badges: badges(shipped.html[name]) }).toEqual({
        name,
        badges: Array(times).fill(`Placeholder award: ${AWARD}`),
      });
    }
    expect(shipped.text.list).toContain(
      "A placeholder on a fictional course, showing where the editors' award will appear; no editor has given it.",
    );
    expect(shipped.text['course (the pick)']).toContain('no editor has given it');
    expect(shipped.text['course as Markdown']).toContain(
      `- Placeholder award (on a fictional course; no editor has given it; outside the scoring): ${AWARD}`,
    );
  });

  it('the pages say what is true instead', () => {
    expect(shipped.text.home).toContain(
      `Course Finder publishes a dataset of ${records.length} AI SEO and SEO courses that are, for now, fictional placeholders awaiting verification`,
    );
    expect(shipped.text['home as JSON']).toContain('fictional placeholders awaiting verification');
    expect(shipped.text['/llms.txt']).toContain('fictional placeholders awaiting verification');
    for (const name of [...Object.keys(PAGES), ...Object.keys(MARKDOWN), '/ai-seo-courses.md']) {
      expect({
        name,
        says: shipped.text[name].includes('Placeholder courses are fictional and not verified'),
      }).toEqual({ name, says: true });
    }
    expect(shipped.html.list).toContain(
      '<title>AI SEO courses (placeholder data) · Course Finder</title>',
    );
  });
});

describe('after a reload with every course verified', () => {
  it.each(DYNAMIC)('%s says plainly that the facts are verified', (name) => {
    expect(claimsIn(verified.text[name]).length).toBeGreaterThan(0);
    expect(verified.text[name]).not.toMatch(PLACEHOLDER_WORDS);
  });

  it('the award is the editors’ award, named as such', () => {
    for (const [name, times] of Object.entries(BADGES)) {
      expect({ name, badges: badges(verified.html[name]) }).toEqual({
        name,
        badges: Array(times).fill(AWARD),
      });
    }
    expect(verified.text.list).toContain("Our editors' award.");
    expect(verified.text['course (the pick)']).toContain("This award is our editors' choice");
  });

  it('the home page, the list and llms.txt call the dataset hand-verified', () => {
    const dataset = `a hand-verified dataset of ${records.length} AI SEO and SEO courses, each fact with the date it was checked`;
    expect(verified.text.home).toContain(`Course Finder publishes ${dataset}`);
    expect(verified.text['/llms.txt']).toContain(`> A${dataset.slice(1)}`);
    expect(verified.html.list).toContain(
      '<title>AI SEO courses, hand-verified · Course Finder</title>',
    );
    for (const name of [...Object.keys(PAGES), ...Object.keys(MARKDOWN), '/ai-seo-courses.md']) {
      expect({
        name,
        says: verified.text[name].includes(
          "Facts are accurate as of each course's last-verified date",
        ),
      }).toEqual({ name, says: true });
    }
  });

  it.each(STATIC)('%s is fixed at start, so it says the same true thing in both states', (name) => {
    expect(verified.text[name]).toBe(shipped.text[name]);
    expect(claimsIn(verified.text[name])).toEqual([]);
    expect(verified.text[name]).toMatch(/last[- ]verified/);
  });

  it('the texts fixed at start tell how to know what is verified', () => {
    for (const name of ['MCP instructions', 'MCP prompt', 'OpenAPI']) {
      expect({ name, text: verified.text[name] }).toEqual({
        name,
        text: expect.stringContaining('contains_placeholder_data'),
      });
    }
  });
});

describe('visitor words', () => {
  const visible = [...Object.keys(PAGES), ...Object.keys(MESSAGES)];

  it.each(visible)('%s speaks of courses and unpublished values, not slugs and null', (name) => {
    for (const state of [shipped, verified]) {
      expect(state.text[name]).not.toMatch(/\bslugs?\b/i);
      expect(state.text[name]).not.toMatch(/\bnull\b/);
    }
  });

  it('the methodology page says an unknown value is shown as “not published”', () => {
    expect(shipped.text.methodology).toContain(
      'Unknown values are shown as “not published”, never guessed.',
    );
  });

  it('Compare says in plain words what it needs; the API keeps its own wording', async () => {
    expect(shipped.text['comparison of one']).toContain(
      'Tick two or three courses to compare them; you ticked one.',
    );
    expect(shipped.text['comparison of four']).toContain(
      'Tick two or three courses to compare them; you ticked four.',
    );
    expect(shipped.text['comparison of an unknown course']).toContain(
      'The address names a course that is not in the list below; tick the courses there.',
    );
    expect(shipped.text['comparison with a stray parameter']).toContain(
      'The address has “utm_source”, which Compare does not use.',
    );
    const ticked = records
      .slice(0, 5)
      .map((c) => `courses=${c.slug}`)
      .join('&');
    const five = decode(await (await t.get(`/ai-seo-courses/compare?${ticked}`)).text());
    expect(five).toContain('Tick two or three courses to compare them; you ticked five.');
    const stray = decode(await (await t.get('/ai-seo-courses/compare?utm_source=x')).text());
    expect(stray).toContain('The address has “utm_source”, which Compare does not use.');
    expect(stray).toContain('Tick two or three courses to compare them.');
    expect(stray).not.toContain('names a course that is not in the list');
    const untouched = decode(await (await t.get('/ai-seo-courses/compare')).text());
    expect(untouched).toContain('Tick two or three courses to see them side by side.');
    expect(untouched).not.toContain('you ticked');
    const api = await t.get(
      `/api/v1/comparisons?courses=${records
        .slice(0, 4)
        .map((c) => c.slug)
        .join(',')}`,
    );
    expect(api.status).toBe(422);
    expect(JSON.stringify(await api.json())).toContain('give 2 to 3 course slugs (got 4)');
  });
});
