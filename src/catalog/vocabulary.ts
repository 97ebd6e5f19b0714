/**
 * The closed vocabularies of the contract, each written once with its labels. Schemas, query
 * validation, the finder questions, the OpenAPI document and the MCP tools all read them from here;
 * each as one named schema is in vocabulary.schema.ts.
 */

function keysOf<T extends Record<string, string>>(
  labels: T,
): [keyof T & string, ...(keyof T & string)[]] {
  return Object.keys(labels) as [keyof T & string, ...(keyof T & string)[]];
}

export const LEVEL_LABELS = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced / Operator',
} as const;
export const LEVELS = keysOf(LEVEL_LABELS);
export type Level = (typeof LEVELS)[number];
/** Each level's step on the scale, beginner 0 to advanced 2. */
export const LEVEL_INDEX = Object.fromEntries(LEVELS.map((level, i) => [level, i])) as Record<
  Level,
  number
>;

/** Objectives (finder) and specialties (course filter) share one vocabulary. */
export const TOPIC_LABELS = {
  ai_geo: 'AI SEO / GEO',
  general_seo: 'General SEO',
  affiliate: 'Affiliate SEO',
  local: 'Local SEO',
  links: 'Link building',
  content_programmatic: 'Content / Programmatic',
  agency: 'Agency growth',
} as const;
export const TOPICS = keysOf(TOPIC_LABELS);
export type Topic = (typeof TOPICS)[number];

export const COVERAGE_KEYS = [
  'ai_seo',
  'geo',
  'general_seo',
  'technical_seo',
  'link_building',
  'content_seo',
  'programmatic_seo',
  'local_seo',
  'affiliate_seo',
  'agency',
] as const;
export type CoverageKey = (typeof COVERAGE_KEYS)[number];
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
/** Topic coverage is scored from 0 (none) to 5 (core specialty). */
export const COVERAGE_MAX = 5;

/**
 * The one mapping from a specialty (course filter) or objective (finder) to topic_coverage members;
 * a topic's coverage is the highest of its members. A value that names a member reads it alone
 * (`general_seo` is `general_seo`, not `technical_seo`); only the two labels that name two topics
 * read two members. `technical_seo` is shown on course pages and in comparisons but is no filter.
 */
export const TOPIC_COVERAGE: Record<Topic, readonly CoverageKey[]> = {
  ai_geo: ['ai_seo', 'geo'],
  general_seo: ['general_seo'],
  affiliate: ['affiliate_seo'],
  local: ['local_seo'],
  links: ['link_building'],
  content_programmatic: ['content_seo', 'programmatic_seo'],
  agency: ['agency'],
};

/** A course's specialties are the topics it covers at this or more on the 0 to 5 scale. */
export const SPECIALTY_MIN_COVERAGE = 3;

/** Coverage (0–5) of a topic: the highest of its topic_coverage members. */
export function topicCoverage(
  coverage: Readonly<Record<CoverageKey, number>>,
  topic: Topic,
): number {
  let highest = 0;
  for (const key of TOPIC_COVERAGE[topic]) highest = Math.max(highest, coverage[key]);
  return highest;
}

export const BUDGET_BAND_LABELS = {
  free: 'Free',
  under_100: 'Under $100',
  '100_500': '$100–$500',
  '500_plus': '$500+',
} as const;
export const BUDGET_BANDS = keysOf(BUDGET_BAND_LABELS);
export type BudgetBand = (typeof BUDGET_BANDS)[number];

export const SORT_LABELS = {
  'name-asc': 'name A–Z',
  'price-asc': 'price low to high',
  'price-desc': 'price high to low',
  'verified-desc': 'last verified newest',
  'geo-desc': 'AI/GEO focus highest',
  relevance: 'best match first',
} as const;
export const SORTS = keysOf(SORT_LABELS);
export type Sort = (typeof SORTS)[number];

export const BOOLEAN_VALUES = ['true', 'false', '1', '0'] as const;

export const COURSE_STATUSES = ['active', 'inactive'] as const;
export const VERIFICATION_STATUSES = [
  'fresh',
  'review_due',
  'stale',
  'seriously_stale',
  'unverified',
] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
/** How a verification status reads to a person (the website and the MCP App). */
export const VERIFICATION_STATUS_LABELS: Record<VerificationStatus, string> = {
  fresh: 'fresh',
  review_due: 'review due',
  stale: 'stale',
  seriously_stale: 'seriously stale',
  unverified: 'not yet verified',
};
export const AI_GEO_FOCUS = ['High', 'Medium', 'Low', 'None'] as const;
export const FORMATS = [
  'Self-paced',
  'Live / community',
  'Templates & SOPs',
  'Hands-on implementation',
] as const;
export type Format = (typeof FORMATS)[number];
export const COMMUNITY = ['No', 'Limited', 'Cohort only', 'Yes (forum)', 'Yes (active)'] as const;
export type Community = (typeof COMMUNITY)[number];
/** Named cadences; any other value must be a periodic frequency such as `Quarterly`. */
export const UPDATE_CADENCES = ['Continuous', 'Static', 'Per cohort', 'Unknown'] as const;
export const PERIODIC_UPDATES = [
  'Weekly',
  'Monthly',
  'Quarterly',
  'Twice yearly',
  'Yearly',
] as const;
export const CURRENCIES = ['USD', 'GBP', 'EUR'] as const;
export const PRICE_TYPES = ['free', 'one_time', 'monthly', 'annual', 'custom'] as const;
export const SOURCE_TYPES = [
  'official',
  'public_third_party',
  'first_hand',
  'member_verified',
  'user_submitted',
] as const;

export const OPERATING_MODEL_LABELS = {
  brand_client: 'Client / brand SEO',
  affiliate: 'Affiliate',
  lead_gen: 'Lead generation',
  local: 'Local',
  saas_ecommerce: 'SaaS / ecommerce',
  aggressive: 'Aggressive / experimental',
} as const;
export const OPERATING_MODELS = keysOf(OPERATING_MODEL_LABELS);
export type OperatingModel = (typeof OPERATING_MODELS)[number];

export const LEARNING_STYLE_LABELS = {
  self_paced: 'Self-paced',
  live_community: 'Live / community',
  templates_sops: 'Templates & SOPs',
  hands_on: 'Hands-on implementation',
  no_preference: 'No preference (not weighted)',
} as const;
export const LEARNING_STYLES = keysOf(LEARNING_STYLE_LABELS);
export type LearningStyle = (typeof LEARNING_STYLES)[number];

export const FRESHNESS_LABELS = {
  low: 'Nice to have',
  important: 'Important',
  critical: 'Critical',
} as const;
export const FRESHNESS = keysOf(FRESHNESS_LABELS);
export type Freshness = (typeof FRESHNESS)[number];

/**
 * Why a course is or is not among the recommendations for a set of answers
 * (docs/methodology.md#how-a-course-fits), as a person reads it.
 */
export const FIT_VERDICT_LABELS = {
  recommended: 'Recommended',
  below_threshold: 'Below the threshold',
  outranked: 'Outranked by three courses',
  not_enrolling: 'Not enrolling, not scored',
} as const;
export const FIT_VERDICTS = keysOf(FIT_VERDICT_LABELS);
export type FitVerdict = (typeof FIT_VERDICTS)[number];

/** The six finder questions, in the order they are asked. */
export const QUESTIONS = {
  experience: { question: 'How much SEO experience do you have?', values: LEVEL_LABELS },
  objective: { question: "What's the main thing you want to get better at?", values: TOPIC_LABELS },
  learning_style: { question: 'How do you actually learn?', values: LEARNING_STYLE_LABELS },
  freshness: {
    question: 'How important is continuously updated training?',
    values: FRESHNESS_LABELS,
  },
  budget: { question: "What's your budget?", values: BUDGET_BAND_LABELS },
  operating_model: {
    question: 'What kind of SEO do you do it for?',
    values: OPERATING_MODEL_LABELS,
  },
} as const;
export type AnswerName = keyof typeof QUESTIONS;
export const ANSWER_NAMES = Object.keys(QUESTIONS) as AnswerName[];
