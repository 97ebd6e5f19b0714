import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import fc from 'fast-check';
import { MCP_PATH } from '../src/core/paths';
import { SAMPLE_ANSWERS } from './support/answers';
import { startTestApp, type TestApp } from './support/app';

/**
 * A name an operation's input does not declare is unknown, whatever it is (docs/api.md#query-parameters):
 * reported by name, never dropped, never applied, on every REST operation, every site form and
 * every MCP tool. Generated: every member name of `Object.prototype` (which an object would
 * treat specially or a validator skip), names other query parsers read as structure (`a[]`,
 * `a[b]`, `a.b`), and arbitrary ones.
 */

/** Fixed, so a failure replays; fast-check prints the seed and the shrunk counterexample. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = 40;

const answers = new URLSearchParams(SAMPLE_ANSWERS).toString();
const A = 'seo-fundamentals-bootcamp';
const B = 'technical-seo-deep-dive';

/** Every name an operation takes anywhere: a generated name is never one of these. */
const DECLARED = new Set([
  'level',
  'specialty',
  'price_band',
  'community_only',
  'include_inactive',
  'sort',
  'q',
  'limit',
  'cursor',
  'courses',
  'slug',
  ...Object.keys(SAMPLE_ANSWERS),
]);

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);
const word = fc.stringMatching(/^[a-z_]{1,12}$/);
const unknownName = fc
  .oneof(
    fc.constantFrom(...PROTOTYPE_NAMES),
    fc
      .tuple(word, fc.constantFrom('[]', '[b]', '[__proto__]', '.b', '.constructor', '..'))
      .map(([name, tail]) => name + tail),
    fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }),
  )
  .filter((name) => !DECLARED.has(name));

const OPERATIONS: [path: string, code: string][] = [
  ['/api/v1/courses', 'invalid_parameters'],
  [`/api/v1/courses/${A}`, 'invalid_parameters'],
  [`/api/v1/recommendations?${answers}`, 'invalid_answers'],
  [`/api/v1/comparisons?courses=${A},${B}`, 'invalid_parameters'],
  ['/api/v1/finder/questions', 'invalid_parameters'],
  ['/api/v1/facets', 'invalid_parameters'],
  ['/api/v1/suggestions?q=seo', 'invalid_parameters'],
  ['/api/v1/methodology', 'invalid_parameters'],
  ['/api/v1/openapi.json', 'invalid_parameters'],
  ['/api/v1', 'invalid_parameters'],
];

const FORMS = [
  '/ai-seo-courses',
  `/ai-seo-courses/finder?${answers}`,
  `/ai-seo-courses/compare?courses=${A},${B}`,
];

const TOOLS: [tool: string, args: Record<string, unknown>, code: string][] = [
  ['search_courses', {}, 'invalid_parameters'],
  ['get_course', { slug: A }, 'invalid_parameters'],
  ['recommend_courses', { ...SAMPLE_ANSWERS }, 'invalid_answers'],
  ['compare_courses', { courses: [A, B] }, 'invalid_parameters'],
  ['get_methodology', {}, 'invalid_parameters'],
];

const withName = (path: string, name: string) =>
  `${path}${path.includes('?') ? '&' : '?'}${encodeURIComponent(name)}=x`;

/** As the templates write text into HTML. */
const html = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe.each(OPERATIONS)('%s', (path, code) => {
  it('answers any undeclared name as an unknown parameter, by name', async () => {
    await fc.assert(
      fc.asyncProperty(unknownName, async (name) => {
        const response = await t.get(withName(path, name));
        expect(response.status).toBe(422);
        const body: any = await response.json();
        expect(body.error.code).toBe(code);
        const problems = body.error.details.parameters ?? body.error.details.problems;
        expect(problems).toContainEqual(expect.objectContaining({ name, value: 'x' }));
        // The headline says what is wrong, and nothing that is not.
        expect(body.error.message).toMatch(/ Not a parameter of this operation: .+\.$/);
        expect(body.error.message).not.toMatch(/required|Missing|Check:/);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe('a query read whole, however many pairs it has', () => {
  // Node's query parser stops at 1,000 pairs unless told otherwise, empty ones counted.
  const padding = fc.constantFrom(999, 1000, 1001, 3000).map((n) => '&'.repeat(n));

  it.each(OPERATIONS)('%s: a name after them is still unknown', async (path, code) => {
    await fc.assert(
      fc.asyncProperty(unknownName, padding, async (name, pad) => {
        const [bare, query = ''] = path.split('?');
        const response = await t.get(`${bare}?${query}${pad}${encodeURIComponent(name)}=x`);
        expect(response.status).toBe(422);
        const body: any = await response.json();
        expect(body.error.code).toBe(code);
        const problems = body.error.details.parameters ?? body.error.details.problems;
        expect(problems).toContainEqual(expect.objectContaining({ name, value: 'x' }));
      }),
      { seed: SEED, numRuns: 10 },
    );
  });

  it('a list answers the filters after them, and keeps that answer for those filters only', async () => {
    const filters = fc
      .record(
        {
          level: fc.constantFrom('beginner', 'advanced', 'beginner,intermediate'),
          specialty: fc.constantFrom('local', 'technical', 'ai_geo'),
          include_inactive: fc.constantFrom('true', 'false'),
          sort: fc.constantFrom('name', 'price-asc'),
        },
        { requiredKeys: [] },
      )
      .filter((given) => Object.keys(given).length > 0)
      .map((given) => new URLSearchParams(given).toString().replaceAll('%2C', ','));
    await fc.assert(
      fc.asyncProperty(filters, padding, async (query, pad) => {
        // The padded address first: an answer kept under the wrong parameters would show in the
        // plain one; the one with `limit` is kept under an entry of its own.
        const padded = await t.json(`/api/v1/courses?${pad}${query}`);
        const plain = await t.json(`/api/v1/courses?${query}`);
        const reference = await t.json(`/api/v1/courses?${query}&limit=100`);
        expect(padded.data).toEqual(reference.data);
        expect(plain.data).toEqual(reference.data);
      }),
      { seed: SEED, numRuns: 20 },
    );
  });
});

describe.each(FORMS)('the form %s', (path) => {
  it('reports any undeclared name instead of ignoring it', async () => {
    await fc.assert(
      fc.asyncProperty(unknownName, async (name) => {
        const response = await t.get(withName(path, name), { headers: { Accept: 'text/html' } });
        expect(response.status).toBe(200);
        const body = await response.text();
        expect(body).toContain('role="alert"');
        expect(body).toContain(`The address has “${html(name)}”, which`);
        expect(body).not.toContain('% match');
        expect(body).not.toContain('<table class="compare');
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe('MCP tool arguments', () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'query-names-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}${MCP_PATH}`)));
  });
  afterAll(() => client.close());

  it.each(TOOLS)('%s reports any undeclared argument by name', async (tool, args, code) => {
    await fc.assert(
      fc.asyncProperty(unknownName, async (name) => {
        const call = client.callTool({ name: tool, arguments: { ...args, [name]: 'x' } });
        if (name === '__proto__') {
          // JSON's own `__proto__` key, which the SDK would drop unseen: refused before it.
          await expect(call).rejects.toMatchObject({ code: -32602 });
          await expect(call).rejects.toBeInstanceOf(McpError);
          return;
        }
        const result = (await call) as { isError?: boolean; content: { text: string }[] };
        expect(result.isError).toBe(true);
        const body = JSON.parse(result.content[0].text);
        expect(body.error.code).toBe(code);
        const problems = body.error.details.parameters ?? body.error.details.problems;
        expect(problems).toContainEqual(
          expect.objectContaining({ name, problem: expect.any(String) }),
        );
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
