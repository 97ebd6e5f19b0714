import { hash } from 'node:crypto';
import type { z } from 'zod';
import type { CourseRecord } from './course.schema';
import { inEditorsWords } from './data-problems';
import { type HistoryEntry, historyEntrySchema } from './history.schema';
import type { MethodologyFile } from './methodology.schema';

/**
 * Reading the history (docs/data.md#the-history): its lines, in order of date, then of their place
 * in the day (`seq`), then of id (never of position: a union merge of two branches appends both
 * sides' lines), and what it last recorded of each course and of the methodology.
 */

/** An entry with the line of the file it was read from, for problems that name it. */
export interface LocatedEntry {
  entry: HistoryEntry;
  line: number;
}

/** JSON with every object's members in name order: the same value is always the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map(
        (key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`,
      );
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A value's fingerprint: 8 characters of the base64url SHA-256 of its canonical JSON. */
export function fingerprint(value: unknown): string {
  return hash('sha256', canonicalJson(value), 'base64url').slice(0, 8);
}

/** Member → fingerprint of every member but those named. */
function factsOf(value: object, leaveOut: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !leaveOut.includes(key))
      .map(([key, member]) => [key, fingerprint(member)]),
  );
}

/** A course's facts: every member but its slug, which names it. */
export const courseFacts = (course: CourseRecord) => factsOf(course, ['slug']);

/**
 * The methodology's facts: every member but `scoring_weights_updated_on`, the date editors set
 * when the weights change (the history dates the change itself).
 */
export const methodologyFacts = (methodology: MethodologyFile) =>
  factsOf(methodology, ['scoring_weights_updated_on', '$schema']);

/**
 * The order entries are read in: by date, then by their place in the day (an entry written on a
 * day that already had entries comes after them), then by id.
 */
export function inHistoryOrder(a: HistoryEntry, b: HistoryEntry): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  const seq = (a.seq ?? 0) - (b.seq ?? 0);
  if (seq !== 0) return seq;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Every line of the file as an entry (blank lines skipped), and the problems of those that are not. */
export function parseHistory(
  text: string,
  path: string,
): { entries: LocatedEntry[]; problems: string[] } {
  const entries: LocatedEntry[] = [];
  const problems: string[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (error) {
      problems.push(`${path}: line ${line}: not valid JSON (${(error as Error).message})`);
      return;
    }
    const result = historyEntrySchema.safeParse(json);
    if (result.success) entries.push({ entry: result.data, line });
    else problems.push(...result.error.issues.map((issue) => lineIssue(path, line, json, issue)));
  });
  entries.sort((a, b) => inHistoryOrder(a.entry, b.entry));
  return { entries, problems };
}

function lineIssue(path: string, line: number, json: unknown, issue: z.core.$ZodIssue): string {
  const found = issue.path.reduce<unknown>(
    (value, key) =>
      value !== null && typeof value === 'object' && Object.hasOwn(value, key as PropertyKey)
        ? (value as Record<PropertyKey, unknown>)[key as PropertyKey]
        : undefined,
    json,
  );
  return `${path}: line ${line}, field ${issue.path.join('.') || '(the entry)'}: ${inEditorsWords(issue, found)}`;
}

/** What the history last recorded of a course, or of the methodology. */
export interface Recorded {
  facts: Record<string, string>;
  /** The course's name as of its latest entry. */
  name?: string;
  placeholder: boolean;
  /** The date of its latest entry. */
  last: string;
  removed: boolean;
}

export interface RecordedState {
  courses: Map<string, Recorded>;
  methodology?: Recorded;
}

/**
 * What the history records, entry after entry in order, and the problems of entries that cannot
 * follow what came before them. With `today`, an entry dated after it is a problem too.
 */
export function foldHistory(
  located: readonly LocatedEntry[],
  path: string,
  today?: string,
): { state: RecordedState; problems: string[] } {
  const state: RecordedState = { courses: new Map() };
  const problems: string[] = [];
  const ids = new Set<string>();
  const future: LocatedEntry[] = [];
  for (const { entry, line } of located) {
    const problem = (text: string) => problems.push(`${path}: line ${line} (${entry.id}): ${text}`);
    if (ids.has(entry.id)) problem('another line has the same id; delete one of the two');
    ids.add(entry.id);
    if (!entry.id.startsWith(`${entry.date}-`)) problem(`its id must start with its date`);
    if (today !== undefined && entry.date > today) future.push({ entry, line });
    for (const change of entry.changes ?? []) {
      if (entry.facts?.[change.field] !== fingerprint(change.after)) {
        problem(
          `the value after of ${change.field} does not match its fingerprint (edited by hand?)`,
        );
      }
    }
    const subject = entry.course === undefined ? 'the methodology' : `course "${entry.course}"`;
    const before = entry.course === undefined ? state.methodology : state.courses.get(entry.course);
    const shapeProblem = entryShapeProblem(entry);
    if (shapeProblem) {
      problem(shapeProblem);
      continue;
    }
    if (entry.kind === 'added') {
      if (before && !before.removed) problem(`${subject} is added again without being removed`);
    } else if (!before || before.removed) {
      problem(`${subject} has a "${entry.kind}" entry but is not in the history at that date`);
      continue;
    }
    const after: Recorded = {
      facts: entry.kind === 'added' ? { ...entry.facts } : { ...before!.facts, ...entry.facts },
      name: entry.name,
      placeholder: entry.placeholder === true,
      last: entry.date,
      removed: entry.kind === 'removed',
    };
    if (entry.course === undefined) state.methodology = after;
    else state.courses.set(entry.course, after);
  }
  if (future.length > 0) {
    const [{ entry, line }] = future;
    problems.push(
      `${path}: ${future.length === 1 ? 'an entry is' : `${future.length} entries are`} dated after today (${today}, UTC), the first on line ${line} (${entry.id})`,
    );
  }
  return { state, problems };
}

/** What an entry of its kind must hold, in the editors' words; undefined when it holds it. */
function entryShapeProblem(entry: HistoryEntry): string | undefined {
  const course = entry.course !== undefined;
  const facts = Object.keys(entry.facts ?? {}).length;
  if (!course && !['added', 'changed'].includes(entry.kind)) {
    return `an entry about the methodology is "added" or "changed", not "${entry.kind}"`;
  }
  if (!course && (entry.name !== undefined || entry.placeholder !== undefined)) {
    return 'an entry about the methodology has no name or placeholder';
  }
  if (course && entry.name === undefined) return 'an entry about a course names it (name)';
  if (entry.kind === 'removed' && facts > 0) return 'a "removed" entry has no facts';
  if (entry.kind !== 'removed' && facts === 0) return `a "${entry.kind}" entry needs its facts`;
  if (['changed', 'no_longer_enrolling'].includes(entry.kind) && !entry.changes?.length) {
    return `a "${entry.kind}" entry lists its changes`;
  }
  return undefined;
}
