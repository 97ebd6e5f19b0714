import type { Course } from '../catalog/course.schema';
import { courseText } from '../catalog/course-text';
import {
  TOPIC_COVERAGE,
  TOPIC_LABELS,
  TOPICS,
  COVERAGE_KEYS,
  COVERAGE_LABELS,
} from '../catalog/vocabulary';

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

export const fmt = {
  ...courseText,
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
  /** A policy text with the API's field names in words, for people rather than integrators. */
  policy: (text: string) =>
    text.replace(FIELD_NAME, (name) => FIELD_WORDS[name.replaceAll('`', '')] ?? name),
  /** A number as people write it: at most two decimals, no trailing zeros. */
  number: (value: number) => String(Math.round(value * 100) / 100),
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
