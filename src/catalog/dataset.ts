import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { urlSchema } from '../core/envelope.schema';
import { SITE_PATHS } from '../core/paths';
import { type CourseRecord, coursesFileSchema, schemaReference } from './course.schema';
import { inEditorsWords } from './data-problems';
import { checksOf, type FactCheck, unsupportedDate } from './facts';
import { glossaryProblems } from './glossary';
import { glossaryFileSchema, type GlossaryTermRecord } from './glossary.schema';
import { type HistoryFile, type KeptEntry, readHistory } from './history-check';
import { HISTORY_FILE } from './history.schema';
import { type MethodologyFile, methodologyFileSchema } from './methodology.schema';

/** Reading and validating the editorial files of `data/`. Nothing here is derived. */

export const policiesFileSchema = z.strictObject({
  ...schemaReference,
  citation: z.string().min(1),
  policies: z.record(z.string(), z.string().min(1)),
});

export const assistantsFileSchema = z.strictObject({
  ...schemaReference,
  refresh_hours: z.number().positive(),
  assistants: z.array(
    z.strictObject({
      name: z
        .string()
        .regex(/^[a-z0-9_-]+$/, 'must be lower-case letters, digits, hyphens and underscores'),
      user_agent_tokens: z.array(z.string().min(1)).min(1),
      range_urls: z.array(urlSchema),
      cidrs: z.array(z.string().min(1)),
      cidrs_source: urlSchema
        .describe('The page the operator lists `cidrs` on, for the editor who checks them again.')
        .optional(),
    }),
  ),
});
export type AssistantsFile = z.infer<typeof assistantsFileSchema>;

export interface Dataset {
  courses: CourseRecord[];
  methodology: MethodologyFile;
  policies: z.infer<typeof policiesFileSchema>;
  assistants: AssistantsFile;
  /** The glossary's terms, as the file lists them (docs/data.md#the-glossary). */
  glossary: GlossaryTermRecord[];
  /** The history's entries in order: date, seq, id (docs/data.md#the-history). */
  history: readonly KeptEntry[];
  /** No `history.jsonl`: an older deployment's data, served with an empty history. */
  historyAbsent: boolean;
  /** Each course's facts and the day each was last checked, by slug (facts.ts). */
  checks: ReadonlyMap<string, readonly FactCheck[]>;
  /**
   * What the data may hold but an editor should fix, served meanwhile as the rules derive it: a
   * `last_verified_on` its sources do not support (docs/data.md#the-facts). `data:check` prints them.
   */
  notes: string[];
  /** A hash of the files' bytes: changes whenever the editorial data does. */
  hash: string;
}

export const DATA_FILES = {
  courses: { file: 'courses.json', schema: coursesFileSchema },
  methodology: { file: 'methodology.json', schema: methodologyFileSchema },
  policies: { file: 'policies.json', schema: policiesFileSchema },
  assistants: { file: 'assistants.json', schema: assistantsFileSchema },
  glossary: { file: 'glossary.json', schema: glossaryFileSchema },
} as const;

export class DataError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid data:\n  ${problems.join('\n  ')}`);
    this.name = 'DataError';
  }
}

/**
 * How much of the history `loadDataset` reads: all of it, the files checked against it (the
 * service, `data:check`); its own entries only (`data:record`, which records the files'
 * differences); none (`data:diff`, `data:report`, about the facts whether recorded yet or not).
 */
export type HistoryCheck = 'full' | 'entries' | 'none';

/**
 * Reads and validates every data file and the history, and checks that the files hold what the
 * history last recorded; throws one DataError listing every problem found. With `today` (a UTC
 * `YYYY-MM-DD`), verification and history dates after it are problems too.
 */
export function loadDataset(
  dataDir: string,
  today?: string,
  options: { history?: HistoryCheck } = {},
): Dataset {
  return readDataset(dataDir, today, options).dataset;
}

/**
 * `loadDataset`, with the history file as it was read for the editors' tools that add to it
 * (undefined when there is none, or with `history: 'none'`): read and parsed once.
 */
export function readDataset(
  dataDir: string,
  today?: string,
  { history: check = 'full' }: { history?: HistoryCheck } = {},
): { dataset: Dataset; historyFile?: HistoryFile } {
  const problems: string[] = [];
  const hash = createHash('sha256');
  const parsed: Record<string, unknown> = {};
  for (const [key, { file, schema }] of Object.entries(DATA_FILES)) {
    const path = join(dataDir, file);
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      problems.push(`${path}: cannot be read (${(error as NodeJS.ErrnoException).code ?? error})`);
      continue;
    }
    hash.update(file).update('\0').update(text).update('\0');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      problems.push(`${path}: not valid JSON (${(error as Error).message})`);
      continue;
    }
    const result = (schema as z.ZodType).safeParse(json);
    if (result.success) {
      // `$schema` is for editors' IDEs; nothing past the check sees it.
      const { $schema: _reference, ...data } = result.data as Record<string, unknown>;
      parsed[key] = data;
    } else problems.push(...result.error.issues.map((issue) => describeIssue(path, json, issue)));
  }
  if (parsed.courses) {
    problems.push(...crossChecks(join(dataDir, DATA_FILES.courses.file), parsed, today));
  }
  if (parsed.glossary) {
    const { courses } = (parsed.courses ?? { courses: [] }) as { courses: CourseRecord[] };
    const providers = [...new Set(courses.map((course) => course.provider.name))];
    const { terms } = parsed.glossary as { terms: GlossaryTermRecord[] };
    problems.push(...glossaryProblems(join(dataDir, DATA_FILES.glossary.file), terms, providers));
  }
  // Checked against the files only when they are valid: a problem is then said once, where it is.
  const checkedAgainst =
    problems.length === 0 && check === 'full'
      ? {
          courses: (parsed.courses as { courses: CourseRecord[] }).courses,
          methodology: parsed.methodology as MethodologyFile,
        }
      : {};
  const history =
    check === 'none'
      ? { entries: [], absent: true, text: '', problems: [] }
      : readHistory(dataDir, checkedAgainst, today);
  problems.push(...history.problems);
  hash.update(HISTORY_FILE.file).update('\0').update(history.text);
  if (problems.length > 0) throw new DataError(problems);
  const files = parsed as {
    courses: { courses: CourseRecord[] };
    methodology: MethodologyFile;
    policies: Dataset['policies'];
    assistants: AssistantsFile;
    glossary: { terms: GlossaryTermRecord[] };
  };
  const courses = files.courses.courses;
  const checks = checksOf(courses, history.entries);
  const coursesPath = join(dataDir, DATA_FILES.courses.file);
  const notes = courses.flatMap((course) => {
    const note = unsupportedDate(course, checks.get(course.slug)!);
    return note === undefined ? [] : [`${coursesPath}: ${note}`];
  });
  const dataset = {
    ...files,
    courses,
    glossary: files.glossary.terms,
    history: history.entries,
    historyAbsent: history.absent,
    checks,
    notes,
    hash: hash.digest('hex').slice(0, 16),
  };
  return { dataset, historyFile: history.file };
}

/** The lists of records a problem is named by: a course by its slug, a glossary term by its name. */
const RECORDS: Record<string, { kind: string; key: string }> = {
  courses: { kind: 'course', key: 'slug' },
  terms: { kind: 'term', key: 'name' },
};

/** `data/courses.json: course "x-y", field price.currency: must be one of …, not "usd"` */
function describeIssue(path: string, json: unknown, issue: z.core.$ZodIssue): string {
  const at = issue.path;
  const found = at.reduce<unknown>(
    (value, key) =>
      value !== null && typeof value === 'object' && Object.hasOwn(value, key as PropertyKey)
        ? (value as Record<PropertyKey, unknown>)[key as PropertyKey]
        : undefined,
    json,
  );
  const problem = inEditorsWords(issue, found);
  const records = RECORDS[at[0] as string];
  if (records && typeof at[1] === 'number') {
    const { kind, key } = records;
    const list = (json as Record<string, unknown[]>)[at[0] as string];
    const record = list[at[1]] as Record<string, unknown> | null;
    const named =
      record && typeof record[key] === 'string' ? `"${record[key]}"` : `#${at[1] + 1} (no ${key})`;
    const field = at.slice(2).join('.') || `(the ${kind})`;
    return `${path}: ${kind} ${named}, field ${field}: ${problem}`;
  }
  return `${path}: field ${at.join('.') || '(the file)'}: ${problem}`;
}

/** The site's own addresses, which no course page may take (`/ai-seo-courses/finder`, …). */
const SITE_ADDRESSES: ReadonlySet<string> = new Set(
  Object.values(SITE_PATHS).filter((path) => typeof path === 'string'),
);

function crossChecks(path: string, parsed: Record<string, unknown>, today?: string): string[] {
  const { courses } = parsed.courses as { courses: CourseRecord[] };
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const course of courses) {
    if (seen.has(course.slug)) {
      problems.push(`${path}: course "${course.slug}", field slug: duplicate slug`);
    }
    seen.add(course.slug);
    const page = SITE_PATHS.course(course.slug);
    if (SITE_ADDRESSES.has(page)) {
      problems.push(
        `${path}: course "${course.slug}", field slug: ${page} is the address of another page of the site; choose another slug`,
      );
    }
    for (const [field, problem] of [...courseProblems(course), ...dateProblems(course, today)]) {
      problems.push(`${path}: course "${course.slug}", field ${field}: ${problem}`);
    }
  }
  const picks = courses.filter((course) => course.editorial_pick !== null);
  if (picks.length > 1) {
    problems.push(
      `${path}: field editorial_pick: at most one course may carry it, found ${picks
        .map((course) => `"${course.slug}"`)
        .join(', ')}`,
    );
  }
  return problems;
}

/** Rules across fields of one course that a schema of each field alone cannot say. */
function courseProblems(course: CourseRecord): [field: string, problem: string][] {
  const { price } = course;
  const problems: [string, string][] = [];
  if (price.known && price.first_year_cost_usd === null) {
    problems.push(['price.first_year_cost_usd', 'required when price.known is true']);
  }
  if (!price.known && (price.amount !== null || price.first_year_cost_usd !== null)) {
    problems.push([
      'price',
      'amount and first_year_cost_usd must be null when price.known is false',
    ]);
  }
  if (
    price.type === 'free' &&
    price.first_year_cost_usd !== null &&
    price.first_year_cost_usd !== 0
  ) {
    problems.push(['price.first_year_cost_usd', 'must be 0 when price.type is free']);
  }
  for (const field of ['levels', 'formats', 'operating_models'] as const) {
    const values: readonly string[] = course[field];
    if (values.length === 0) problems.push([field, 'must list at least one value']);
    if (new Set(values).size !== values.length) problems.push([field, 'lists a value twice']);
  }
  return problems;
}

/**
 * A verification cannot be dated after today. Whether the course's date is the one its sources
 * support is a note, not a problem: the service derives the supported date (facts.ts), so data
 * whose dates an earlier rule set still starts, and the editors are told what to check.
 */
function dateProblems(course: CourseRecord, today?: string): [field: string, problem: string][] {
  const { last_verified_on: last, sources } = course.verification;
  const problems: [string, string][] = [];
  const future = (date: string) => `${date} is in the future (today is ${today}, UTC)`;
  if (today !== undefined && last !== null && last > today) {
    problems.push(['verification.last_verified_on', future(last)]);
  }
  sources.forEach((source, i) => {
    if (today !== undefined && source.verified_on > today) {
      problems.push([`verification.sources.${i}.verified_on`, future(source.verified_on)]);
    }
  });
  return problems;
}
