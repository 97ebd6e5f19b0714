import type { Change } from '../catalog/change.schema';
import type { Course } from '../catalog/course.schema';
import { courseText } from '../catalog/course-text';
import { dateInWords, fieldInWords } from '../catalog/check-words';
import { subjectInWords } from '../catalog/history-words';
import {
  TOPIC_COVERAGE,
  TOPIC_LABELS,
  TOPICS,
  COVERAGE_KEYS,
  COVERAGE_LABELS,
  VERIFICATION_STATUS_LABELS,
} from '../catalog/vocabulary';
import { inFigures, listed, listSeparator } from '../core/words';

/** How course facts read to a person; shared by the HTML templates and the Markdown companions. */

const SOURCE_TYPE_LABELS: Record<Course['verification']['sources'][number]['source_type'], string> =
  {
    official: 'official',
    public_third_party: 'public third party',
    first_hand: 'first hand',
    member_verified: 'member verified',
    user_submitted: 'user submitted',
  };

/** What the policies call by an API field name, as a visitor reads it. */
const FIELD_WORDS: Record<string, string> = {
  editorial_pick: 'the editorial pick',
  'meta.citation': 'the suggested citation',
  'meta.canonical_url': 'the canonical page',
  'meta.contains_placeholder_data': 'the placeholder-data notice',
  'verification.last_verified_on': 'the last-verified date',
  url: 'link',
};
const FIELD_NAME = /`?\b[a-z]+(?:[._][a-z]+)+\b`?|\burl\b/g;

/**
 * Every number a page or companion shows goes through this one format: thousands separated, at most
 * two decimals ("2,388", "7,560", "0.6"), as people write them and as the list's prices are written.
 */
const NUMBER = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
const ONE_DECIMAL = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
/** Joins a number to its unit so a line never breaks between them. */
const NBSP = '\u00a0';

export const fmt = {
  ...courseText,
  inFigures,
  listed,
  listSeparator,
  /** "fresh", "review due", …, "not yet verified". */
  verificationStatus: (c: Course) => VERIFICATION_STATUS_LABELS[c.verification.status],
  /** "last verified 2026-10-01", or "not yet verified". */
  verifiedPhrase: (c: Course) =>
    c.verification.last_verified_on === null
      ? 'not yet verified'
      : `last verified ${c.verification.last_verified_on}`,
  coverage: (c: Course) =>
    COVERAGE_KEYS.map((key) => ({
      key,
      label: COVERAGE_LABELS[key],
      value: c.topic_coverage[key],
    })),
  sourceType: (type: keyof typeof SOURCE_TYPE_LABELS) => SOURCE_TYPE_LABELS[type],
  /** What a source checks, as a person names it: "Topic coverage", "Price (display)". */
  sourceField: (field: string) => {
    const words = fieldInWords(field);
    return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
  },
  /**
   * A policy text with the API's field names in words, for people rather than integrators; an
   * unknown value, `null` in the API, is what the pages show for it.
   */
  policy: (text: string) =>
    text
      .replace(FIELD_NAME, (name) => FIELD_WORDS[name.replaceAll('`', '')] ?? name)
      .replace(/\bare null\b/g, 'are shown as “not published”')
      .replace(/\bnull\b/g, '“not published”'),
  /** A number as people write it: "2,388", "0.6". */
  number: (value: number) => NUMBER.format(value),
  /** An amount of US dollars: "$2,388". */
  usd: (value: number) => `$${NUMBER.format(value)}`,
  /**
   * A percentage, its sign kept on the number's line: "4.8 %" (`digits` decimals at most); a range
   * such as "40–49" is given as text.
   */
  /** A sentence the API wrote ("its 48 % is below…"), each "%" kept on its number's line. */
  nbspPercent: (text: string) => text.replaceAll(' %', `${NBSP}%`),
  percent: (value: number | string, digits: 1 | 2 = 2) =>
    `${typeof value === 'string' ? value : (digits === 1 ? ONE_DECIMAL : NUMBER).format(value)}${NBSP}%`,
  /** " (about $2,388 in the first year)" after the budget band; nothing for a free or unpriced course. */
  firstYear: (c: Course) =>
    c.price.first_year_cost_usd
      ? ` (about ${fmt.usd(c.price.first_year_cost_usd)} in the first year)`
      : '',
  /** A day in words: "12 March 2027". */
  day: dateInWords,
  /** An entry of the history in words, without the name a page links beside them. */
  said: (change: Change) => {
    const who = `${subjectInWords(change.course?.name)}: `;
    return change.text.startsWith(who) ? change.text.slice(who.length) : change.text;
  },
  /** A topic-coverage score on its 0 to 5 scale: "4/5". */
  score: (value: number) => `${NUMBER.format(value)}/5`,
  /**
   * The name of a course's editorial award. On a placeholder course it is a placeholder too, and
   * says so: the editors have given nothing to a fictional course.
   */
  pickLabel: (c: Course) => {
    const label = c.editorial_pick?.label ?? 'Editorial pick';
    return c.placeholder_data ? `Placeholder award: ${label}` : label;
  },
};
export type Fmt = typeof fmt;

/**
 * Which coverage scores each specialty or objective reads, in words, from the one mapping
 * (`TOPIC_COVERAGE`): the finder's methodology page, the list's filter form and the README say this.
 */
export function topicReadings(): string {
  const reading = (topic: (typeof TOPICS)[number]) =>
    `${TOPIC_LABELS[topic]} reads ${TOPIC_COVERAGE[topic].map((key) => COVERAGE_LABELS[key]).join(' or ')}`;
  return `${TOPICS.map(reading).join('; ')}. A topic read from two scores takes the higher one. Technical SEO is shown on course pages and in comparisons but is not a specialty or objective of its own.`;
}
