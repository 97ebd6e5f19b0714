/**
 * `npm run data:report`: what in the data needs checking, as of today. Prints the report; with
 * `--markdown FILE` also writes it as Markdown for a pull request; with `--fail-on STATUS` exits 1
 * when an active course has that verification status or worse, so CI can gate on it.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { CourseRecord } from '../catalog/course.schema';
import { type Dataset, loadDataset } from '../catalog/dataset';
import { verificationStatus } from '../catalog/derive';
import { FACTS, type FactCheck, lastVerifiedOn } from '../catalog/facts';
import { VERIFICATION_STATUSES, type VerificationStatus } from '../catalog/vocabulary';
import type { MethodologyFile } from '../catalog/methodology.schema';
import {
  addDays,
  DATA_DIR_OPTION,
  dataDirFrom,
  readArgs,
  runCli,
  todayFrom,
  TODAY_OPTION,
  UsageError,
} from './cli';
import { type Section, toMarkdown, toText } from './sections';

export const USAGE = `Usage: npm run data:report -- [--markdown FILE] [--fail-on STATUS]... [--today YYYY-MM-DD] [--data-dir DIR]

--markdown FILE   also write the report as Markdown (for a pull request)
--fail-on STATUS  exit code 1 when an active course has STATUS or worse; repeatable.
                  fresh < review_due < stale < seriously_stale by age; unverified
                  (no date at all) matches --fail-on unverified only
--today DATE      the day the statuses are computed for (default: today, UTC)`;

/** Verification statuses by age; `unverified` has no date and stands outside this order. */
const BY_AGE: readonly VerificationStatus[] = ['fresh', 'review_due', 'stale', 'seriously_stale'];
const LATER = ['review_due', 'stale', 'seriously_stale'] as const;
type Later = (typeof LATER)[number];
/** Report order: what needs checking first. */
const STATUS_ORDER: readonly VerificationStatus[] = [
  'seriously_stale',
  'stale',
  'review_due',
  'unverified',
  'fresh',
];

/** Whether `status` is `threshold` or worse (see USAGE). */
export function atOrWorse(status: VerificationStatus, threshold: VerificationStatus): boolean {
  if (status === 'unverified' || threshold === 'unverified') return status === threshold;
  return BY_AGE.indexOf(status) >= BY_AGE.indexOf(threshold);
}

/** The first day each later status applies, asking `verificationStatus` day after day. */
function statusDates(
  last: string,
  days: MethodologyFile['verification_days'],
): Record<Later, string | null> {
  const first: Partial<Record<VerificationStatus, string>> = {};
  for (let offset = 0; first.seriously_stale === undefined; offset++) {
    const day = addDays(last, offset);
    first[verificationStatus(last, day, days)] ??= day;
  }
  // A status the methodology's days skip (fresh == review_due) never applies.
  return {
    review_due: first.review_due ?? null,
    stale: first.stale ?? null,
    seriously_stale: first.seriously_stale ?? null,
  };
}

/** Member paths holding `null` (unknown facts); the verification and the editorial pick aside. */
function unknownFacts(value: unknown, path = ''): string[] {
  if (value === null) return [path];
  if (typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, member]) =>
    path === '' && (key === 'verification' || key === 'editorial_pick')
      ? []
      : unknownFacts(member, path ? `${path}.${key}` : key),
  );
}

/** The facts with no check that holds, each changed since its check saying so. */
function unchecked(checks: readonly FactCheck[]): string {
  if (checks.every((c) => c.checkedOn === null && c.changedOn === undefined)) {
    return 'all (no sources yet)';
  }
  return checks
    .filter((c) => c.checkedOn === null)
    .map((c) => (c.changedOn ? `${c.fact} (changed on ${c.changedOn}, after its check)` : c.fact))
    .join(', ');
}

export interface Report {
  sections: Section[];
  /** Active courses at or past a `--fail-on` status, as `slug (status)`. */
  failing: string[];
}

export function buildReport(
  dataset: Dataset,
  today: string,
  failOn: readonly VerificationStatus[] = [],
): Report {
  const days = dataset.methodology.verification_days;
  const checksOf = (course: CourseRecord) => dataset.checks.get(course.slug)!;
  // The date the service serves: the day by which every fact had been checked.
  const rated = dataset.courses.map((course) => {
    const last = lastVerifiedOn(checksOf(course));
    return { course, last, status: verificationStatus(last, today, days) };
  });
  rated.sort(
    (a, b) =>
      STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status) ||
      (a.last ?? '').localeCompare(b.last ?? '') ||
      a.course.slug.localeCompare(b.course.slug),
  );
  const statusRows = rated.map(({ course, last, status }) => {
    const dates = last === null ? null : statusDates(last, days);
    const when = (later: Later) => (dates === null ? '' : (dates[later] ?? 'never'));
    return [status, course.slug, course.status, last ?? 'never', ...LATER.map(when)];
  });
  const unsourced = dataset.courses
    .map((course) => [course.slug, unchecked(checksOf(course))])
    .filter(([, facts]) => facts !== '');
  // Facts that hold a course's date back: checked before its newest check.
  const older = dataset.courses.flatMap((course) => {
    const checks = checksOf(course);
    const newest = checks.reduce(
      (max, c) => (c.checkedOn && c.checkedOn > max ? c.checkedOn : max),
      '',
    );
    return checks
      .filter((c) => c.checkedOn !== null && c.checkedOn < newest)
      .map((c) => [course.slug, c.fact, c.checkedOn!, newest]);
  });
  const unsupported = dataset.courses.flatMap((course) => {
    const supported = lastVerifiedOn(checksOf(course));
    const written = course.verification.last_verified_on;
    return written === supported ? [] : [[course.slug, written ?? 'null', supported ?? 'null']];
  });
  const unknown = dataset.courses
    .map((course) => [course.slug, unknownFacts(course).join(', ')])
    .filter(([, fields]) => fields !== '');
  const placeholders = dataset.courses
    .filter((course) => course.placeholder_data)
    .map((course) => [course.slug, course.name, course.status]);
  const failing = rated
    .filter(({ course }) => course.status === 'active')
    .filter(({ status }) => failOn.some((threshold) => atOrWorse(status, threshold)))
    .map(({ course, status }) => `${course.slug} (${status})`);

  const count = (status: VerificationStatus) =>
    `${rated.filter((r) => r.status === status).length} (${
      rated.filter((r) => r.status === status && r.course.status === 'active').length
    } active)`;
  const active = dataset.courses.filter((course) => course.status === 'active').length;
  const summary: Section = {
    title: 'Summary',
    note: `As of ${today} (UTC).`,
    headers: ['what', 'count'],
    rows: [
      ['courses', `${dataset.courses.length} (${active} active)`],
      ...VERIFICATION_STATUSES.map((status) => [status, count(status)]),
      ['placeholder courses', String(placeholders.length)],
      ['courses with facts not checked', String(unsourced.length)],
      ['facts checked before the rest of their course', String(older.length)],
      ['last-verified dates the sources do not support', String(unsupported.length)],
      ['courses with unknown (null) facts', String(unknown.length)],
    ],
    empty: '',
  };
  return {
    failing,
    sections: [
      summary,
      {
        title: 'Courses by verification status',
        note: `The dates each course becomes review_due, stale and seriously_stale (methodology verification_days: fresh ${days.fresh}, review_due ${days.review_due}, stale ${days.stale}).`,
        headers: ['status', 'course', 'course status', 'last verified', ...LATER],
        rows: statusRows,
        empty: 'No courses.',
      },
      {
        title: 'Facts not checked',
        note: `Facts (${FACTS.join(', ')}) with no check that holds: never checked, or changed since their check without a source. A course is unverified until every fact is checked.`,
        headers: ['course', 'facts'],
        rows: unsourced,
        empty: 'Every fact of every course is checked.',
      },
      {
        title: 'Facts checked before the rest',
        note: 'A course is verified as of its oldest check: these hold its date back.',
        headers: ['course', 'fact', 'checked on', 'newest check'],
        rows: older,
        empty: 'None.',
      },
      {
        title: 'Last-verified dates the sources do not support',
        note: 'courses.json holds a date its checks do not support (set by an earlier rule, or by hand); the service serves the supported one. `npm run data:check` names the facts to check.',
        headers: ['course', 'in courses.json', 'supported'],
        rows: unsupported,
        empty: 'None.',
      },
      {
        title: 'Unknown (null) facts',
        headers: ['course', 'fields'],
        rows: unknown,
        empty: 'None.',
      },
      {
        title: 'Placeholder courses left',
        headers: ['course', 'name', 'course status'],
        rows: placeholders,
        empty: 'None.',
      },
    ],
  };
}

export async function report(args: string[]): Promise<number> {
  const { values } = readArgs(() =>
    parseArgs({
      args,
      options: {
        ...DATA_DIR_OPTION,
        ...TODAY_OPTION,
        markdown: { type: 'string' },
        'fail-on': { type: 'string', multiple: true },
      },
    }),
  );
  const failOn = (values['fail-on'] ?? []).map((status) => {
    if (!(VERIFICATION_STATUSES as readonly string[]).includes(status)) {
      throw new UsageError(
        `--fail-on must be one of ${VERIFICATION_STATUSES.join(', ')}, not "${status}"`,
      );
    }
    return status as VerificationStatus;
  });
  const today = todayFrom(values.today);
  // What needs checking, whether the latest edits are recorded in the history yet or not: the
  // history's entries are read (a change since a check voids it), the files not held to them.
  const dataset = loadDataset(dataDirFrom(values['data-dir']), today, { history: 'entries' });
  const { sections, failing } = buildReport(dataset, today, failOn);
  const title = 'Data report';
  console.log(toText(title, sections));
  if (values.markdown !== undefined) writeFileSync(values.markdown, toMarkdown(title, sections));
  if (failing.length === 0) return 0;
  console.error(
    `--fail-on ${failOn.join(', ')}: ${failing.length} active course(s) at or past it: ${failing.join(', ')}`,
  );
  return 1;
}

if (require.main === module) runCli(USAGE, report);
