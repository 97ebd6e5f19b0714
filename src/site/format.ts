import type { Course } from '../catalog/course.schema';
import {
  TOPIC_COVERAGE,
  TOPIC_LABELS,
  TOPICS,
  BUDGET_BAND_LABELS,
  COVERAGE_KEYS,
  type CoverageKey,
  LEVEL_LABELS,
  OPERATING_MODEL_LABELS,
  type VerificationStatus,
} from '../catalog/vocabulary';

/** How course facts read to a person; shared by the HTML templates and the Markdown companions. */

export const STATUS_LABELS: Record<VerificationStatus, string> = {
  fresh: 'fresh',
  review_due: 'review due',
  stale: 'stale',
  seriously_stale: 'seriously stale',
  unverified: 'not yet verified',
};

export const COVERAGE_LABELS: Record<CoverageKey, string> = {
  ai_seo: 'AI SEO',
  geo: 'GEO',
  general_seo: 'General SEO',
  technical_seo: 'Technical SEO',
  link_building: 'Link building',
  content_seo: 'Content SEO',
  programmatic_seo: 'Programmatic SEO',
  local_seo: 'Local SEO',
  affiliate_seo: 'Affiliate SEO',
  agency: 'Agency',
};

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

const or = (items: readonly string[], none: string) => (items.length ? items.join(', ') : none);

export const fmt = {
  levels: (c: Course) =>
    or(
      c.levels.map((level) => LEVEL_LABELS[level]),
      'not stated',
    ),
  price: (c: Course) =>
    c.price.display ?? (c.price.known ? 'listed without a price' : 'not published'),
  budgetBand: (c: Course) =>
    c.price.budget_band === null ? 'unknown' : BUDGET_BAND_LABELS[c.price.budget_band],
  formats: (c: Course) => or(c.formats, 'not stated'),
  models: (c: Course) =>
    or(
      c.operating_models.map((model) => OPERATING_MODEL_LABELS[model]),
      'not stated',
    ),
  yesNo: (value: boolean) => (value ? 'Yes' : 'No'),
  /** "last verified 2026-10-01", or "not yet verified". */
  verifiedPhrase: (c: Course) =>
    c.verification.last_verified_on === null
      ? 'not yet verified'
      : `last verified ${c.verification.last_verified_on}`,
  /** "2026-10-01 (fresh)", or "not yet verified" once rather than twice. */
  verifiedWithStatus: (c: Course) =>
    c.verification.last_verified_on === null
      ? STATUS_LABELS.unverified
      : `${c.verification.last_verified_on} (${STATUS_LABELS[c.verification.status]})`,
  status: (c: Course) => (c.enrolling ? 'Enrolling' : 'Not currently enrolling'),
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
