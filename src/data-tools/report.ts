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

/** The facts a source vouches for: a source whose `field` is `price` or `price.amount` covers `price`. */
export const SOURCED_FIELDS = [
  'status',
  'url',
  'price',
  'levels',
  'topic_coverage',
  'ai_geo_focus',
  'formats',
  'certification',
  'community',
  'updates',
  'operating_models',
] as const;

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

function unsourcedFields(course: CourseRecord): string[] {
  const covered = new Set(course.verification.sources.map((s) => s.field.split('.')[0]));
  return SOURCED_FIELDS.filter((field) => !covered.has(field));
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
  const rated = dataset.courses.map((course) => ({
    course,
    status: verificationStatus(course.verification.last_verified_on, today, days),
  }));
  rated.sort(
    (a, b) =>
      STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status) ||
      (a.course.verification.last_verified_on ?? '').localeCompare(
        b.course.verification.last_verified_on ?? '',
      ) ||
      a.course.slug.localeCompare(b.course.slug),
  );
  const statusRows = rated.map(({ course, status }) => {
    const last = course.verification.last_verified_on;
    const dates = last === null ? null : statusDates(last, days);
    const when = (later: Later) => (dates === null ? '' : (dates[later] ?? 'never'));
    return [status, course.slug, course.status, last ?? 'never', ...LATER.map(when)];
  });
  const unsourced = dataset.courses
    .map((course) => [
      course.slug,
      course.verification.sources.length === 0
        ? 'all (no sources yet)'
        : unsourcedFields(course).join(', '),
    ])
    .filter(([, fields]) => fields !== '');
  const older = dataset.courses.flatMap((course) =>
    course.verification.sources
      .filter((source) => source.verified_on < (course.verification.last_verified_on ?? ''))
      .map((source) => [
        course.slug,
        source.field,
        source.source_type,
        source.verified_on,
        course.verification.last_verified_on ?? '',
      ]),
  );
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
      ['courses with fields that have no source', String(unsourced.length)],
      ['sources older than their course’s last verification', String(older.length)],
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
        title: 'Fields with no source',
        note: `Facts no verification source covers (of ${SOURCED_FIELDS.join(', ')}).`,
        headers: ['course', 'fields'],
        rows: unsourced,
        empty: 'Every fact has a source.',
      },
      {
        title: 'Sources older than the course’s last verification',
        note: 'Fields not checked again when the course was last verified.',
        headers: ['course', 'field', 'source type', 'verified on', 'course last verified'],
        rows: older,
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
  // What needs checking, whether the latest edits are recorded in the history yet or not.
  const dataset = loadDataset(dataDirFrom(values['data-dir']), today, { history: 'none' });
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
