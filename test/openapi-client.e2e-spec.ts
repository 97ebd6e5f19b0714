import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SAMPLE_ANSWERS } from './support/answers';
import { OUTPUT_DIR, startTestApp, type TestApp } from './support/app';
import { VOCABULARIES } from './support/schemas';
import {
  componentOf,
  ERROR_TYPES,
  unionsOf,
  UNTYPED,
  withoutComments,
} from './support/generated-types';

/**
 * What an integrator does: generate TypeScript types from the served document with
 * openapi-typescript, write a client with openapi-fetch, compile it with tsc --strict, call the
 * running service with it. The client's type assertions are checked by the compiler.
 */

const run = promisify(execFile);
const ROOT = join(__dirname, '..');
const DIR = join(OUTPUT_DIR, 'client');
const bin = (path: string) => join(ROOT, 'node_modules', path);

const CLIENT = `import createClient from 'openapi-fetch';
import type { components, paths } from './schema';

type Course = components['schemas']['Course'];

export function client(baseUrl: string) {
  // openapi-fetch does not read the document at run time: lists are \`style: form, explode: false\`.
  return createClient<paths>({ baseUrl, querySerializer: { array: { style: 'form', explode: false } } });
}

export async function firstYearCost(baseUrl: string, slug: string): Promise<number | null> {
  const { data, error } = await client(baseUrl).GET('/courses/{slug}', {
    params: { path: { slug } },
  });
  if (error) throw new Error(error.error.code);
  const course: Course = data.data;
  const cost: number | null = course.price.first_year_cost_usd;
  // @ts-expect-error: the document says the cost can be null
  const notNull: number = course.price.first_year_cost_usd;
  return notNull ?? cost;
}

export async function cheapSlugs(baseUrl: string): Promise<string[]> {
  const { data } = await client(baseUrl).GET('/courses', {
    params: { query: { price_band: ['under_100'], sort: 'price-asc' } },
  });
  return (data?.data ?? []).map((course) => course.slug);
}

export async function recommend(baseUrl: string) {
  const { data, error } = await client(baseUrl).GET('/recommendations', {
    params: { query: ${JSON.stringify(SAMPLE_ANSWERS)} },
  });
  if (error) throw new Error(error.error.code);
  const percents: number[] = data.data.results.map((result) => result.match_percent);
  return { percents, noStrongMatch: data.data.no_strong_match };
}

export async function invalidAnswers(baseUrl: string) {
  // @ts-expect-error: all six answers are required
  const { error, response } = await client(baseUrl).GET('/recommendations', { params: { query: { experience: 'beginner' } } });
  return { status: response.status, code: error?.error.code };
}

export async function unknownLevel(baseUrl: string) {
  const { error } = await client(baseUrl).GET('/courses', {
    // @ts-expect-error: not a value of the level enum
    params: { query: { level: ['expert'] } },
  });
  const body = error!.error;
  if (body.code !== 'invalid_parameters') throw new Error(body.code);
  const allowed: string[] | undefined = body.details.parameters[0].allowed_values;
  return allowed;
}

export async function compared(baseUrl: string, courses: string[]) {
  const { data, error } = await client(baseUrl).GET('/comparisons', {
    params: { query: { courses } },
  });
  if (error) throw new Error(error.error.code);
  return data.data.courses.map((course) => course.slug);
}

export async function unknownBand(baseUrl: string) {
  const { response } = await client(baseUrl).GET('/courses', {
    // @ts-expect-error: not a value of the price_band enum
    params: { query: { price_band: ['cheap'] } },
  });
  return response.status;
}
`;

let t: TestApp;
let api: {
  firstYearCost(baseUrl: string, slug: string): Promise<number | null>;
  cheapSlugs(baseUrl: string): Promise<string[]>;
  recommend(baseUrl: string): Promise<{ percents: number[]; noStrongMatch: boolean }>;
  invalidAnswers(baseUrl: string): Promise<{ status: number; code?: string }>;
  unknownBand(baseUrl: string): Promise<number>;
  unknownLevel(baseUrl: string): Promise<string[] | undefined>;
  compared(baseUrl: string, courses: string[]): Promise<string[]>;
};
let schema: string;
let baseUrl: string;

beforeAll(async () => {
  t = await startTestApp();
  baseUrl = `${t.url}/api/v1`;
  mkdirSync(DIR, { recursive: true });
  writeFileSync(join(DIR, 'openapi.json'), await (await t.get('/api/v1/openapi.json')).text());
  writeFileSync(join(DIR, 'client.ts'), CLIENT);
  await run(
    process.execPath,
    [
      bin('openapi-typescript/bin/cli.js'),
      join(DIR, 'openapi.json'),
      '-o',
      join(DIR, 'schema.d.ts'),
    ],
    { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
  );
  schema = readFileSync(join(DIR, 'schema.d.ts'), 'utf8');
  // prettier-ignore
  const tsc = ['--strict', '--target', 'es2022', '--module', 'commonjs', '--moduleResolution', 'node10',
    '--esModuleInterop', '--skipLibCheck', '--types', 'node', '--outDir', join(DIR, 'dist'), join(DIR, 'client.ts')];
  await run(process.execPath, [bin('typescript/bin/tsc'), ...tsc]).catch(
    (failure: { stdout: string }) => {
      throw new Error(`The generated client does not compile:\n${failure.stdout}`);
    },
  );
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- compiled at run time
  api = require(join(DIR, 'dist', 'client.js'));
}, 60_000);
afterAll(() => t.close());

describe('a client generated from the document (openapi-typescript + openapi-fetch)', () => {
  it('compiles under --strict, reading price.first_year_cost_usd as number | null', () => {
    // beforeAll fails when tsc reports an error, including an unused @ts-expect-error.
    expect(api.firstYearCost).toEqual(expect.any(Function));
  });

  it('reads a course with a known price and one with an unknown price', async () => {
    const courses = (await t.json('/api/v1/courses?include_inactive=true')).data as {
      slug: string;
      price: { first_year_cost_usd: number | null };
    }[];
    const priced = courses.find((course) => course.price.first_year_cost_usd !== null)!;
    const unpriced = courses.find((course) => course.price.first_year_cost_usd === null)!;
    expect(await api.firstYearCost(baseUrl, priced.slug)).toBe(priced.price.first_year_cost_usd);
    expect(await api.firstYearCost(baseUrl, unpriced.slug)).toBeNull();
  });

  it('sends typed query parameters and reads typed bodies and errors', async () => {
    const expected = (await t.json('/api/v1/courses?price_band=under_100&sort=price-asc')).data;
    expect(await api.cheapSlugs(baseUrl)).toEqual(expected.map((c: { slug: string }) => c.slug));
    const { percents } = await api.recommend(baseUrl);
    for (const percent of percents) expect(percent).toBeGreaterThanOrEqual(55);
    expect(await api.invalidAnswers(baseUrl)).toEqual({ status: 422, code: 'invalid_answers' });
    expect(await api.unknownBand(baseUrl)).toBe(422);
    expect(await api.unknownLevel(baseUrl)).toEqual(['beginner', 'intermediate', 'advanced']);
    expect(
      await api.compared(baseUrl, ['search-generalist-program', 'answer-engine-foundations']),
    ).toEqual(['search-generalist-program', 'answer-engine-foundations']);
  });
});

describe('the types openapi-typescript generates', () => {
  it('type every error body: no unknown, no index signature, `code` a literal', () => {
    for (const name of ERROR_TYPES) {
      const text = componentOf(schema, name);
      expect({ name, declared: text !== undefined }).toEqual({ name, declared: true });
      expect({ name, untyped: UNTYPED.test(withoutComments(text!)) }).toEqual({
        name,
        untyped: false,
      });
    }
    expect(componentOf(schema, 'Error')).toBeUndefined();
    expect(componentOf(schema, 'InvalidAnswersError')).toContain('code: "invalid_answers";');
    expect(componentOf(schema, 'ParameterProblem')).toContain('allowed_values?: string[];');
  });

  it('write each vocabulary once, as one named component used everywhere', () => {
    expect(VOCABULARIES.length).toBe(17);
    for (const { id, values } of VOCABULARIES) {
      expect({ id, unions: unionsOf(schema, values, '"') }).toEqual({ id, unions: 1 });
      expect(componentOf(schema, id)).toContain(values.map((v) => `"${v}"`).join(' | '));
    }
    expect(componentOf(schema, 'Course')).toContain('levels: components["schemas"]["Level"][];');
  });

  it('take the comparison slugs as string[] and the booleans as boolean', () => {
    expect(schema).toMatch(/\n\s+courses: string\[\];/);
    expect(schema).toMatch(/\n\s+community_only\?: boolean;/);
    expect(schema).toMatch(/\n\s+include_inactive\?: boolean;/);
    expect(componentOf(schema, 'ListMeta')).toMatch(/\n\s+count: number;/);
  });
});
