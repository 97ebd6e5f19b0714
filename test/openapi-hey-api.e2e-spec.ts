import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SAMPLE_ANSWERS } from './support/answers';
import { OUTPUT_DIR, startTestApp, type TestApp } from './support/app';
import { VOCABULARIES } from './support/schemas';
import {
  declarationOf,
  ERROR_TYPES,
  unionsOf,
  UNTYPED,
  withoutComments,
} from './support/generated-types';

/**
 * What an integrator does with the most used generator today: generate a client with
 * @hey-api/openapi-ts (a devDependency) from the served document, compile code that uses it with
 * tsc --strict, and call every operation of the running service with it, reading errors through
 * their typed `details`.
 */

const run = promisify(execFile);
const ROOT = join(__dirname, '..');
const GENERATOR = join(ROOT, 'node_modules/@hey-api/openapi-ts/bin/run.js');
const DIR = join(OUTPUT_DIR, 'hey-api-client');

const USAGE = `import { client } from './client/client.gen';
import {
  compareCourses,
  getCourse,
  getFinderQuestions,
  getMethodology,
  recommendCourses,
  searchCourses,
} from './client/sdk.gen';
import type { CompareCoursesData, Level, SearchCoursesData } from './client/types.gen';

export function configure(baseUrl: string): void {
  client.setConfig({ baseUrl });
}

export async function beginnerSlugs() {
  const level: Level = 'beginner';
  const { data, error } = await searchCourses({
    query: { level: [level], community_only: true, include_inactive: false, sort: 'price-asc' },
  });
  if (error) throw new Error(error.error.code);
  // Required on a list: no undefined to handle.
  const count: number = data.meta.count;
  return { slugs: data.data.map((course) => course.slug), count };
}

/** Several values of a filter: the array goes out as one comma-separated value. */
export async function someLevels(levels: Level[]) {
  const { data, error, request } = await searchCourses({ query: { level: levels } });
  if (error) throw new Error(error.error.code);
  return { slugs: data.data.map((course) => course.slug), sent: new URL(request!.url).search };
}

/** Every course found, a page at a time, by the \`Link\` header; and the total the first page gives. */
export async function allPages(limit: number) {
  const slugs: string[] = [];
  let cursor: string | undefined;
  let total: number | undefined;
  do {
    const { data, error, response } = await searchCourses({ query: { limit, cursor } });
    if (error) throw new Error(error.error.code);
    slugs.push(...data.data.map((course) => course.slug));
    total ??= Number(response?.headers.get('X-Total-Count'));
    const next = /<([^>]+)>;\\s*rel="next"/.exec(response?.headers.get('Link') ?? '')?.[1];
    cursor = next ? (new URL(next).searchParams.get('cursor') ?? undefined) : undefined;
  } while (cursor);
  return { slugs, total };
}

export async function oneCourse(slug: string) {
  const { data, error } = await getCourse({ path: { slug } });
  if (error) throw new Error(error.error.code);
  const band: 'free' | 'under_100' | '100_500' | '500_plus' | null = data.data.price.budget_band;
  return { name: data.data.name, band };
}

export async function compare(slugs: string[]) {
  const courses: CompareCoursesData['query']['courses'] = slugs;
  const { data, error } = await compareCourses({ query: { courses } });
  if (error) throw new Error(error.error.code);
  return data.data.courses.map((course) => course.slug);
}

export async function recommend() {
  const { data, error } = await recommendCourses({ query: ${JSON.stringify(SAMPLE_ANSWERS)} });
  if (error) throw new Error(error.error.code);
  return data.data.results.map((result) => result.match_percent);
}

export async function questions() {
  const { data, error } = await getFinderQuestions();
  if (error) throw new Error(error.error.code);
  return data.data.questions.experience.question;
}

export async function threshold() {
  const { data, error } = await getMethodology();
  if (error) throw new Error(error.error.code);
  return data.data.match_threshold;
}

/** Errors, read through their typed details. */
export async function unknownLevel() {
  // @ts-expect-error: not a value of Level
  const query: SearchCoursesData['query'] = { level: 'expert' };
  const { error, response } = await searchCourses({ query });
  const body = error!.error;
  if (body.code !== 'invalid_parameters') throw new Error(body.code);
  const allowed: string[] | undefined = body.details.parameters[0].allowed_values;
  return { status: response?.status, name: body.details.parameters[0].name, allowed };
}

export async function missingAnswers() {
  // @ts-expect-error: all six answers are required
  const { error, response } = await recommendCourses({ query: { experience: 'beginner' } });
  const body = error!.error;
  if (body.code !== 'invalid_answers') throw new Error(body.code);
  const levels: Level[] = body.details.answer_options.experience;
  return {
    status: response?.status,
    levels,
    missing: body.details.problems.map((problem) => problem.name),
  };
}

export async function missingCourse(slugs: string[]) {
  const { error, response } = await compareCourses({ query: { courses: slugs } });
  const body = error!.error;
  if (body.code !== 'not_found') throw new Error(body.code);
  const missing: string[] = body.details.missing;
  return { status: response?.status, missing };
}

export async function unknownCourse() {
  const { error, response } = await getCourse({ path: { slug: 'technical-seo' } });
  const body = error!.error;
  if (body.code !== 'not_found') throw new Error(body.code);
  const near: string[] = body.details.near_slugs;
  return { status: response?.status, code: body.code, missing: body.details.missing, near };
}
`;

let t: TestApp;
let api: Record<string, (...args: any[]) => Promise<any>>;
let types: string;
let slugs: string[];

beforeAll(async () => {
  t = await startTestApp();
  slugs = (await t.json('/api/v1/courses')).data.map((course: { slug: string }) => course.slug);
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  writeFileSync(join(DIR, 'openapi.json'), await (await t.get('/api/v1/openapi.json')).text());
  await run(
    process.execPath,
    [GENERATOR, '-i', join(DIR, 'openapi.json'), '-o', join(DIR, 'client')],
    {
      env: { ...process.env, CI: 'true', NO_COLOR: '1' },
    },
  );
  types = readFileSync(join(DIR, 'client/types.gen.ts'), 'utf8');
  writeFileSync(join(DIR, 'usage.ts'), USAGE);
  // prettier-ignore
  const tsc = ['--strict', '--target', 'es2022', '--lib', 'es2022,dom', '--module', 'commonjs',
    '--moduleResolution', 'node10', '--skipLibCheck', '--types', 'node', '--outDir', join(DIR, 'dist'), join(DIR, 'usage.ts')];
  await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), ...tsc]).catch(
    (failure: { stdout: string }) => {
      throw new Error(`The hey-api client does not compile:\n${failure.stdout}`);
    },
  );
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- compiled at run time
  api = require(join(DIR, 'dist', 'usage.js'));
  api.configure(`${t.url}/api/v1`);
}, 300_000);
afterAll(() => t?.close());

describe('the types @hey-api/openapi-ts generates', () => {
  it('type every error body: no unknown, no index signature, `code` a literal', () => {
    expect(declarationOf(types, 'Error')).toBeUndefined();
    for (const name of ERROR_TYPES) {
      const text = declarationOf(types, name);
      expect({ name, declared: text !== undefined }).toEqual({ name, declared: true });
      expect({ name, unknown: UNTYPED.test(withoutComments(text!)) }).toEqual({
        name,
        unknown: false,
      });
    }
    expect(declarationOf(types, 'InvalidParametersError')).toContain("code: 'invalid_parameters';");
    expect(declarationOf(types, 'ParameterProblem')).toContain('allowed_values?: Array<string>;');
    expect(declarationOf(types, 'AnswerOptions')).toContain('experience: Array<Level>;');
    // Each operation's errors are the ones it can return.
    expect(declarationOf(types, 'GetCourseErrors')).toMatch(/404: UnknownCoursesError;/);
    expect(declarationOf(types, 'CompareCoursesErrors')).toMatch(/404: UnknownCoursesError;/);
    expect(declarationOf(types, 'GetChangesErrors')).toMatch(/404: UnknownCoursesError;/);
    expect(declarationOf(types, 'RecommendCoursesErrors')).toMatch(/422: InvalidAnswersError;/);
  });

  it('emit each vocabulary once, as one named type used everywhere', () => {
    for (const { id, values } of VOCABULARIES) {
      expect({ id, declaration: declarationOf(types, id)?.trim().split('\n').at(-1) }).toEqual({
        id,
        declaration: `export type ${id} = ${values.map((v) => `'${v}'`).join(' | ')};`,
      });
      expect({ id, unions: unionsOf(types, values, "'") }).toEqual({ id, unions: 1 });
    }
    expect(declarationOf(types, 'Course')).toContain('levels: Array<Level>;');
    expect(declarationOf(types, 'SearchCoursesData')).toContain('level?: Array<Level>;');
    expect(declarationOf(types, 'Recommendation')).toContain('experience: Level;');
  });

  it('take the comparison slugs as string[] and the booleans as boolean', () => {
    expect(declarationOf(types, 'CompareCoursesData')).toContain('courses: Array<string>;');
    const search = declarationOf(types, 'SearchCoursesData')!;
    expect(search).toContain('community_only?: boolean;');
    expect(search).toContain('include_inactive?: boolean;');
    expect(declarationOf(types, 'ListMeta')).toMatch(/\n\s+count: number;/);
  });
});

describe('a client generated by @hey-api/openapi-ts, compiled with --strict', () => {
  it('calls every operation of the running service', async () => {
    const expected = await t.json(
      '/api/v1/courses?level=beginner&community_only=true&include_inactive=false&sort=price-asc',
    );
    expect(await api.beginnerSlugs()).toEqual({
      slugs: expected.data.map((course: { slug: string }) => course.slug),
      count: expected.meta.count,
    });
    expect(await api.allPages(5)).toEqual({ slugs, total: slugs.length });
    // Several levels go out comma-separated (style form, explode false): the union, in name order.
    const union = await t.json('/api/v1/courses?level=beginner,advanced');
    expect(await api.someLevels(['beginner', 'advanced'])).toEqual({
      slugs: union.data.map((course: { slug: string }) => course.slug),
      sent: '?level=beginner,advanced',
    });
    const course = (await t.json(`/api/v1/courses/${slugs[0]}`)).data;
    expect(await api.oneCourse(slugs[0])).toEqual({
      name: course.name,
      band: course.price.budget_band,
    });
    // The array goes out comma-separated (style form, explode false), in the order given.
    expect(await api.compare([slugs[2], slugs[0]])).toEqual([slugs[2], slugs[0]]);
    const percents: number[] = await api.recommend();
    expect(percents.length).toBeGreaterThan(0);
    for (const percent of percents) expect(percent).toBeGreaterThanOrEqual(55);
    expect(await api.questions()).toBe('How much SEO experience do you have?');
    expect(await api.threshold()).toBe(55);
  });

  it('reads each error through its typed details', async () => {
    expect(await api.unknownLevel()).toEqual({
      status: 422,
      name: 'level',
      allowed: ['beginner', 'intermediate', 'advanced'],
    });
    expect(await api.missingAnswers()).toEqual({
      status: 422,
      levels: ['beginner', 'intermediate', 'advanced'],
      missing: ['objective', 'learning_style', 'freshness', 'budget', 'operating_model'],
    });
    expect(await api.missingCourse([slugs[0], 'no-such-course'])).toEqual({
      status: 404,
      missing: ['no-such-course'],
    });
    expect(await api.unknownCourse()).toEqual({
      status: 404,
      code: 'not_found',
      missing: ['technical-seo'],
      near: ['technical-seo-deep-dive'],
    });
  });
});
