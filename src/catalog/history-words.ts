import { isDeepStrictEqual } from 'node:util';
import { Logger } from '@nestjs/common';
import { z } from 'zod';
import { isRecord } from '../core/json-value';
import { type CourseRecord, courseRecordSchema } from './course.schema';
import { checkInWords, dateInWords, sourcesInWords } from './check-words';
import type { KeptEntry } from './history-check';
import type { FieldChange } from './history.schema';
import { methodologySchema } from './methodology.schema';
import {
  COVERAGE_LABELS,
  type CoverageKey,
  LEVEL_LABELS,
  OPERATING_MODEL_LABELS,
} from './vocabulary';

/**
 * The history in words a person reads (docs/data.md#the-history): "Price changed from $199 to
 * $249 a month", "Price checked on the provider's page on 12 March 2027". Written once, for the API,
 * the pages, the feed and the editors' tools alike.
 */

type Price = CourseRecord['price'];

const NUMBER = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
const CURRENCY_SIGNS: Record<string, string> = { USD: '$', GBP: '£', EUR: '€' };
const PER: Record<string, string> = { monthly: ' a month', annual: ' a year' };

const quoted = (text: unknown) => (typeof text === 'string' ? `“${text}”` : 'none');
const listed = (values: unknown, labels?: Record<string, string>) =>
  Array.isArray(values) && values.length > 0
    ? values.map((value: string) => labels?.[value] ?? value).join(', ')
    : 'none';
/** A number, a word, a boolean or nothing: a value said as it is. */
const isScalar = (value: unknown) => value === null || typeof value !== 'object';

/** A price as a person says it: "$249 a month", "free", "not published". */
export function priceInWords(price: Partial<Price> | undefined): string {
  if (!price || price.known === false) return 'not published';
  if (price.type === 'free' || price.amount === 0) return 'free';
  if (price.amount === null || price.amount === undefined || price.type === 'custom') {
    return price.display ?? 'not published';
  }
  const sign = CURRENCY_SIGNS[price.currency ?? ''];
  const amount = sign
    ? `${sign}${NUMBER.format(price.amount)}`
    : `${NUMBER.format(price.amount)} ${price.currency ?? ''}`.trim();
  return `${amount}${PER[price.type ?? ''] ?? ''}`;
}

function priceChange(before: Partial<Price> | undefined, after: Partial<Price> | undefined) {
  const [was, now] = [priceInWords(before), priceInWords(after)];
  if (was !== now) return `Price changed from ${was} to ${now}`;
  if (before?.display !== after?.display) {
    return `Price as published changed from ${quoted(before?.display)} to ${quoted(after?.display)}`;
  }
  const cost = (p?: Partial<Price>) =>
    typeof p?.first_year_cost_usd === 'number'
      ? `about $${NUMBER.format(p.first_year_cost_usd)}`
      : 'unknown';
  return `First-year cost changed from ${cost(before)} to ${cost(after)}`;
}

/** The members of an object whose values differ, as "name from X to Y". */
function membersChanged(
  before: unknown,
  after: unknown,
  shown = (value: unknown) => String(value ?? 'none'),
) {
  const [was, now] = [isRecord(before) ? before : {}, isRecord(after) ? after : {}];
  return [...new Set([...Object.keys(was), ...Object.keys(now)])]
    .filter((key) => !isDeepStrictEqual(was[key], now[key]))
    .map((key) => ({
      key,
      nested: !isScalar(was[key]) || !isScalar(now[key]),
      text: `from ${shown(was[key])} to ${shown(now[key])}`,
    }));
}

const score = (value: unknown) => (typeof value === 'number' ? `${value}/5` : 'none');
const words = (key: string) => key.replaceAll('_', ' ');
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A member's value before (absent: a member new to the data) and after. */
type Words<T> = (before: T | undefined, after: T) => string;
type CourseFieldWords = { [K in keyof CourseRecord]?: Words<CourseRecord[K]> };

const COURSE_FIELDS: CourseFieldWords = {
  name: (b, a) => `Renamed from ${quoted(b)} to ${quoted(a)}`,
  provider: (b, a) =>
    b?.name !== a?.name
      ? `Provider changed from ${b?.name ?? 'none'} to ${a?.name ?? 'none'}`
      : `Provider's website changed from ${b?.url ?? 'none'} to ${a?.url ?? 'none'}`,
  status: (_b, a) => (a === 'inactive' ? 'No longer enrolling' : 'Enrolling again'),
  url: (b, a) => `Course page changed from ${b ?? 'none'} to ${a ?? 'none'}`,
  description: () => 'Description rewritten',
  best_for: () => '“Best for” rewritten',
  highlights: () => 'Highlights changed',
  price: (b, a) => priceChange(b, a),
  levels: (b, a) => `Levels changed from ${listed(b, LEVEL_LABELS)} to ${listed(a, LEVEL_LABELS)}`,
  topic_coverage: (b, a) =>
    `Topic coverage changed: ${membersChanged(b, a, score)
      .map(({ key, text }) => `${COVERAGE_LABELS[key as CoverageKey] ?? key} ${text}`)
      .join(', ')}`,
  ai_geo_focus: (b, a) => `AI/GEO focus changed from ${b ?? 'none'} to ${a}`,
  formats: (b, a) => `Formats changed from ${listed(b)} to ${listed(a)}`,
  certification: (_b, a) => (a ? 'Now awards a certificate' : 'No longer awards a certificate'),
  community: (b, a) => `Community changed from ${b ?? 'none'} to ${a}`,
  updates: (b, a) => `Updates changed from ${b ?? 'none'} to ${a}`,
  operating_models: (b, a) =>
    `Kinds of work changed from ${listed(b, OPERATING_MODEL_LABELS)} to ${listed(a, OPERATING_MODEL_LABELS)}`,
  verification: () => 'Verification record corrected',
  editorial_pick: (b, a) =>
    !a
      ? 'Editorial pick withdrawn'
      : b
        ? 'Editorial pick changed'
        : `Given the editorial pick ${quoted(a.label ?? 'Editorial pick')}`,
  placeholder_data: (_b, a) =>
    a ? 'Marked as placeholder data' : 'Real data now, no longer a placeholder',
};

const METHODOLOGY_LABELS: Record<string, string> = {
  weights: 'Weight of',
  adjustments: 'Adjustment',
  penalties: 'Penalty',
  freshness_fit: 'Freshness fit of',
  verification_days: 'Verification days for',
  budget_bands: 'Budget bands',
  topic_coverage_scale: 'Topic coverage scale',
  match_threshold: 'Match threshold',
  result_limit: 'Result limit',
};

function methodologyChange(field: string, before: unknown, after: unknown): string {
  const label = METHODOLOGY_LABELS[field] ?? capitalised(words(field));
  if (!isRecord(after) || !isRecord(before)) {
    // A value that is not one number or word (a list, say) is named, not spelled out.
    return isScalar(before) && isScalar(after)
      ? `${label} changed from ${before ?? 'none'} to ${after ?? 'none'}`
      : `${label} changed`;
  }
  const members = membersChanged(before, after);
  // Members that are objects or lists themselves (the budget bands' limits) are named, not spelled out.
  if (members.length === 0 || members.some(({ nested }) => nested)) return `${label} changed`;
  return members
    .map(({ key, text }) => {
      const name = `${label} ${words(key)}`;
      // A member new to the methodology, or one it no longer has (renamed, say).
      if (!Object.hasOwn(before, key)) return `${name} added: ${after[key]}`;
      if (!Object.hasOwn(after, key)) return `${name} removed (it was ${before[key]})`;
      return `${name} changed ${text}`;
    })
    .join('. ');
}

type Subject = 'course' | 'methodology';

/**
 * A methodology member as the contract shapes it (docs/api.md#getmethodology): names, each with a
 * number or a word. Its names are the editors' and change over time (a penalty renamed), so an
 * older entry's value is read as it was then, not as today's file names its members.
 */
const NAMED_VALUES = z.record(z.string(), z.union([z.number(), z.string()]));

/**
 * Each fact's own schema, as the data files are validated with it: the members the history records
 * (docs/data.md#the-history), all but a course's slug and the methodology file's date and `$schema`.
 */
const FACT_SCHEMAS: Record<Subject, Readonly<Record<string, z.ZodType>>> = {
  course: courseRecordSchema.omit({ slug: true }).shape,
  methodology: Object.fromEntries(
    Object.entries(methodologySchema.omit({ methodology_url: true }).shape).map(([key, schema]) => [
      key,
      z.union([NAMED_VALUES, schema]),
    ]),
  ),
};

/** A course member's name where its words are not its key's. */
const COURSE_LABELS: Partial<Record<keyof CourseRecord, string>> = {
  url: 'Course page',
  best_for: '“Best for”',
  ai_geo_focus: 'AI/GEO focus',
  operating_models: 'Kinds of work',
  link_is_affiliate: 'Affiliate link',
  status: 'Enrolment',
};

/** "Price changed": a change named, its values not spelled out. */
function named(field: string, subject: Subject): string {
  const label = subject === 'course' ? COURSE_LABELS[field as keyof CourseRecord] : undefined;
  return `${label ?? capitalised(words(field))} changed`;
}

const logger = new Logger('History');

/**
 * The change's values as its field's own (a value before may be absent: a member new to the
 * data), or why they are not: a field the data does not have, or a value its schema refuses.
 */
function typedValues(
  { field, before, after }: FieldChange,
  subject: Subject,
): { before: unknown; after: unknown } | string {
  const shape = FACT_SCHEMAS[subject];
  if (!Object.hasOwn(shape, field)) return `the ${subject} has no member ${field}`;
  const schema = shape[field];
  const parsed = [
    before === undefined ? undefined : schema.safeParse(before),
    schema.safeParse(after),
  ];
  const refused = parsed.findIndex((result) => result?.success === false);
  if (refused !== -1) {
    const issue = parsed[refused]!.error!.issues[0];
    const at = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    return `its value ${refused === 0 ? 'before' : 'after'} is not one of ${field}'s (${issue.message}${at})`;
  }
  return { before: parsed[0]?.data, after: parsed[1]!.data };
}

/**
 * One member's change in words (docs/data.md#the-history). Its values are spelled out only when
 * each is a value of the member, as its schema says; otherwise, a history line written by hand, or
 * a member whose values have changed shape since, the change is named ("Price changed") and why is
 * logged at debug level: the words never fail the history they describe.
 */
export function changeInWords(change: FieldChange, subject: Subject): string {
  const values = typedValues(change, subject);
  if (typeof values === 'string') {
    logger.debug(`A ${subject} change of ${change.field} is named, not spelled out: ${values}`);
    return named(change.field, subject);
  }
  const { before, after } = values;
  if (subject === 'methodology') return methodologyChange(change.field, before, after);
  const words = COURSE_FIELDS[change.field as keyof CourseRecord] as Words<unknown> | undefined;
  return words ? words(before, after) : named(change.field, subject);
}

/** Who an entry is about, as its words begin: the course's name, or the methodology. */
export const subjectInWords = (courseName: string | undefined) =>
  courseName ?? 'Scoring methodology';

/** The entry in words, and each of its changes. */
export function entryInWords(entry: KeptEntry): { text: string; changes: string[] } {
  const subject = entry.course === undefined ? 'methodology' : 'course';
  const changes = (entry.changes ?? []).map((change) => changeInWords(change, subject));
  const checked = entry.sources?.length
    ? ` (checked against ${sourcesInWords(entry.sources)})`
    : '';
  const who = subjectInWords(entry.name);
  let said: string;
  switch (entry.kind) {
    case 'added':
      said =
        subject === 'methodology'
          ? 'Recorded as it stood when the history started'
          : `Added to the dataset${entry.placeholder ? ' as a fictional placeholder' : ''}`;
      break;
    case 'verified':
      said = entry.sources?.length
        ? checkInWords(entry.sources, entry.date)
        : `Verified on ${dateInWords(entry.date)}`;
      return { text: `${who}: ${said}.`, changes };
    case 'removed':
      said = 'Removed from the dataset';
      break;
    default:
      said = changes.join('. ');
  }
  return { text: `${who}: ${said}${checked}.`, changes };
}
