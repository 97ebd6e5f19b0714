import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { z } from 'zod';
import { courseSchema } from '../src/catalog/course.schema';
import { QUESTIONS } from '../src/catalog/vocabulary';
import { comparisonSchema } from '../src/comparisons/comparisons.responses';
import { listMetaSchema, metaSchema } from '../src/core/envelope.schema';
import { finderQuestionsSchema } from '../src/finder/finder.responses';
import { methodologySchema } from '../src/catalog/methodology.schema';
import { recommendationSchema } from '../src/recommendations/recommendations.responses';
import { OpenApiDocument } from '../src/openapi/openapi.controller';
import { OUTPUT_DIR, startTestApp, type TestApp } from './support/app';
import { VOCABULARIES } from './support/schemas';

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

  it('has exactly the eleven operations, GET only, with summary, description and tag', () => {
    expect(
      operations()
        .map((o) => [o.method, o.path, o.operation.operationId])
        .sort(),
    ).toEqual(
      [
        ['get', '/courses', 'searchCourses'],
        ['get', '/courses/{slug}', 'getCourse'],
        ['get', '/recommendations', 'recommendCourses'],
        ['get', '/recommendations/fit', 'checkCourseFit'],
        ['get', '/comparisons', 'compareCourses'],
        ['get', '/finder/questions', 'getFinderQuestions'],
        ['get', '/facets', 'getFacets'],
        ['get', '/suggestions', 'getSuggestions'],
        ['get', '/glossary', 'getGlossary'],
        ['get', '/methodology', 'getMethodology'],
        ['get', '/changes', 'getChanges'],
      ].sort(),
    );
    for (const { operation } of operations()) {
      expect(operation.summary).toEqual(expect.any(String));
      expect(operation.description.length).toBeGreaterThan(40);
      expect(doc.tags.map((tag: any) => tag.name)).toEqual(expect.arrayContaining(operation.tags));
    }
  });

  it('lists every parameter with its vocabulary, labels and required exactly as the spec says', () => {
    const search = parameters('searchCourses');
    expect(Object.keys(search).sort()).toEqual(
      [
        'community_only',
        'include_inactive',
        'level',
        'price_band',
        'sort',
        'specialty',
        'q',
        'limit',
        'cursor',
      ]
        .map((name) => `query:${name}`)
        .concat('header:If-None-Match')
        .sort(),
    );
    for (const p of Object.values(search)) expect(p.required).toBe(false);
    const refTo = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    // Several values: a comma-separated list, an array in `form` style, not exploded, of the
    // vocabulary the bodies use, so that a generated client sends `level=a,b`.
    for (const [name, component, most] of [
      ['level', 'Level', 3],
      ['specialty', 'Topic', 7],
      ['price_band', 'BudgetBand', 4],
    ] as const) {
      expect(search[`query:${name}`]).toMatchObject({
        style: 'form',
        explode: false,
        schema: {
          type: 'array',
          items: refTo(component),
          minItems: 1,
          maxItems: most,
          uniqueItems: true,
        },
      });
    }
    expect(search['query:sort'].schema).toEqual(refTo('Sort'));
    // Booleans as booleans (the server also takes `1` and `0`, as the description says).
    for (const name of ['community_only', 'include_inactive']) {
      expect(search[`query:${name}`].schema).toEqual({ type: 'boolean' });
      expect(search[`query:${name}`].description).toContain('`true` or `1`, `false` or `0`');
    }
    expect(search['query:level'].description).toContain('`advanced` = Advanced / Operator');
    expect(search['query:price_band'].description).toContain('`100_500` = $100–$500');
    expect(search['query:sort'].description).toContain('`geo-desc` = AI/GEO focus highest');
    // Words to search for, and pages.
    expect(search['query:q'].schema).toEqual({ type: 'string', minLength: 1, maxLength: 200 });
    expect(search['query:limit'].schema).toEqual({ type: 'integer', minimum: 1, maximum: 100 });
    expect(search['query:cursor'].schema).toMatchObject({ type: 'string', maxLength: 200 });

    const answers = parameters('recommendCourses');
    const expected = {
      experience: 'Level',
      objective: 'Topic',
      learning_style: 'LearningStyle',
      freshness: 'Freshness',
      budget: 'BudgetBand',
      operating_model: 'OperatingModel',
    };
    for (const [name, component] of Object.entries(expected)) {
      const p = answers[`query:${name}`];
      expect(p).toMatchObject({ required: true, schema: refTo(component) });
      const { question, values } = QUESTIONS[name as keyof typeof QUESTIONS];
      expect(p.description).toContain(question);
      const labels = doc.components.schemas[component]['x-enum-descriptions'];
      expect(
        Object.fromEntries(
          doc.components.schemas[component].enum.map((v: string, i: number) => [v, labels[i]]),
        ),
      ).toEqual(values);
    }
    expect(answers['query:learning_style'].description).toContain(
      '`no_preference` = No preference (not weighted)',
    );

    // A comma-separated list: an array in `form` style, not exploded, of 2 to 3 unique slugs.
    expect(parameters('compareCourses')['query:courses']).toMatchObject({
      required: true,
      style: 'form',
      explode: false,
      schema: {
        type: 'array',
        minItems: 2,
        maxItems: 3,
        uniqueItems: true,
        items: { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', maxLength: 100 },
      },
      description: expect.stringContaining('2 to 3'),
    });
    expect(parameters('getCourse')['path:slug']).toMatchObject({
      required: true,
      schema: { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', maxLength: 100 },
    });
    for (const id of ['getFinderQuestions', 'getMethodology']) {
      expect(Object.keys(parameters(id))).toEqual(['header:If-None-Match']);
    }
  });

  it('names each vocabulary once, as zod writes it, and every enum of the document refers to it', () => {
    const s = doc.components.schemas;
    expect(VOCABULARIES.length).toBe(17);
    for (const { schema, id } of VOCABULARIES) {
      const { $defs } = z.toJSONSchema(schema, { target: 'draft-2020-12' }) as any;
      expect({ id, component: s[id] }).toEqual({ id, component: $defs[id] });
      expect(s[id].description).toEqual(expect.any(String));
    }
    // No enum is written anywhere but in its component: one generated type per vocabulary.
    const inline = Object.entries(s).flatMap(([name, component]) =>
      [...schemasIn(component)]
        .filter((node) => 'enum' in node && node !== component)
        .map(() => name),
    );
    expect(inline).toEqual([]);
    expect([...schemasIn(doc.paths)].filter((node) => 'enum' in node)).toEqual([]);
    const sets = Object.values(s)
      .filter((component: any) => 'enum' in component)
      .map((component: any) => JSON.stringify(component.enum));
    expect(new Set(sets).size).toBe(sets.length);
    // Labels in one extension, one per value.
    for (const component of Object.values(s) as any[]) {
      expect(component['x-enumDescriptions']).toBeUndefined();
      if (component['x-enum-descriptions']) {
        expect(component['x-enum-descriptions']).toHaveLength(component.enum.length);
      }
    }
  });

  it('gives the same integer bounds wherever a field occurs, and none that is not real', () => {
    const s = doc.components.schemas;
    const percent = { type: 'integer', minimum: 0, maximum: 99 };
    expect(s.RecommendationResult.properties.match_percent).toMatchObject(percent);
    expect(s.Recommendation.properties.match_threshold).toMatchObject(percent);
    expect(s.Methodology.properties.match_threshold).toMatchObject(percent);
    for (const owner of [s.Recommendation, s.Methodology]) {
      expect(owner.properties.result_limit).toMatchObject({ type: 'integer', minimum: 1 });
    }
    expect(s.ListMeta.properties.count).toMatchObject({ type: 'integer', minimum: 0 });
    expect(s.Meta.properties.count).toEqual(s.ListMeta.properties.count);
    expect(s.Course.properties.topic_coverage.properties.geo).toMatchObject({
      type: 'integer',
      minimum: 0,
      maximum: 5,
    });
    // zod's ±(2^53 − 1) is JavaScript's safe range, not a bound of the API.
    expect(JSON.stringify(doc)).not.toMatch(/9007199254740991/);
  });

  it('describes every schema and every property where the shape is defined', () => {
    const s = doc.components.schemas;
    const missing: string[] = [];
    for (const [name, component] of Object.entries(s) as [string, any][]) {
      if (!component.description) missing.push(name);
      for (const node of schemasIn(component)) {
        for (const [property, schema] of Object.entries((node.properties ?? {}) as object)) {
          const target = schema.$ref ? s[schema.$ref.split('/').pop()] : undefined;
          if (!schema.description && !target?.description) missing.push(`${name}.${property}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('declares the responses the spec lists, each error with its own typed schema, and the headers', () => {
    const errorsOf: Record<string, Record<string, string>> = {
      searchCourses: { '422': 'InvalidParametersError' },
      getCourse: { '404': 'UnknownCoursesError', '422': 'InvalidParametersError' },
      recommendCourses: { '422': 'InvalidAnswersError' },
      compareCourses: { '404': 'UnknownCoursesError', '422': 'InvalidParametersError' },
      getFinderQuestions: { '422': 'InvalidParametersError' },
      getMethodology: { '422': 'InvalidParametersError' },
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
    const everyResponse = ['RateLimit', 'RateLimit-Policy', 'X-Request-Id'];
    for (const [id, errors] of Object.entries(errorsOf)) {
      const responses = operation(id).operation.responses;
      expect(Object.keys(responses).sort()).toEqual(
        ['200', '304', '429', '500', 'default', ...Object.keys(errors)].sort(),
      );
      expect(schemaOf(responses['200'])).toBe(`#/components/schemas/${okSchemaOf[id]}`);
      // A page of courses and a comparison say where related resources are, in `Link`; a search
      // how many courses it finds in all. A 304 carries them too.
      const own =
        { searchCourses: ['Link', 'X-Total-Count'], compareCourses: ['Link'] }[id as string] ?? [];
      for (const status of ['200', '304']) {
        expect(headers(responses[status])).toEqual(
          ['Cache-Control', 'ETag', ...own, ...everyResponse].sort(),
        );
      }
      expect(responses['304'].content).toBeUndefined();
      const typed = { ...errors, '429': 'RateLimitedError', '500': 'InternalError' };
      for (const [status, schema] of Object.entries(typed)) {
        expect({ id, status, schema: schemaOf(responses[status]) }).toEqual({
          id,
          status,
          schema: `#/components/schemas/${schema}`,
        });
        expect(headers(responses[status])).toEqual(
          ['Cache-Control', ...everyResponse, ...(status === '429' ? ['Retry-After'] : [])].sort(),
        );
      }
      expect(responses.default.content['application/json'].schema).toEqual({
        anyOf: [
          { $ref: '#/components/schemas/BadRequestError' },
          { $ref: '#/components/schemas/MethodNotAllowedError' },
        ],
      });
      expect(responses.default.description).toMatch(/400, 408, 413, 414 or 431.*405/);
      expect(headers(responses.default)).toEqual(
        ['Allow', 'Cache-Control', ...everyResponse].sort(),
      );
    }
    expect(doc.components.headers['Retry-After'].schema).toMatchObject({
      type: 'integer',
      minimum: 1,
    });
    expect(doc.components.schemas.Error).toBeUndefined();
  });

  it('types each error: `code` a constant, `details` its own closed shape, nothing unknown', () => {
    const s = doc.components.schemas;
    const codeOf = (name: string) => s[name].properties.error.properties.code;
    const detailsOf = (name: string) => s[name].properties.error.properties.details;
    expect(codeOf('InvalidParametersError')).toMatchObject({ const: 'invalid_parameters' });
    expect(codeOf('InvalidAnswersError')).toMatchObject({ const: 'invalid_answers' });
    expect(codeOf('UnknownCoursesError')).toMatchObject({ const: 'not_found' });
    for (const [name, code] of [
      ['RateLimitedError', 'rate_limited'],
      ['MethodNotAllowedError', 'method_not_allowed'],
      ['BadRequestError', 'bad_request'],
      ['InternalError', 'internal_error'],
    ]) {
      expect(codeOf(name)).toMatchObject({ const: code });
      expect(s[name].properties.error.required).toEqual(['code', 'message']);
      expect(detailsOf(name)).toBeUndefined();
    }
    expect(s.ParameterProblem.properties.allowed_values).toMatchObject({
      type: 'array',
      items: { type: 'string' },
    });
    expect(detailsOf('UnknownCoursesError')).toMatchObject({
      required: ['missing', 'near_slugs'],
      properties: {
        missing: { type: 'array', minItems: 1, items: { type: 'string', maxLength: 100 } },
        near_slugs: {
          type: 'array',
          maxItems: 3,
          items: { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' },
        },
      },
    });
    expect(s.AnswerOptions.properties.experience).toMatchObject({
      type: 'array',
      items: { $ref: '#/components/schemas/Level' },
    });
    // Every error schema is closed all the way down: no open object, no untyped value.
    const open: string[] = [];
    for (const name of Object.keys(s).filter((n) => n.endsWith('Error'))) {
      const seen = new Set<string>();
      const walk = (schema: any, at: string) => {
        if (schema.$ref) {
          const target = schema.$ref.split('/').pop();
          if (!seen.has(target)) {
            seen.add(target);
            walk(s[target], `${at}→${target}`);
          }
          return;
        }
        if (Object.keys(schema).every((key) => key === 'description')) open.push(`${at}: any`);
        if (schema.type === 'object' && schema.additionalProperties !== false) open.push(at);
        for (const [key, sub] of Object.entries<any>(schema.properties ?? {}))
          walk(sub, `${at}.${key}`);
        for (const sub of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) walk(sub, at);
        if (schema.items) walk(schema.items, `${at}[]`);
      };
      walk(s[name], name);
    }
    expect(open).toEqual([]);
  });

  it('fills info.contact with the service and its site', () => {
    expect(doc.info.contact).toEqual({
      name: 'Course Finder',
      url: `${PUBLIC_URL}/ai-seo-courses`,
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
      expect(s[name].properties.meta).toEqual({
        $ref: `#/components/schemas/${name === 'CourseListResponse' ? 'ListMeta' : 'Meta'}`,
      });
    }
    // The components are the service's zod schemas, member for member.
    const shapes = {
      Course: courseSchema,
      Meta: metaSchema,
      ListMeta: listMetaSchema,
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
    expect(s.ListMeta.required).toContain('count');
    expect(s.Course.properties.price.properties.first_year_cost_usd).toMatchObject({
      anyOf: [{ type: 'number', minimum: 0 }, { type: 'null' }],
    });
    expect(s.Course.properties.description).toMatchObject({ type: ['string', 'null'] });

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
          ![
            '/recommendations',
            '/recommendations/fit',
            '/comparisons',
            '/finder/questions',
            '/methodology',
            '/facets',
            '/suggestions',
            '/glossary',
            '/changes',
          ].includes(path),
      ),
    ).toEqual([]);
    // What the operations say, leaving out the examples (bodies, which link the document itself).
    const described = JSON.stringify(doc.paths, (key, value) =>
      key === 'examples' || key === 'example' ? undefined : value,
    );
    expect(described).not.toMatch(/mcp|healthz|readyz|metrics|openapi\.json|\/docs/);
  });

  describe('examples', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const ID = 'https://openapi.test/openapi.json';
    beforeAll(() => ajv.addSchema(doc, ID));
    const pointer = (...segments: string[]) =>
      `${ID}#/${segments
        .map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1'))
        .map(encodeURIComponent)
        .join('/')}`;
    const problems = (at: string, value: unknown) => {
      const validate = ajv.compile({ $ref: at });
      return validate(value)
        ? []
        : validate.errors!.map((e) => `${at} ${e.instancePath} ${e.message}`);
    };

    /** Every example of the document, with the pointer to the schema it must satisfy. */
    function examples() {
      const found: { where: string; schema: string; value: unknown }[] = [];
      for (const { path, method, operation: op } of operations()) {
        for (const [status, response] of Object.entries<any>(op.responses)) {
          for (const [type, media] of Object.entries<any>(response.content ?? {})) {
            const schema = pointer(
              'paths',
              path,
              method,
              'responses',
              status,
              'content',
              type,
              'schema',
            );
            for (const [name, example] of Object.entries<any>(media.examples ?? {}))
              found.push({
                where: `${op.operationId} ${status} ${name}`,
                schema,
                value: example.value,
              });
          }
        }
        op.parameters.forEach((parameter: any, i: number) => {
          if ('example' in parameter) {
            const schema = pointer('paths', path, method, 'parameters', String(i), 'schema');
            found.push({
              where: `${op.operationId} ${parameter.name}`,
              schema,
              value: parameter.example,
            });
          }
        });
      }
      // `examples` of schemas and headers, wherever they are.
      const walk = (node: unknown, at: string[]) => {
        if (Array.isArray(node)) node.forEach((item, i) => walk(item, [...at, String(i)]));
        else if (node && typeof node === 'object') {
          for (const [key, value] of Object.entries(node)) {
            if (key === 'examples' && Array.isArray(value) && at.at(-1) !== 'content')
              value.forEach((v, i) =>
                found.push({
                  where: `${at.join('/')} examples/${i}`,
                  schema: pointer(...at),
                  value: v,
                }),
              );
            else if (!key.startsWith('x-') && key !== 'paths') walk(value, [...at, key]);
          }
        }
      };
      walk(doc.components, ['components']);
      return found;
    }

    it('are given for every response with a body: the 200 and one per error', () => {
      for (const { operation: op } of operations()) {
        for (const [status, response] of Object.entries<any>(op.responses)) {
          const media = response.content?.['application/json'];
          if (status === '304') continue;
          expect({
            id: op.operationId,
            status,
            examples: Object.keys(media?.examples ?? {}).length > 0,
          }).toEqual({
            id: op.operationId,
            status,
            examples: true,
          });
          expect(media.example).toBeUndefined();
        }
      }
      expect(examples().length).toBeGreaterThan(60);
    });

    it('each validate against their own schema', () => {
      expect(examples().flatMap(({ schema, value }) => problems(schema, value))).toEqual([]);
    });

    it("are the service's own answers to the requests they name", async () => {
      let compared = 0;
      for (const { operation: op } of operations()) {
        for (const [status, response] of Object.entries<any>(op.responses)) {
          for (const example of Object.values<any>(
            response.content?.['application/json']?.examples ?? {},
          )) {
            const request = /`GET (\S+)`/.exec(example.description ?? '')?.[1];
            if (!request) continue;
            const answer = await t.get(`/api/v1${request}`);
            expect({ request, status: answer.status }).toEqual({ request, status: Number(status) });
            const body = (await answer.json()) as any;
            const shown = example.value.data;
            if (
              Array.isArray(shown) &&
              Array.isArray(body.data) &&
              shown.length < body.data.length
            ) {
              expect(example.description).toContain(`first ${shown.length} items`);
              body.data = body.data.slice(0, shown.length);
            }
            expect({ request, body: example.value }).toEqual({ request, body });
            compared++;
          }
        }
      }
      // Every 200, 404 and 422: 11 + 4 (getCourse, compareCourses, checkCourseFit, getChanges) + 11.
      expect(compared).toBe(26);
      const list =
        operation('searchCourses').operation.responses['200'].content['application/json'].examples
          .ok.value;
      expect(list.data.length).toBeLessThan(list.meta.count);
    });

    it('fill no parameter: the viewer\'s "Try it out" sends only what is typed', () => {
      const filled = operations().flatMap(({ operation: op }) =>
        (op.parameters ?? [])
          .filter(
            (p: any) =>
              'example' in p ||
              'examples' in p ||
              'example' in (p.schema ?? {}) ||
              'examples' in (p.schema ?? {}) ||
              'default' in (p.schema ?? {}),
          )
          .map((p: any) => `${op.operationId} ${p.in}:${p.name}`),
      );
      expect(filled).toEqual([]);
    });
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

    it('passes Spectral with every `spectral:oas` rule on, with no error and no warning', async () => {
      const cli = join(ROOT, 'node_modules/@stoplight/spectral-cli/dist/index.js');
      const ruleset = join(__dirname, 'support/spectral.yaml');
      const { stdout } = await run(
        process.execPath,
        [cli, 'lint', file, '--ruleset', ruleset, '--format', 'json', '--quiet'],
        { env: OFFLINE },
      ).catch((failure) => failure);
      const report = JSON.parse(stdout) as { code: string; path: string[]; message: string }[];
      expect(report.map((p) => `${p.code} ${p.path.join('.')}: ${p.message}`)).toEqual([]);
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
      expect(response.headers.get('etag')).toMatch(/^W\/"/);
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
