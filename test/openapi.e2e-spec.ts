import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { courseSchema } from '../src/catalog/course.schema';
import {
  BUDGET_BANDS,
  FRESHNESS,
  LEARNING_STYLES,
  LEVELS,
  OPERATING_MODELS,
  QUESTIONS,
  SORT_LABELS,
  SORTS,
  TOPIC_LABELS,
  TOPICS,
} from '../src/catalog/vocabulary';
import { comparisonSchema } from '../src/comparisons/comparisons.schema';
import { metaSchema } from '../src/core/envelope.schema';
import { finderQuestionsSchema } from '../src/finder/finder.schema';
import { methodologySchema } from '../src/catalog/methodology.schema';
import { recommendationSchema } from '../src/recommendations/recommendation.schema';
import { OpenApiDocument } from '../src/openapi/openapi.controller';
import { OUTPUT_DIR, startTestApp, type TestApp } from './support/app';

const run = promisify(execFile);
const ROOT = join(__dirname, '..');
const OFFLINE = {
  ...process.env,
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
};
// A reserved test domain: the lint rule against example.com/localhost servers applies to real deployments.
const PUBLIC_URL = 'https://course-finder.test';

let t: TestApp;
let doc: any;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL } });
  doc = await t.json('/api/v1/openapi.json');
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );
const operation = (id: string) => operations().find((o) => o.operation.operationId === id)!;
const parameters = (id: string) =>
  Object.fromEntries(
    operation(id).operation.parameters.map((p: any) => [`${p.in}:${p.name}`, p]),
  ) as Record<string, any>;

/** Every schema object in the document, for checks that must hold everywhere. */
function* schemasIn(node: unknown): Generator<Record<string, any>> {
  if (Array.isArray(node)) for (const item of node) yield* schemasIn(item);
  else if (node && typeof node === 'object') {
    yield node as Record<string, any>;
    for (const [key, value] of Object.entries(node))
      if (!key.startsWith('x-')) yield* schemasIn(value);
  }
}

describe('GET /api/v1/openapi.json', () => {
  it('is the document itself (no envelope), OpenAPI 3.1, version 1.0.0, servers from PUBLIC_URL', async () => {
    const response = await t.get('/api/v1/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: '1.0.0' });
    expect(doc.info.license).toEqual({ name: 'MIT', url: expect.stringMatching(/^https:/) });
    expect(doc.servers).toEqual([{ url: `${PUBLIC_URL}/api/v1`, description: expect.any(String) }]);
    expect(doc.security).toEqual([]);
    expect(doc).not.toHaveProperty('data');
    // The contract checks of every e2e test use the same document, taken in-process.
    expect(doc).toEqual(JSON.parse(JSON.stringify(t.app.get(OpenApiDocument).get())));
  });

  it("describes the service's rules 1 to 8 in the description, with this deployment's URLs", () => {
    const lines = (doc.info.description as string).split('\n');
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8])
      expect(lines.some((l) => l.startsWith(`${n}. `))).toBe(true);
    for (const text of [
      'editorial_pick',
      'meta.citation',
      'not stored or logged',
      'never guessed',
      'commission',
    ]) {
      expect(doc.info.description).toContain(text);
    }
    expect(doc.info.description).toContain(`${PUBLIC_URL}/ai-seo-courses.json`);
    expect(doc.info.description).toContain(`${PUBLIC_URL}/api/v1/openapi.json`);
  });

  it('has exactly the six operations, GET only, with summary, description and tag', () => {
    expect(
      operations()
        .map((o) => [o.method, o.path, o.operation.operationId])
        .sort(),
    ).toEqual(
      [
        ['get', '/courses', 'searchCourses'],
        ['get', '/courses/{slug}', 'getCourse'],
        ['get', '/recommendations', 'recommendCourses'],
        ['get', '/comparisons', 'compareCourses'],
        ['get', '/finder/questions', 'getFinderQuestions'],
        ['get', '/methodology', 'getMethodology'],
      ].sort(),
    );
    for (const { operation } of operations()) {
      expect(operation.summary).toEqual(expect.any(String));
      expect(operation.description.length).toBeGreaterThan(40);
      expect(doc.tags.map((tag: any) => tag.name)).toEqual(expect.arrayContaining(operation.tags));
    }
  });

  it('lists every parameter with its enum, labels and required exactly as the spec says', () => {
    const search = parameters('searchCourses');
    expect(Object.keys(search).sort()).toEqual(
      ['community_only', 'include_inactive', 'level', 'price_band', 'sort', 'specialty']
        .map((name) => `query:${name}`)
        .concat('header:If-None-Match')
        .sort(),
    );
    for (const p of Object.values(search)) expect(p.required).toBe(false);
    expect(search['query:level'].schema.enum).toEqual(LEVELS);
    expect(search['query:specialty'].schema.enum).toEqual(TOPICS);
    expect(search['query:price_band'].schema.enum).toEqual(BUDGET_BANDS);
    expect(search['query:sort'].schema.enum).toEqual(SORTS);
    // Booleans as booleans (the server also takes `1` and `0`, as the description says).
    for (const name of ['community_only', 'include_inactive']) {
      expect(search[`query:${name}`].schema).toEqual({ type: 'boolean' });
      expect(search[`query:${name}`].description).toContain('`true` or `1`, `false` or `0`');
    }
    expect(search['query:specialty']['x-enumDescriptions']).toEqual(TOPIC_LABELS);
    expect(search['query:sort']['x-enum-descriptions']).toEqual(SORTS.map((s) => SORT_LABELS[s]));
    expect(search['query:level'].description).toContain('`advanced` = Advanced / Operator');
    expect(search['query:price_band'].description).toContain('`100_500` = $100–$500');

    const answers = parameters('recommendCourses');
    const expected = {
      experience: LEVELS,
      objective: TOPICS,
      learning_style: LEARNING_STYLES,
      freshness: FRESHNESS,
      budget: BUDGET_BANDS,
      operating_model: OPERATING_MODELS,
    };
    for (const [name, values] of Object.entries(expected)) {
      const p = answers[`query:${name}`];
      expect(p).toMatchObject({ required: true, schema: { enum: values } });
      expect(p['x-enumDescriptions']).toEqual(QUESTIONS[name as keyof typeof QUESTIONS].values);
      expect(p.description).toContain(QUESTIONS[name as keyof typeof QUESTIONS].question);
    }
    expect(answers['query:learning_style'].description).toContain(
      '`no_preference` = No preference (not weighted)',
    );

    // A comma-separated list: an array in `form` style, not exploded.
    expect(parameters('compareCourses')['query:courses']).toMatchObject({
      required: true,
      style: 'form',
      explode: false,
      schema: { type: 'array', minItems: 2, maxItems: 3 },
      description: expect.stringContaining('2 to 3'),
    });
    expect(parameters('getCourse')['path:slug']).toMatchObject({
      required: true,
      schema: { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' },
    });
    for (const id of ['getFinderQuestions', 'getMethodology']) {
      expect(Object.keys(parameters(id))).toEqual(['header:If-None-Match']);
    }
  });

  it('declares the responses the spec lists, each with its schema and headers', () => {
    const errorsOf: Record<string, string[]> = {
      searchCourses: ['422'],
      getCourse: ['404', '422'],
      recommendCourses: ['422'],
      compareCourses: ['404', '422'],
      getFinderQuestions: ['422'],
      getMethodology: ['422'],
    };
    const okSchemaOf: Record<string, string> = {
      searchCourses: 'CourseListResponse',
      getCourse: 'CourseResponse',
      recommendCourses: 'RecommendationResponse',
      compareCourses: 'ComparisonResponse',
      getFinderQuestions: 'FinderQuestionsResponse',
      getMethodology: 'MethodologyResponse',
    };
    const headers = (response: any) => Object.keys(response.headers ?? {}).sort();
    const schemaOf = (response: any) => response.content?.['application/json']?.schema?.$ref;
    for (const [id, errors] of Object.entries(errorsOf)) {
      const responses = operation(id).operation.responses;
      expect(Object.keys(responses).sort()).toEqual(['200', '304', '429', '500', ...errors].sort());
      expect(schemaOf(responses['200'])).toBe(`#/components/schemas/${okSchemaOf[id]}`);
      expect(headers(responses['200'])).toEqual([
        'Cache-Control',
        'ETag',
        'RateLimit',
        'RateLimit-Policy',
      ]);
      expect(responses['304'].content).toBeUndefined();
      expect(headers(responses['304'])).toEqual([
        'Cache-Control',
        'ETag',
        'RateLimit',
        'RateLimit-Policy',
      ]);
      for (const status of [...errors, '429', '500']) {
        expect(schemaOf(responses[status])).toBe('#/components/schemas/Error');
      }
      expect(headers(responses['429'])).toEqual([
        'Cache-Control',
        'RateLimit',
        'RateLimit-Policy',
        'Retry-After',
      ]);
      expect(operation(id).operation.responses['200'].headers.ETag.$ref).toBe(
        '#/components/headers/ETag',
      );
    }
    expect(doc.components.headers['Retry-After'].schema).toMatchObject({
      type: 'integer',
      minimum: 1,
    });
  });

  it("holds the envelopes' exact members, closed objects and nullable fields in 3.1 form", () => {
    const s = doc.components.schemas;
    const membersOf = (schema: any) => Object.keys(schema.properties).sort();
    for (const name of [
      'CourseListResponse',
      'CourseResponse',
      'RecommendationResponse',
      'ComparisonResponse',
      'FinderQuestionsResponse',
      'MethodologyResponse',
    ]) {
      expect({ name, members: membersOf(s[name]), required: s[name].required.sort() }).toEqual({
        name,
        members: ['data', 'meta'],
        required: ['data', 'meta'],
      });
      expect(s[name].properties.meta).toEqual({ $ref: '#/components/schemas/Meta' });
    }
    // The components are the service's zod schemas, member for member.
    const shapes = {
      Course: courseSchema,
      Meta: metaSchema,
      Comparison: comparisonSchema,
      FinderQuestions: finderQuestionsSchema,
      Methodology: methodologySchema,
      Recommendation: recommendationSchema,
    };
    for (const [name, schema] of Object.entries(shapes)) {
      expect({ name, members: membersOf(s[name]) }).toEqual({
        name,
        members: Object.keys(schema.shape).sort(),
      });
    }
    expect(s.Meta.required).not.toContain('count');
    expect(s.Course.properties.price.properties.first_year_cost_usd).toEqual({
      anyOf: [{ type: 'number', minimum: 0 }, { type: 'null' }],
    });
    expect(s.Course.properties.description).toEqual({ type: ['string', 'null'] });

    const all = [...schemasIn(doc.components.schemas)];
    const objects = all.filter((node) => node.type === 'object' && node.properties);
    expect(objects.length).toBeGreaterThan(20);
    for (const node of objects) expect(node.additionalProperties).toBe(false);
    expect(all.filter((node) => 'nullable' in node)).toEqual([]);
  });

  it('leaves out what is not the REST API', () => {
    expect(
      Object.keys(doc.paths).filter(
        (path) =>
          !path.startsWith('/courses') &&
          !['/recommendations', '/comparisons', '/finder/questions', '/methodology'].includes(path),
      ),
    ).toEqual([]);
    expect(JSON.stringify(doc.paths)).not.toMatch(
      /mcp|healthz|readyz|metrics|openapi\.json|\/docs/,
    );
  });

  describe('validation', () => {
    const file = join(OUTPUT_DIR, 'openapi.json');
    beforeAll(() => {
      mkdirSync(OUTPUT_DIR, { recursive: true });
      writeFileSync(file, JSON.stringify(doc, null, 2));
    });

    it('is valid OpenAPI 3.1 by @seriousme/openapi-schema-validator', async () => {
      const cli = join(
        ROOT,
        'node_modules/@seriousme/openapi-schema-validator/bin/validate-api-cli.js',
      );
      const { stdout } = await run(process.execPath, [cli, file]).catch((failure) => failure);
      expect(JSON.parse(stdout)).toEqual({ valid: true });
    });

    it('passes `redocly lint` (recommended rules, offline) with no errors and no warnings', async () => {
      const cli = join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
      const config = join(__dirname, 'support/redocly.yaml');
      const { stdout } = await run(
        process.execPath,
        [cli, 'lint', file, '--config', config, '--format', 'json'],
        { env: OFFLINE },
      ).catch((failure) => failure);
      const report = JSON.parse(stdout);
      const problems = report.problems.map((p: any) => `${p.severity} ${p.ruleId}: ${p.message}`);
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    });
  });
});

describe('Swagger UI at /api/v1/docs', () => {
  it('serves the viewer and its assets, which load the served document, compressed once', async () => {
    const page = await t.get('/api/v1/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('swagger-ui-bundle.js');
    expect(html).not.toMatch(/<script>/);
    for (const asset of ['swagger-ui.css', 'swagger-ui-bundle.js', 'start.js']) {
      const response = await t.get(`/api/v1/docs/${asset}`);
      expect({ asset, status: response.status }).toEqual({ asset, status: 200 });
      expect(response.headers.get('etag')).toMatch(/^"/);
    }
    const bundle = await t.get('/api/v1/docs/swagger-ui-bundle.js', {
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(bundle.headers.get('content-encoding')).toBe('br');
    const start = await (await t.get('/api/v1/docs/start.js')).text();
    expect(start).toContain("url: '/api/v1/openapi.json'");
    expect((await t.get('/api/v1/docs/package.json')).status).toBe(404);
  });

  it('is read-only like every other path: POST is 405 with the error body', async () => {
    const response = await t.get('/api/v1/docs', { method: 'POST' });
    expect(response.status).toBe(405);
    expect(((await response.json()) as any).error.code).toBe('method_not_allowed');
  });
});
