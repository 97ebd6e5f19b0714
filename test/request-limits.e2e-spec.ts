import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { OUTPUT_DIR, startTestApp, type TestApp } from './support/app';
import { mcpCall } from './support/edge';

/**
 * Request-side limits (docs/api.md#query-parameters): every string input has a `maxLength` or an
 * enum and every array input a `maxItems`, in the OpenAPI document and the MCP tools alike, and
 * validation holds the same limits: a 10,000-character value is the contract's refusal (422, or 404
 * for a slug that cannot be a course), never a 500.
 */

const run = promisify(execFile);
const ROOT = join(__dirname, '..');
const LONG = 'x'.repeat(10_000);

let t: TestApp;
let doc: any;
beforeAll(async () => {
  t = await startTestApp();
  doc = await t.json('/api/v1/openapi.json');
});
afterAll(() => t.close());

/** A schema, or the component it refers to. */
const resolve = (schema: any) =>
  schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()] : schema;

/** Every parameter of every operation, its schema resolved. */
function parameters(): { path: string; name: string; in: string; schema: any }[] {
  return Object.entries(doc.paths as Record<string, any>).flatMap(([path, item]) =>
    (item.get.parameters as any[]).map((p) => ({
      path,
      name: p.name,
      in: p.in,
      schema: resolve(p.schema),
    })),
  );
}

describe('the OpenAPI document', () => {
  it('passes the OWASP ruleset for Spectral with no request-side string-limit or array-limit finding', async () => {
    mkdirSync(OUTPUT_DIR, { recursive: true });
    const file = join(OUTPUT_DIR, 'openapi-owasp.json');
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const cli = join(ROOT, 'node_modules/@stoplight/spectral-cli/dist/index.js');
    const ruleset = join(__dirname, 'support/spectral-owasp.yaml');
    const { stdout } = await run(
      process.execPath,
      [cli, 'lint', file, '--ruleset', ruleset, '--format', 'json', '--quiet'],
      { maxBuffer: 64 * 1024 * 1024 },
    ).catch((failure) => failure);
    const report = JSON.parse(stdout) as { code: string; path: string[] }[];
    // The ruleset ran: it has findings on the response side, which the service writes itself.
    expect(report.some((finding) => finding.code.endsWith('string-limit'))).toBe(true);
    // The component schemas parameters use, by name.
    const referenced = new Set(
      Object.values(doc.paths as Record<string, any>).flatMap((item) =>
        (item.get.parameters as any[]).flatMap((p) =>
          p.schema.$ref ? [p.schema.$ref.split('/').pop()] : [],
        ),
      ),
    );
    const requestSide = report.filter(
      ({ code, path }) =>
        /(string|array)-limit$/.test(code) &&
        ((path[0] === 'paths' && (path[3] === 'parameters' || path[3] === 'requestBody')) ||
          (path[0] === 'components' && path[1] === 'schemas' && referenced.has(path[2]))),
    );
    expect(requestSide.map(({ code, path }) => `${code} ${path.join('.')}`)).toEqual([]);
  });

  it('gives every string parameter a maxLength or an enum and every array one a maxItems', () => {
    const unboundedString = (schema: any) =>
      schema.type === 'string' && schema.maxLength === undefined && !schema.enum;
    const unbounded = parameters().filter(({ schema }) =>
      schema.type === 'array'
        ? schema.maxItems === undefined || unboundedString(resolve(schema.items))
        : unboundedString(schema),
    );
    expect(unbounded.map(({ path, name }) => `${path} ${name}`)).toEqual([]);
  });
});

describe('a value past the limit', () => {
  const queryParameters = () => parameters().filter((p) => p.in === 'query');

  it.each([
    ['/api/v1/courses', 'level'],
    ['/api/v1/courses', 'sort'],
    ['/api/v1/courses', 'community_only'],
    ['/api/v1/courses', 'not_a_parameter'],
    ['/api/v1/comparisons', 'courses'],
    ['/api/v1/finder/questions', 'anything'],
  ])('%s?%s=<10,000 characters> is 422 invalid_parameters', async (path, name) => {
    const response = await t.get(`${path}?${name}=${LONG}`);
    expect(response.status).toBe(422);
    const body = (await response.json()) as any;
    expect(body.error.code).toBe('invalid_parameters');
    expect(body.error.details.parameters.map((p: any) => p.name)).toContain(name);
    // The value is echoed, cut short.
    expect(JSON.stringify(body).length).toBeLessThan(2000);
  });

  it('every query parameter of the document refuses a 10,000-character value', async () => {
    expect(queryParameters().length).toBeGreaterThan(8);
    for (const { path, name } of queryParameters()) {
      const response = await t.get(`/api/v1${path}?${name}=${LONG}`);
      expect([path, name, response.status]).toEqual([path, name, 422]);
    }
  });

  it('a string one character over its maxLength is refused, one at it is not refused for length', async () => {
    const compare = (slugs: string[]) => t.json(`/api/v1/comparisons?courses=${slugs.join(',')}`);
    const max = parameters().find((p) => p.name === 'courses')!.schema.items.maxLength;
    const atMax = await compare(['a'.repeat(max), 'answer-engine-foundations']);
    expect(atMax.error.code).toBe('not_found');
    const over = await compare(['a'.repeat(max + 1), 'answer-engine-foundations']);
    expect(over.error.code).toBe('invalid_parameters');
  });

  it('/api/v1/recommendations with a 10,000-character answer is 422 invalid_answers', async () => {
    const response = await t.get(`/api/v1/recommendations?experience=${LONG}`);
    expect(response.status).toBe(422);
    expect(((await response.json()) as any).error.code).toBe('invalid_answers');
  });

  it('a 10,000-character slug is no course: 404 not_found, as a malformed one', async () => {
    const response = await t.get(`/api/v1/courses/${LONG}`);
    expect(response.status).toBe(404);
    const body = (await response.json()) as any;
    expect(body.error.code).toBe('not_found');
    expect(body.error.message.length).toBeLessThan(200);
  });

  it.each([
    ['search_courses', 'invalid_parameters', { level: LONG }],
    ['compare_courses', 'invalid_parameters', { courses: [LONG, 'answer-engine-foundations'] }],
    ['get_course', 'not_found', { slug: LONG }],
    ['recommend_courses', 'invalid_answers', { experience: LONG }],
  ])(
    'the MCP tool %s given a 10,000-character value: a tool error, %s',
    async (name, code, args) => {
      const response = await t.get('/mcp', mcpCall(name, args));
      expect(response.status).toBe(200);
      const { result } = (await response.json()) as any;
      expect(result.isError).toBe(true);
      expect(JSON.parse(result.content[0].text).error.code).toBe(code);
    },
  );

  it('the MCP tools advertise the same limits: an enum or maxLength on every string, maxItems on every array', async () => {
    const response = await t.get('/mcp', {
      ...mcpCall('unused', {}),
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    const { tools } = ((await response.json()) as any).result;
    const unbounded = tools.flatMap((tool: any) =>
      Object.entries(tool.inputSchema.properties as Record<string, any>)
        .filter(([, schema]) =>
          schema.type === 'array'
            ? schema.maxItems === undefined || schema.items.maxLength === undefined
            : schema.type === 'string' && schema.maxLength === undefined && !schema.enum,
        )
        .map(([name]) => `${tool.name} ${name}`),
    );
    expect(tools.length).toBe(7);
    expect(unbounded).toEqual([]);
  });
});
