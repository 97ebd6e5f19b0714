import { isDeepStrictEqual } from 'node:util';
import type { CourseRecord } from '../catalog/course.schema';
import { differingFields } from '../catalog/history-check';
import {
  courseFacts,
  fingerprint,
  methodologyFacts,
  type Recorded,
  type RecordedState,
} from '../catalog/history';
import type { EntrySource, FieldChange, HistoryEntry } from '../catalog/history.schema';
import type { MethodologyFile } from '../catalog/methodology.schema';
import { Refusal } from './cli';
import { placedAfter, withId } from './history-file';

/**
 * The entries that bring the history up to the files
 * (docs/editing-data.md#the-history-edit-record-check): one per course and kind of difference,
 * one for the methodology. Pure: the command reads the files, the history and the values before,
 * and writes what this returns.
 */

/** The files as a git ref holds them: where the values before a change come from. */
export interface Before {
  /** What the values were read from, for a refusal that names it. */
  ref: string;
  courses: ReadonlyMap<string, CourseRecord>;
  methodology?: MethodologyFile;
  /** The ids of the history's entries at the ref. */
  entryIds: ReadonlySet<string>;
}

export interface RecordRequest {
  /** What the history records now; undefined when there is no history yet. */
  state: RecordedState | undefined;
  /** The history's entries, in order (date, seq, id). */
  history: readonly HistoryEntry[];
  courses: readonly CourseRecord[];
  methodology: MethodologyFile;
  before?: Before;
  /** HEAD's files when `before` is another ref: its entries are never replaced, its values read. */
  head?: Before;
  date: string;
  /** What the editor checked the course changes against (`--source`). */
  sources: readonly EntrySource[];
  /** Only these courses, and not the methodology (`--course`); every difference when undefined. */
  only?: ReadonlySet<string>;
}

const about = (course: CourseRecord) => ({
  course: course.slug,
  name: course.name,
  ...(course.placeholder_data ? { placeholder: true as const } : {}),
});

const factsFor = (facts: Record<string, string>, fields: readonly string[]) =>
  Object.fromEntries(fields.map((field) => [field, facts[field]]));

export interface Recording {
  /** The new entries, in the order written: courses in file order, then the methodology. */
  entries: HistoryEntry[];
  /** Entries of courses added since the ref, replaced by a new `added` entry: nobody saw them. */
  replaced: ReadonlySet<string>;
}

/** Every entry a record brings. */
export function entriesToRecord(request: RecordRequest): Recording {
  const { state, courses, methodology, date, only } = request;
  const replaced = new Set<string>();
  if (!state) return { entries: startingEntries(courses, methodology, date), replaced };
  const entries: HistoryEntry[] = [];
  const inFile = new Set(courses.map((course) => course.slug));
  for (const course of courses) {
    if (only && !only.has(course.slug)) continue;
    const recorded = state.courses.get(course.slug);
    if (!recorded || recorded.removed) {
      entries.push(added(course, date, request.sources));
      continue;
    }
    const unpublished = unpublishedEntries(course.slug, request);
    if (unpublished && differingFields(courseFacts(course), recorded.facts).length > 0) {
      for (const id of unpublished) replaced.add(id);
      entries.push(added(course, date, request.sources));
      continue;
    }
    entries.push(...courseEntries(course, recorded, request));
  }
  for (const [slug, recorded] of state.courses) {
    if (recorded.removed || inFile.has(slug) || (only && !only.has(slug))) continue;
    checkDate(`course "${slug}"`, recorded, date);
    const placeholder = recorded.placeholder ? { placeholder: true as const } : {};
    entries.push(
      withId({ date, kind: 'removed', course: slug, name: recorded.name, ...placeholder }),
    );
  }
  if (!only) entries.push(...methodologyEntries(methodology, state.methodology, request));
  return { entries: placedAfter(request.history, entries), replaced };
}

/**
 * The ids of a course's entries since it was last added (a course added back counts from its
 * return), when none is in the last commit, whatever ref gives the values before: a change to it
 * is folded into its one `added` entry. Undefined otherwise, or with no commit to tell.
 */
function unpublishedEntries(slug: string, { before, head, history }: RecordRequest) {
  const committed = (head ?? before)?.entryIds;
  if (!committed) return undefined;
  const mine = history.filter((entry) => entry.course === slug);
  const since = mine.slice(
    Math.max(
      0,
      mine.findLastIndex((entry) => entry.kind === 'added'),
    ),
  );
  const ids = since.map((entry) => entry.id);
  return ids.some((id) => committed.has(id)) ? undefined : ids;
}

/** A history started from the files: every course added, and the methodology, on `date`. */
function startingEntries(
  courses: readonly CourseRecord[],
  methodology: MethodologyFile,
  date: string,
) {
  return [
    ...courses.map((course) => added(course, date, [])),
    withId({ date, kind: 'added', facts: methodologyFacts(methodology) }),
  ];
}

function added(course: CourseRecord, date: string, sources: readonly EntrySource[]) {
  return withId({
    date,
    kind: 'added',
    ...about(course),
    ...(sources.length ? { sources: [...sources] } : {}),
    facts: courseFacts(course),
  });
}

/** A check of a course against `sources` (its evidence, as `courses.json` holds it). */
export function verifiedEntry(
  course: CourseRecord,
  date: string,
  sources: readonly CourseRecord['verification']['sources'][number][],
): HistoryEntry {
  return withId({
    date,
    kind: 'verified',
    ...about(course),
    sources: sources.map(({ field, source_type, label, url }) => ({
      field,
      source_type,
      label,
      url,
    })),
    facts: { verification: fingerprint(course.verification) },
  });
}

/** A `date` before the subject's latest entry would tell its history out of order. */
export function checkDate(subject: string, recorded: Recorded, date: string): void {
  if (date < recorded.last) {
    throw new Refusal(
      `${subject}: ${date} is before its latest entry (${recorded.last}); the history cannot go back`,
    );
  }
}

/**
 * The value of `field` before: the one the history last recorded, read from the ref's files, the
 * last commit's or the latest entry that wrote it, whichever holds a value with the recorded
 * fingerprint. `at` reads the field from a ref's files (undefined when they lack the subject).
 */
function valueBefore(
  subject: { course?: string; label: string },
  field: string,
  recorded: Recorded,
  at: (files: Before) => { value: unknown } | undefined,
  request: RecordRequest,
): unknown {
  const wanted = recorded.facts[field];
  if (wanted === undefined) return undefined;
  const refs = [request.before, request.head].filter((files) => files !== undefined);
  const atRef = refs.map(at).find((found) => found && fingerprint(found.value) === wanted);
  if (atRef) return atRef.value;
  const written = request.history
    .filter((entry) => entry.course === subject.course)
    .flatMap((entry) => entry.changes ?? [])
    .findLast((change) => change.field === field && fingerprint(change.after) === wanted);
  if (written) return written.after;
  const where = refs.map((files) => files.ref).join(' nor at ') || 'HEAD (no git repository here)';
  throw new Refusal(
    `${subject.label}, field ${field}: the value the history last recorded is neither at ${where} nor in an entry` +
      ' (was it committed without an entry?); give --ref with a commit whose data holds it',
  );
}

function courseEntries(course: CourseRecord, recorded: Recorded, request: RecordRequest) {
  const facts = courseFacts(course);
  const fields = differingFields(facts, recorded.facts);
  if (fields.length === 0) return [];
  const subject = { course: course.slug, label: `course "${course.slug}"` };
  checkDate(subject.label, recorded, request.date);
  const change = (field: string): FieldChange => ({
    field,
    before: valueBefore(
      subject,
      field,
      recorded,
      (files) => {
        const old = files.courses.get(course.slug);
        return old && { value: old[field as keyof CourseRecord] };
      },
      request,
    ),
    after: course[field as keyof CourseRecord],
  });
  const entries: HistoryEntry[] = [];
  const base = { date: request.date, ...about(course) };
  const sources = request.sources.length ? { sources: [...request.sources] } : {};
  let rest = fields;
  if (fields.includes('verification')) {
    const verification = change('verification');
    const earlier =
      (verification.before as CourseRecord['verification'] | undefined)?.sources ?? [];
    const fresh = course.verification.sources.filter(
      (source) => !earlier.some((old) => isDeepStrictEqual(old, source)),
    );
    if (fresh.length > 0) {
      rest = rest.filter((field) => field !== 'verification');
      entries.push(verifiedEntry(course, request.date, fresh));
    }
  }
  if (rest.includes('status') && course.status === 'inactive') {
    rest = rest.filter((field) => field !== 'status');
    entries.unshift(
      withId({
        ...base,
        kind: 'no_longer_enrolling',
        changes: [change('status')],
        ...sources,
        facts: factsFor(facts, ['status']),
      }),
    );
  }
  if (rest.length > 0) {
    entries.unshift(
      withId({
        ...base,
        kind: 'changed',
        changes: rest.map(change),
        ...sources,
        facts: factsFor(facts, rest),
      }),
    );
  }
  return entries;
}

function methodologyEntries(
  methodology: MethodologyFile,
  recorded: Recorded | undefined,
  request: RecordRequest,
) {
  const facts = methodologyFacts(methodology);
  if (!recorded) return [withId({ date: request.date, kind: 'added', facts })];
  const fields = differingFields(facts, recorded.facts);
  if (fields.length === 0) return [];
  checkDate('the methodology', recorded, request.date);
  const changes = fields.map((field) => ({
    field,
    before: valueBefore(
      { label: 'the methodology' },
      field,
      recorded,
      (files) => files.methodology && { value: files.methodology[field as keyof MethodologyFile] },
      request,
    ),
    after: methodology[field as keyof MethodologyFile],
  }));
  return [withId({ date: request.date, kind: 'changed', changes, facts: factsFor(facts, fields) })];
}
