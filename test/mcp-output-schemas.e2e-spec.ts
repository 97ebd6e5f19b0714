import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import {
  BUDGET_BANDS,
  FRESHNESS,
  LEARNING_STYLES,
  LEVELS,
  OPERATING_MODELS,
  TOPICS,
} from '../src/catalog/vocabulary';
import { MCP_PATH } from '../src/core/paths';
import { startTestApp, type TestApp } from './support/app';

/**
 * Each tool's output schema is lean (no descriptions, examples or generator noise) but says
 * exactly what the OpenAPI document says of its REST operation's 200 body (docs/mcp.md#tools):
 * every REST answer, and a generated set of broken ones, is accepted or refused by both alike.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const pick = <T>(values: readonly T[], i: number) => values[i % values.length];

let t: TestApp;
let tools: Map<string, object>;
beforeAll(async () => {
  t = await startTestApp();
  const client = new Client({ name: 'output-schemas', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}${MCP_PATH}`)));
  tools = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool.outputSchema!]));
  await client.close();
});
afterAll(() => t.close());

/** The REST answers each tool's schema is held to. */
async function restAnswers(operationId: string): Promise<unknown[]> {
  const slugs: string[] = (await t.json('/api/v1/courses?include_inactive=true')).data.map(
    (course: { slug: string }) => course.slug,
  );
  const paths: Record<string, string[]> = {
    searchCourses: [
      '/api/v1/courses',
      '/api/v1/courses?include_inactive=true&sort=verified-desc',
      '/api/v1/courses?limit=3&q=seo',
      '/api/v1/courses?q=zzzz',
    ],
    getCourse: slugs.map((slug) => `/api/v1/courses/${slug}`),
    recommendCourses: Array.from({ length: 12 }, (_, i) =>
      [
        `experience=${pick(LEVELS, i)}`,
        `objective=${pick(TOPICS, i)}`,
        `learning_style=${pick(LEARNING_STYLES, i + 1)}`,
        `freshness=${pick(FRESHNESS, i + 2)}`,
        `budget=${pick(BUDGET_BANDS, i)}`,
        `operating_model=${pick(OPERATING_MODELS, i)}`,
      ].join('&'),
    ).map((query) => `/api/v1/recommendations?${query}`),
    compareCourses: [0, 5, 10, 15].map(
      (i) => `/api/v1/comparisons?courses=${slugs[i]},${slugs[i + 1]},${slugs[i + 2]}`,
    ),
    getMethodology: ['/api/v1/methodology'],
  };
  return Promise.all(paths[operationId].map((path) => t.json(path)));
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

/** Every path into a body, with the value found there. */
function leaves(value: Json, at: Path = []): [Path, Json][] {
  const inner =
    value !== null && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, child]) =>
          leaves(child, [...at, Array.isArray(value) ? Number(key) : key]),
        )
      : [];
  return [[at, value], ...inner];
}

/** The broken forms of a value: a missing or extra member, another enum value, type or range. */
function breakages(value: Json): ((parent: any, key: string | number) => void)[] {
  const set = (replacement: Json) => (parent: any, key: string | number) => {
    parent[key] = replacement;
  };
  const common = [
    (parent: any, key: string | number) => {
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
    },
    set(null),
    set({}),
    set([]),
  ];
  if (typeof value === 'string') {
    return [
      ...common,
      set('not-a-value-zz'),
      set('2026-13-45'),
      set(7),
      set(''),
      set('x'.repeat(300)),
    ];
  }
  if (typeof value === 'number') {
    return [...common, set(-1), set(1.5), set(6), set(101), set(2 ** 60), set('7')];
  }
  if (typeof value === 'boolean') return [...common, set('true'), set(0)];
  if (Array.isArray(value)) return [...common, set([7]), set(['zz'])];
  return [
    ...common,
    (object: any, key: string | number) => {
      object[key] = { ...object[key], zz_extra: 1 };
    },
    set('an object'),
  ];
}

const OPERATIONS = {
  search_courses: 'searchCourses',
  get_course: 'getCourse',
  recommend_courses: 'recommendCourses',
  compare_courses: 'compareCourses',
  get_methodology: 'getMethodology',
} as const;

describe.each(Object.entries(OPERATIONS))('%s and %s', (tool, operationId) => {
  let openapi: (body: unknown) => boolean;
  let advertised: (body: unknown) => boolean;
  let answers: Json[];
  beforeAll(async () => {
    openapi = t.contract.bodyValidator(operationId);
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    advertised = ajv.compile(tools.get(tool)!) as (body: unknown) => boolean;
    answers = (await restAnswers(operationId)) as Json[];
  });

  it('both accept every REST answer', () => {
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers)
      expect([openapi(answer), advertised(answer)]).toEqual([true, true]);
  });

  it('both refuse, or both accept, each broken answer', () => {
    const edit = fc.nat().chain((i) => {
      const answer = answers[i % answers.length];
      const paths = leaves(answer).filter(([path]) => path.length > 0);
      return fc.record({
        answer: fc.constant(answer),
        at: fc.constantFrom(...paths),
        how: fc.nat(),
      });
    });
    let refused = 0;
    fc.assert(
      fc.property(edit, ({ answer, at: [path, value], how }) => {
        const broken = structuredClone(answer) as any;
        const parent = path.slice(0, -1).reduce((node: any, key) => node[key], broken);
        const ways = breakages(value);
        ways[how % ways.length](parent, path.at(-1)!);
        const verdicts = {
          path: path.join('.'),
          openapi: openapi(broken),
          tool: advertised(broken),
        };
        expect(verdicts).toEqual({ ...verdicts, tool: verdicts.openapi });
        if (!verdicts.openapi) refused++;
      }),
      { seed: SEED, numRuns: 600 },
    );
    // The generated set is mostly broken answers, not edits both happen to accept.
    expect(refused).toBeGreaterThan(300);
  });
});
