import { request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { CourseRecord } from '../src/catalog/course.schema';
import {
  ANSWER_NAMES,
  BUDGET_BANDS,
  FRESHNESS,
  LEARNING_STYLES,
  LEVELS,
  OPERATING_MODELS,
  QUESTIONS,
  SORTS,
  TOPICS,
} from '../src/catalog/vocabulary';
import { errorBodySchema } from '../src/core/envelope.schema';
import { MCP_PATH } from '../src/core/paths';
import {
  MCP_CAPABILITIES,
  MCP_INSTRUCTIONS,
  MCP_SERVER_INFO,
  mcpServerIdentity,
} from '../src/mcp/server-info';
import { DATA_DIR, startTestApp, type TestApp } from './support/app';
import { logCapture } from './support/edge';
import { expectValid } from './support/schemas';
import { SAMPLE_ANSWERS } from './support/answers';

/** The MCP server against a real HTTP server, through the official SDK client (docs/mcp.md). */

const records: CourseRecord[] = JSON.parse(
  readFileSync(join(DATA_DIR, 'courses.json'), 'utf8'),
).courses;
const slugs = records.map((r) => r.slug);
const inactiveSlug = records.find((r) => r.status === 'inactive')!.slug;

/** The contract's five tools, and those added beyond it (docs/mcp.md#tools). */
const FIVE_TOOLS = [
  'compare_courses',
  'get_course',
  'get_methodology',
  'recommend_courses',
  'search_courses',
];
const TOOL_NAMES = [...FIVE_TOOLS, 'check_course_fit', 'get_changes'].sort();

// The SDK 1.x client compiles output schemas with draft-07 ajv by default; MCP tool schemas are 2020-12.
function ajv2020() {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv;
}

async function connect(url: string): Promise<Client> {
  const client = new Client(
    { name: 'course-finder-e2e', version: '1.0.0' },
    { jsonSchemaValidator: new AjvJsonSchemaValidator(ajv2020() as never) },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}${MCP_PATH}`)));
  return client;
}

type ToolResult = {
  isError?: boolean;
  structuredContent?: unknown;
  content: { type: string; text: string }[];
};

let t: TestApp;
let client: Client;
beforeAll(async () => {
  t = await startTestApp();
  client = await connect(t.url);
});
afterAll(async () => {
  await client.close();
  await t.close();
});

const call = async (name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as ToolResult;

async function advertisedOutputSchema(name: string): Promise<object> {
  const { tools } = await client.listTools();
  return tools.find((tool) => tool.name === name)!.outputSchema!;
}

/** A successful call: structuredContent is the REST body, the text block the same JSON. */
async function expectSameAsRest(name: string, args: Record<string, unknown>, restPath: string) {
  const result = await call(name, args);
  const rest = await t.json(restPath);
  expect({ args, isError: result.isError ?? false }).toEqual({ args, isError: false });
  expect(result.structuredContent).toEqual(rest);
  expect(JSON.parse(result.content[0].text)).toEqual(rest);
  const validate = ajv2020().compile(await advertisedOutputSchema(name));
  expect({ valid: validate(result.structuredContent), errors: validate.errors }).toEqual({
    valid: true,
    errors: null,
  });
  return result;
}

/** A failed call: an isError result whose text is a contract error body with this code. */
async function expectToolError(name: string, args: Record<string, unknown>, code: string) {
  const result = await call(name, args);
  expect(result.isError).toBe(true);
  const body = JSON.parse(result.content[0].text);
  expectValid(errorBodySchema, body);
  expect(body.error.code).toBe(code);
  return body;
}

describe('initialize', () => {
  it('answers with the identity, capabilities and instructions of server-info.ts', async () => {
    const { body } = await post(
      {},
      {
        ...initializeMessage,
        params: { ...initializeMessage.params, protocolVersion: '2025-11-25' },
      },
    );
    expect(body.result).toEqual({
      protocolVersion: '2025-11-25',
      // Title, website and icon (served by the site, on PUBLIC_URL's origin by default).
      serverInfo: {
        ...MCP_SERVER_INFO,
        websiteUrl: 'http://localhost:3000/ai-seo-courses',
        icons: [
          {
            src: 'http://localhost:3000/assets/icon.svg',
            mimeType: 'image/svg+xml',
            sizes: ['any'],
          },
        ],
      },
      capabilities: MCP_CAPABILITIES,
      instructions: MCP_INSTRUCTIONS,
    });
    expect(body.result.serverInfo).toEqual(mcpServerIdentity('http://localhost:3000'));
    // An SDK 1.x client reads the same identity (it knows no `extensions` capability yet).
    expect(client.getServerVersion()).toEqual(body.result.serverInfo);
    expect(client.getInstructions()).toBe(MCP_INSTRUCTIONS);
  });

  it('reports what the published server card says (name, version, capabilities, icons)', async () => {
    const card = await t.json('/.well-known/mcp/server-card.json');
    const { body } = await post({});
    expect(card.capabilities).toEqual(body.result.capabilities);
    expect(card.icons).toEqual(body.result.serverInfo.icons);
    expect(card.serverInfo).toMatchObject({
      name: client.getServerVersion()!.name,
      version: client.getServerVersion()!.version,
    });
  });

  it('is stateless: no session id, JSON responses', async () => {
    const response = await post({}, initializeMessage);
    expect(response.status).toBe(200);
    expect(response.headers['mcp-session-id']).toBeUndefined();
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('tools/list', () => {
  it('lists exactly the tools, read-only annotated and titled, with input and output schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOL_NAMES);
    for (const tool of tools) {
      // The display name is `annotations.title`, which hosts read when the tool has no top-level
      // `title` (the library has no such option; docs/mcp.md says so).
      expect(tool.title).toBeUndefined();
      expect(tool.annotations).toEqual({
        title: expect.stringMatching(/\S/),
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      });
      expect(tool.description).toMatch(/\S/);
      expect(tool.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
      expect(tool.outputSchema).toMatchObject({
        type: 'object',
        required: ['data', 'meta'],
        additionalProperties: false,
      });
    }
  });

  it('advertises the REST parameter names and values', async () => {
    const { tools } = await client.listTools();
    const input = (name: string) => tools.find((tool) => tool.name === name)!.inputSchema as any;

    const search = input('search_courses');
    expect(search.required).toBeUndefined();
    // A value, or an array of several values.
    const valueOrList = (values: readonly string[]) => ({
      anyOf: [
        { type: 'string', enum: values },
        { type: 'array', items: { type: 'string', enum: values }, uniqueItems: true },
      ],
    });
    expect(search.properties).toMatchObject({
      level: valueOrList(LEVELS),
      specialty: valueOrList(TOPICS),
      price_band: valueOrList(BUDGET_BANDS),
      community_only: { type: 'boolean' },
      include_inactive: { type: 'boolean' },
      sort: { enum: SORTS },
      q: { type: 'string', maxLength: 200 },
      limit: { type: 'integer', minimum: 1, maximum: 100, default: 8 },
      cursor: { type: 'string' },
    });

    const recommend = input('recommend_courses');
    expect(recommend.required).toEqual(ANSWER_NAMES);
    expect(recommend.properties).toMatchObject({
      experience: { enum: LEVELS },
      objective: { enum: TOPICS },
      learning_style: { enum: LEARNING_STYLES },
      freshness: { enum: FRESHNESS },
      budget: { enum: BUDGET_BANDS },
      operating_model: { enum: OPERATING_MODELS },
    });
    for (const name of ANSWER_NAMES) {
      expect(recommend.properties[name].description).toContain(QUESTIONS[name].question);
    }
    expect(tools.find((tool) => tool.name === 'recommend_courses')!.description).toMatch(
      /ask the user .* rather than guessing/,
    );

    expect(input('compare_courses')).toMatchObject({
      required: ['courses'],
      properties: { courses: { type: 'array', minItems: 2, maxItems: 3 } },
    });
    expect(input('get_course')).toMatchObject({
      required: ['slug'],
      properties: { slug: { type: 'string' } },
    });
    expect(input('get_methodology').properties).toEqual({});
  });

  it('advertises output schemas that reject what the REST schemas reject', async () => {
    const validate = ajv2020().compile(await advertisedOutputSchema('get_course'));
    const body = await t.json(`/api/v1/courses/${slugs[0]}`);
    expect(validate(body)).toBe(true);
    expect(validate({ ...body, extra: 1 })).toBe(false);
    expect(validate({ ...body, data: { ...body.data, status: 'archived' } })).toBe(false);
  });
});

describe('every tool introduced and described', () => {
  it('names every tool of tools/list in the instructions of initialize, each with its use', async () => {
    const instructions = client.getInstructions()!;
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThanOrEqual(TOOL_NAMES.length);
    // "Use a to …; b for …; and c for …": each name where a use begins, not only inside another's.
    const unnamed = tools
      .map((tool) => tool.name)
      .filter((name) => !new RegExp(`(?:Use|;|; and) ${name} (?:to|for) `).test(instructions));
    expect(unnamed).toEqual([]);
  });

  it('describes each tool in one to three sentences, saying when to use it, and every argument', async () => {
    const { tools } = await client.listTools();
    for (const tool of tools) {
      const sentences = tool.description!.match(/[.!?](?=\s|$)/g) ?? [];
      expect({
        tool: tool.name,
        sentences: sentences.length <= 3 && sentences.length >= 1,
      }).toEqual({ tool: tool.name, sentences: true });
      expect(tool.description).toMatch(/\bUse it\b/);
      const properties = (tool.inputSchema as any).properties as Record<string, any>;
      const undescribed = Object.entries(properties)
        .filter(([, schema]) => !/\w{3}/.test(schema.description ?? ''))
        .map(([name]) => name);
      expect({ tool: tool.name, undescribed }).toEqual({ tool: tool.name, undescribed: [] });
    }
  });

  it('describes an argument two tools share in the same words in both', async () => {
    const { tools } = await client.listTools();
    const input = (name: string) =>
      (tools.find((tool) => tool.name === name)!.inputSchema as any).properties;
    const [recommend, fit] = [input('recommend_courses'), input('check_course_fit')];
    for (const name of ANSWER_NAMES) {
      expect(fit[name].description).toBe(recommend[name].description);
      expect(fit[name].description).toContain(QUESTIONS[name].question);
    }
  });
});

describe('what the tool list costs an assistant', () => {
  /** The bytes of a value as JSON on the wire, decoded (KB read as 1,000 bytes). */
  const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

  const modelFacing = (tools: { name: string; description?: string; inputSchema: unknown }[]) =>
    tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema }));

  const kb = (n: number) => (n / 1000).toFixed(1);

  it('prints what tools/list costs, tool by tool: at most 55 KB in all, and what every model reads of it at most 10 KB', async () => {
    const { tools } = await client.listTools();
    const lines = tools.map(
      (tool) =>
        `${tool.name.padEnd(18)} ${kb(bytes(tool)).padStart(5)} KB, read by every model ${kb(bytes(modelFacing([tool])[0])).padStart(4)} KB`,
    );
    const all = bytes({ tools });
    const read = bytes(modelFacing(tools));
    console.log(
      [
        ...lines,
        `tools/list ${kb(all)} KB, read by every model ${kb(read)} KB (${read.toLocaleString('en')} of 10,000 bytes)`,
      ].join('\n'),
    );
    expect(all).toBeLessThanOrEqual(55_000);
    expect(read).toBeLessThanOrEqual(10_000);
  });

  it('says nothing a model does not need: no HTTP statuses, no REST operation ids', async () => {
    const { tools } = await client.listTools();
    const texts = tools.flatMap((tool) => [
      tool.description ?? '',
      ...Object.values((tool.inputSchema as any).properties).map((p: any) => p.description ?? ''),
    ]);
    for (const text of texts) {
      expect(text).not.toMatch(
        /\b(304|308|400|403|404|405|413|415|422|429)\b|\((200|500)\)|\bHTTP\b|searchCourses|recommendCourses|getCourse|compareCourses|getMethodology|query param/i,
      );
    }
  });
});

describe('tools/call returns the REST body', () => {
  it.each<[Record<string, unknown>, string]>([
    [{}, ''],
    [
      { level: 'beginner', specialty: 'ai_geo', sort: 'price-asc' },
      'level=beginner&specialty=ai_geo&sort=price-asc',
    ],
    [{ include_inactive: true, sort: 'verified-desc' }, 'include_inactive=true&sort=verified-desc'],
    [{ community_only: true, price_band: 'under_100' }, 'community_only=true&price_band=under_100'],
    [
      { community_only: false, include_inactive: false },
      'community_only=false&include_inactive=false',
    ],
    [{ specialty: 'local', sort: 'geo-desc' }, 'specialty=local&sort=geo-desc'],
  ])('search_courses %j', async (args, query) => {
    // The tool answers a page of 8 unless told otherwise: the REST page of the same size.
    await expectSameAsRest('search_courses', args, `/api/v1/courses?${query}&limit=8`);
  });

  it('get_course, for an active and an inactive course', async () => {
    for (const slug of [slugs[0], inactiveSlug]) {
      await expectSameAsRest('get_course', { slug }, `/api/v1/courses/${slug}`);
    }
  });

  // A spread of answer sets: every value of every answer appears at least once.
  const answerSets = Array.from({ length: 7 }, (_, i) =>
    Object.fromEntries(
      ANSWER_NAMES.map((name, j) => {
        const values = Object.keys(QUESTIONS[name].values);
        return [name, values[(i + j) % values.length]];
      }),
    ),
  );
  it.each(answerSets)('recommend_courses %j', async (answers) => {
    await expectSameAsRest(
      'recommend_courses',
      answers,
      `/api/v1/recommendations?${new URLSearchParams(answers)}`,
    );
  });

  it('recommend_courses returns matches for a common answer set', async () => {
    const result = await call('recommend_courses', SAMPLE_ANSWERS);
    expect((result.structuredContent as any).data.results.length).toBeGreaterThan(0);
  });

  it('compare_courses, 2 and 3 courses in the order given, inactive included', async () => {
    for (const list of [
      [slugs[2], slugs[0]],
      [inactiveSlug, slugs[1], slugs[3]],
    ]) {
      await expectSameAsRest(
        'compare_courses',
        { courses: list },
        `/api/v1/comparisons?courses=${list}`,
      );
    }
  });

  it('get_methodology', async () => {
    await expectSameAsRest('get_methodology', {}, '/api/v1/methodology');
  });
});

describe('tools/call errors: isError results with the REST body', () => {
  it('get_course: an unknown or malformed slug is not_found, as on REST, offering near slugs', async () => {
    for (const slug of ['no-such-course', 'Not A Slug', 'technical-seo']) {
      const body = await expectToolError('get_course', { slug }, 'not_found');
      expect(body).toEqual(await t.json(`/api/v1/courses/${encodeURIComponent(slug)}`));
    }
    const body = await expectToolError('get_course', { slug: 'technical-seo' }, 'not_found');
    expect(body.error.details.near_slugs).toEqual(['technical-seo-deep-dive']);
    expect(body.error.message).toMatch(/Did you mean technical-seo-deep-dive\? Search .* q/);
  });

  it('compare_courses: 1 or 4 slugs, a repeated or malformed slug are invalid_parameters', async () => {
    for (const courses of [
      [slugs[0]],
      slugs.slice(0, 4),
      [slugs[0], slugs[0]],
      [slugs[0], 'Bad!'],
    ]) {
      const body = await expectToolError('compare_courses', { courses }, 'invalid_parameters');
      // Same body as REST, except that the value echoed is the array given.
      const rest = await t.json(`/api/v1/comparisons?courses=${courses}`);
      rest.error.details.parameters[0].value = courses;
      expect(body).toEqual(rest);
    }
  });

  it('compare_courses: well-formed unknown slugs are not_found with details.missing', async () => {
    const body = await expectToolError(
      'compare_courses',
      { courses: [slugs[0], 'no-such-course'] },
      'not_found',
    );
    expect(body.error.details).toEqual({ missing: ['no-such-course'], near_slugs: [] });
    const near = await expectToolError(
      'compare_courses',
      { courses: [slugs[0], 'answer-engine-foundation'] },
      'not_found',
    );
    expect(near.error.details.near_slugs).toEqual(['answer-engine-foundations']);
  });

  it('compare_courses: a string instead of an array is invalid_parameters', async () => {
    await expectToolError(
      'compare_courses',
      { courses: `${slugs[0]},${slugs[1]}` },
      'invalid_parameters',
    );
    await expectToolError('compare_courses', {}, 'invalid_parameters');
  });

  const answers = SAMPLE_ANSWERS;

  it('recommend_courses: a missing answer is invalid_answers, as on REST', async () => {
    const { budget: _budget, ...five } = answers;
    const body = await expectToolError('recommend_courses', five, 'invalid_answers');
    expect(body).toEqual(await t.json(`/api/v1/recommendations?${new URLSearchParams(five)}`));
    expect(Object.keys(body.error.details.answer_options)).toEqual(ANSWER_NAMES);
    expect(body.error.details.problems).toEqual([
      { name: 'budget', value: null, problem: 'missing' },
    ]);
  });

  it('recommend_courses: a bad value, a wrong type and an unknown answer are all reported', async () => {
    const bad = { ...answers, experience: 'expert' };
    const body = await expectToolError('recommend_courses', bad, 'invalid_answers');
    expect(body).toEqual(await t.json(`/api/v1/recommendations?${new URLSearchParams(bad)}`));

    const several = await expectToolError(
      'recommend_courses',
      { ...answers, budget: 100, freshness: 'Important', mood: 'happy' },
      'invalid_answers',
    );
    expect(several.error.details.problems.map((p: { name: string }) => p.name).sort()).toEqual([
      'budget',
      'freshness',
      'mood',
    ]);
  });

  it('search_courses: a bad enum, a string boolean or an unknown parameter is invalid_parameters', async () => {
    const body = await expectToolError('search_courses', { level: 'expert' }, 'invalid_parameters');
    expect(body).toEqual(await t.json('/api/v1/courses?level=expert'));
    expect(body.error.details.parameters[0].allowed_values).toEqual(LEVELS);
    await expectToolError('search_courses', { community_only: 'true' }, 'invalid_parameters');
    await expectToolError('search_courses', { colour: 'red' }, 'invalid_parameters');
  });

  it('get_methodology: an unknown parameter is invalid_parameters', async () => {
    await expectToolError('get_methodology', { verbose: true }, 'invalid_parameters');
  });

  it('an unknown tool is a protocol error, not an internal error', async () => {
    await expect(call('delete_courses', {})).rejects.toMatchObject({ code: -32602 });
  });
});

describe('resources', () => {
  it('lists the data resources as JSON, the MCP App as its HTML, and the template', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => [r.uri, r.mimeType]).sort()).toEqual([
      ['coursefinder://changes', 'application/json'],
      ['coursefinder://courses', 'application/json'],
      ['coursefinder://glossary', 'application/json'],
      ['coursefinder://methodology', 'application/json'],
      ['ui://course-finder/finder.html', 'text/html;profile=mcp-app'],
    ]);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((r) => [r.uriTemplate, r.mimeType])).toEqual([
      ['coursefinder://courses/{slug}', 'application/json'],
    ]);
  });

  async function read(uri: string) {
    const { contents } = await client.readResource({ uri });
    expect(contents).toHaveLength(1);
    expect(contents[0]).toMatchObject({ uri, mimeType: 'application/json' });
    return JSON.parse((contents[0] as { text: string }).text);
  }

  it('coursefinder://courses is every tracked course, inactive included, in the API envelope', async () => {
    const body = await read('coursefinder://courses');
    expect(body).toEqual(await t.json('/api/v1/courses?include_inactive=true'));
    expect(body.data.map((c: { slug: string }) => c.slug).sort()).toEqual([...slugs].sort());
  });

  it('coursefinder://methodology is /api/v1/methodology', async () => {
    expect(await read('coursefinder://methodology')).toEqual(await t.json('/api/v1/methodology'));
  });

  it('coursefinder://glossary is /api/v1/glossary', async () => {
    const body = await read('coursefinder://glossary');
    expect(body).toEqual(await t.json('/api/v1/glossary'));
    expect(body.data.map((term: { name: string }) => term.name)).toContain(
      'Generative engine optimization',
    );
  });

  it('coursefinder://courses/{slug} is /api/v1/courses/{slug}', async () => {
    for (const slug of [slugs[0], inactiveSlug]) {
      expect(await read(`coursefinder://courses/${slug}`)).toEqual(
        await t.json(`/api/v1/courses/${slug}`),
      );
    }
  });

  const readError = (uri: string) =>
    client.readResource({ uri }).then(
      () => undefined,
      (e: unknown) => e as McpError,
    );

  it.each([
    'coursefinder://courses/no-such-course',
    'coursefinder://courses/Not%20A%20Slug',
    'foo://courses/answer-engine-foundations',
    'foo://courses',
    'foo://methodology',
  ])('%s is an invalid-params error naming the URI', async (uri) => {
    const error = await readError(uri);
    expect(error).toBeInstanceOf(McpError);
    expect(error!.code).toBe(-32602);
    // A URI one of our resources refuses carries it in the error's data, with the REST body.
    expect(error!.data).toMatchObject({ uri, error: { code: 'not_found' } });
  });

  it('a URI no resource matches is an invalid-params error of the library', async () => {
    const error = await readError('coursefinder://nothing');
    expect(error).toBeInstanceOf(McpError);
    expect(error!.code).toBe(-32602);
  });

  it('completes the slug of the course template', async () => {
    const { completion } = await client.complete({
      ref: { type: 'ref/resource', uri: 'coursefinder://courses/{slug}' },
      argument: { name: 'slug', value: 'ai-' },
    });
    const expected = slugs.filter((slug) => slug.startsWith('ai-')).sort();
    expect(expected.length).toBeGreaterThan(1);
    expect([...completion.values].sort()).toEqual(expected);
  });
});

describe('prompt find_ai_seo_course', () => {
  it('is listed, and walks the six questions with their answers before recommend_courses', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['find_ai_seo_course']);

    const { messages } = await client.getPrompt({ name: 'find_ai_seo_course' });
    const text = messages.map((m) => (m.content as { text: string }).text).join('\n');
    for (const name of ANSWER_NAMES) {
      expect(text).toContain(name);
      expect(text).toContain(QUESTIONS[name].question);
      for (const [value, label] of Object.entries(QUESTIONS[name].values)) {
        expect(text).toContain(`${label} (\`${value}\`)`);
      }
    }
    for (const needle of [
      'one or two at a time',
      'recommend_courses',
      'match_reasons',
      'warnings',
      'meta.citation',
      'meta.canonical_url',
      'last_verified_on',
    ]) {
      expect(text).toContain(needle);
    }
  });
});

/** Raw HTTP, so that Host and Origin can be set freely. */
const initializeMessage = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'raw', version: '1' },
  },
};

function send(
  method: string,
  headers: Record<string, string>,
  body?: string,
  url = t.url,
): Promise<{ status: number; headers: Record<string, unknown>; body: any }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${url}${MCP_PATH}`,
      {
        method,
        headers: {
          accept: 'application/json, text/event-stream',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body: /json/.test(String(response.headers['content-type'])) ? JSON.parse(text) : text,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const post = (
  headers: Record<string, string>,
  message: unknown = initializeMessage,
  url?: string,
) => send('POST', headers, JSON.stringify(message), url);

describe('DNS-rebinding protection', () => {
  it('refuses a foreign Host with 403 in the contract error shape, naming the settings', async () => {
    for (const host of [
      'evil.example',
      'evil.example:3000',
      'localhost.evil.example',
      '127.0.0.2',
    ]) {
      const response = await post({ host });
      expect({ host, status: response.status }).toEqual({ host, status: 403 });
      expectValid(errorBodySchema, response.body);
      expect(response.body.error.code).toBe('forbidden');
      expect(response.body.error.message).toMatch(/PUBLIC_URL.*MCP_ALLOWED_HOSTS/);
    }
  });

  it('refuses a foreign Origin with 403, and the null origin, naming the settings', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://localhost:3001']) {
      const response = await post({ origin });
      expect({ origin, status: response.status }).toEqual({ origin, status: 403 });
      expect(response.body.error.code).toBe('forbidden');
      expect(response.body.error.message).toMatch(/PUBLIC_URL.*MCP_ALLOWED_ORIGINS/);
    }
  });

  it('lets requests without Origin, or from our own origin, through on any local host form', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { host: 'localhost:3000' },
      { host: 'localhost' },
      { host: '127.0.0.1:49152' },
      { host: '[::1]:3000' },
      { origin: 'http://localhost:3000' },
    ]) {
      const response = await post(headers);
      expect({ headers, status: response.status }).toEqual({ headers, status: 200 });
      expect(response.body.result.serverInfo.name).toBe(MCP_SERVER_INFO.name);
    }
  });

  it('accepts MCP_ALLOWED_HOSTS and MCP_ALLOWED_ORIGINS, the host of PUBLIC_URL and SITE_URL', async () => {
    const other = await startTestApp({
      env: {
        PUBLIC_URL: 'https://api.coursefinder.example',
        SITE_URL: 'https://www.coursefinder.example',
        MCP_ALLOWED_HOSTS: 'internal.svc, pinned.example:8443',
        MCP_ALLOWED_ORIGINS: 'https://app.partner.example',
      },
    });
    try {
      const status = async (headers: Record<string, string>) =>
        (await post(headers, initializeMessage, other.url)).status;
      expect(await status({ host: 'api.coursefinder.example' })).toBe(200);
      expect(await status({ host: 'internal.svc:8080' })).toBe(200);
      expect(await status({ host: 'pinned.example:8443' })).toBe(200);
      expect(await status({ host: 'pinned.example:8444' })).toBe(403);
      expect(await status({ host: 'www.coursefinder.example' })).toBe(403);
      expect(await status({ host: 'api.coursefinder.example.evil.example' })).toBe(403);
      expect(await status({ origin: 'https://www.coursefinder.example' })).toBe(200);
      expect(await status({ origin: 'https://api.coursefinder.example' })).toBe(200);
      expect(await status({ origin: 'https://app.partner.example' })).toBe(200);
      expect(await status({ origin: 'http://app.partner.example' })).toBe(403);
    } finally {
      await other.close();
    }
  });
});

describe('HTTP-level errors on /mcp use the contract error shape', () => {
  it.each(['GET', 'DELETE', 'PUT', 'PATCH'])('%s is 405 with Allow', async (method) => {
    const response = await send(method, {});
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('POST, OPTIONS');
    expectValid(errorBodySchema, response.body);
    expect(response.body.error.code).toBe('method_not_allowed');
  });

  it('answers a CORS preflight with 204', async () => {
    expect((await send('OPTIONS', { origin: 'http://localhost:3000' })).status).toBe(204);
  });

  it('refuses a body sent as another type, unread, with 415', async () => {
    const notJson = await send('POST', { 'content-type': 'text/plain' }, 'hello');
    expect(notJson.status).toBe(415);
    expect(notJson.body.error.code).toBe('bad_request');
  });

  const NOT_JSON = { code: -32700, message: 'Parse error: the body is not JSON.' };
  const NO_MESSAGE = {
    code: -32600,
    message: 'Invalid Request: a message is a JSON object, or a list of them.',
  };
  it.each([
    ['{"jsonrpc":', NOT_JSON],
    ['hello', NOT_JSON],
    ['{"a":1}}', NOT_JSON],
    ['[1,', NOT_JSON],
    ['"a string"', NO_MESSAGE],
    ['3', NO_MESSAGE],
    ['null', NO_MESSAGE],
    ['true', NO_MESSAGE],
  ])('answers the body %s, no message, with a JSON-RPC error of id null', async (text, error) => {
    const response = await send('POST', {}, text);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ jsonrpc: '2.0', id: null, error });
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('tells a browser that opens it what the endpoint is, still 405', async () => {
    const response = await send('GET', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('POST, OPTIONS');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(
      'add a remote MCP server with the URL <code>http://localhost:3000/mcp</code>',
    );
    // A client that reads JSON still gets the error body.
    const json = await send('GET', { accept: 'application/json' });
    expect([json.status, json.body.error.code]).toEqual([405, 'method_not_allowed']);
  });

  it('refuses a body that is too large with 413', async () => {
    const huge = JSON.stringify({ ...initializeMessage, padding: 'x'.repeat(2_000_000) });
    const response = await send('POST', {}, huge);
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe('bad_request');
  });
});

describe('requests the SDK cannot read are protocol errors, never internal ones', () => {
  // Found by fuzzing: the SDK answered these -32603 with zod's issue list as the message.
  it.each([
    ['initialize without params', { method: 'initialize' }],
    ['initialize without protocolVersion', { method: 'initialize', params: { capabilities: {} } }],
    ['resources/read without uri', { method: 'resources/read', params: {} }],
    ['completion/complete without ref', { method: 'completion/complete', params: {} }],
    [
      'prompts/get with an object argument',
      { method: 'prompts/get', params: { name: 'find_ai_seo_course', arguments: { a: {} } } },
    ],
    [
      'a resource URI with a bad %-escape',
      { method: 'resources/read', params: { uri: 'coursefinder://courses/%zz' } },
    ],
  ])('%s is -32602 with a short message', async (_name, request) => {
    const response = await send('POST', {}, JSON.stringify({ jsonrpc: '2.0', id: 7, ...request }));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32602, message: `Invalid params for ${request.method}.` },
    });
  });
});

describe('privacy', () => {
  it('never logs tool arguments or resource slugs, with every log level on', async () => {
    const logs = logCapture();
    const logged = await startTestApp({ logStream: logs.stream, env: { LOG_LEVEL: 'trace' } });
    const loud = await connect(logged.url);
    try {
      const marker = 'zzprivatemarker';
      await loud.callTool({ name: 'get_course', arguments: { slug: `${marker}-slug` } });
      await loud.callTool({
        name: 'recommend_courses',
        arguments: { experience: `${marker}-answer`, budget: 'free' },
      });
      await loud.callTool({ name: 'recommend_courses', arguments: { ...SAMPLE_ANSWERS } });
      await loud.callTool({ name: 'compare_courses', arguments: { courses: [`${marker}-a`] } });
      await loud.callTool({ name: 'search_courses', arguments: { sort: marker } });
      await loud.readResource({ uri: `coursefinder://courses/${marker}` }).catch(() => undefined);
      const log = logs.lines().join('\n');
      expect(log).toContain('Mapped {/mcp, POST} route');
      expect(log).not.toContain(marker);
      expect(log).not.toContain('brand_client');
    } finally {
      await loud.close();
      await logged.close();
    }
  });
});

describe('arguments nested deeper than any input takes', () => {
  /** The text of a JSON value nested `depth` levels (JSON.stringify itself overflows at such depths). */
  const nested = (depth: number, kind: 'array' | 'object') =>
    kind === 'array'
      ? `${'['.repeat(depth)}"x"${']'.repeat(depth)}`
      : `${'{"a":'.repeat(depth)}"x"${'}'.repeat(depth)}`;
  const ERAS: Record<string, Record<string, string>> = {
    '2025-11-25': { 'mcp-protocol-version': '2025-11-25' },
    '2026-07-28': { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call' },
  };

  /** What a request of revision 2026-07-28 carries in place of the initialize handshake. */
  const MODERN_META = `,"_meta":${JSON.stringify({
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
    'io.modelcontextprotocol/clientCapabilities': {},
  })}`;

  let logged: TestApp;
  const logs = logCapture();
  beforeAll(async () => {
    logged = await startTestApp({ logStream: logs.stream });
  });
  afterAll(() => logged.close());
  const errorLines = () => logs.lines().filter((line) => JSON.parse(line).level >= 50);

  const callWith = (era: string, tool: string, name: string, value: string) =>
    send(
      'POST',
      { ...ERAS[era], ...(era === '2026-07-28' ? { 'mcp-name': tool } : {}) },
      `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"${tool}","arguments":{"${name}":${value}}${era === '2026-07-28' ? MODERN_META : ''}}}`,
      logged.url,
    );

  describe.each(Object.keys(ERAS))('protocol %s', (era) => {
    it.each([
      ['compare_courses', 'courses', nested(800, 'array'), 'invalid_parameters'],
      ['search_courses', 'level', nested(600, 'object'), 'invalid_parameters'],
      ['recommend_courses', 'experience', nested(5, 'object'), 'invalid_answers'],
    ])(
      '%s: a %s nested hundreds deep is a tool error naming it, logging no error',
      async (tool, name, value, code) => {
        const response = await callWith(era, tool, name, value);
        expect(response.status).toBe(200);
        const { result } = response.body;
        expect(result.isError).toBe(true);
        const body = JSON.parse(result.content[0].text);
        expect(body.error.code).toBe(code);
        const problems = body.error.details.parameters ?? body.error.details.problems;
        expect(problems).toContainEqual(
          expect.objectContaining({ name, problem: 'nested too deeply' }),
        );
        expect(errorLines()).toEqual([]);
      },
    );

    it.each([
      ['get_course', 'slug', nested(20_000, 'array')],
      ['recommend_courses', 'experience', nested(3_000, 'object')],
    ])(
      '%s: a %s nested thousands deep is refused as invalid params, logging no error',
      async (tool, name, value) => {
        const response = await callWith(era, tool, name, value);
        expect(response.status).toBe(200);
        expect(response.body).toEqual({
          jsonrpc: '2.0',
          id: 3,
          error: {
            code: -32602,
            message: `Invalid params for tools/call: "${name}" is nested too deeply (a message nests at most 1000 levels).`,
          },
        });
        expect(errorLines()).toEqual([]);
      },
    );
  });

  it('a notification nested thousands deep is a 400 JSON-RPC invalid request, id null', async () => {
    const response = await send(
      'POST',
      {},
      `{"jsonrpc":"2.0","method":"notifications/x","params":{"a":${nested(20_000, 'array')}}}`,
      logged.url,
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32600,
        message: 'Invalid request: the message nests deeper than 1000 levels.',
      },
    });
    expect(errorLines()).toEqual([]);
  });
});
