import { z } from 'zod';
import {
  AI_GEO_FOCUS,
  BUDGET_BANDS,
  BUDGET_BAND_LABELS,
  COMMUNITY,
  COURSE_STATUSES,
  CURRENCIES,
  FIT_VERDICTS,
  FIT_VERDICT_LABELS,
  FORMATS,
  FRESHNESS,
  FRESHNESS_LABELS,
  LEARNING_STYLES,
  LEARNING_STYLE_LABELS,
  LEVELS,
  LEVEL_LABELS,
  OPERATING_MODELS,
  OPERATING_MODEL_LABELS,
  PERIODIC_UPDATES,
  PRICE_TYPES,
  SORTS,
  SORT_LABELS,
  SOURCE_TYPES,
  TOPICS,
  TOPIC_LABELS,
  UPDATE_CADENCES,
  VERIFICATION_STATUSES,
} from './vocabulary';

/**
 * A vocabulary as one named schema (`.meta({ id })`): one OpenAPI component, so one generated type,
 * wherever it occurs, in bodies and parameters alike. Labels, where the values have them, are read
 * in the description and, for client generators, in `x-enum-descriptions` (one label per value,
 * in the order of `enum`: the form openapi-typescript, hey-api and openapi-generator read).
 */
function vocabulary<const V extends readonly [string, ...string[]]>(
  id: string,
  values: V,
  description: string,
  labels?: Readonly<Record<V[number], string>>,
) {
  if (!labels) return z.enum(values).meta({ id, description });
  const listed = values.map((value: V[number]) => `\`${value}\` = ${labels[value]}`).join('; ');
  return z.enum(values).meta({
    id,
    description: `${description} Values: ${listed}.`,
    'x-enum-descriptions': values.map((value: V[number]) => labels[value]),
  });
}

export const levelSchema = vocabulary(
  'Level',
  LEVELS,
  "A level of SEO experience: a level a course teaches, the `level` filter and the user's `experience` answer.",
  LEVEL_LABELS,
);
export const topicSchema = vocabulary(
  'Topic',
  TOPICS,
  'A topic of SEO: the `specialty` filter and the `objective` answer. A course covers it when its `topic_coverage` of the topic (the highest of its members: `ai_geo` reads `ai_seo` and `geo`, `content_programmatic` reads `content_seo` and `programmatic_seo`) is 3 or more.',
  TOPIC_LABELS,
);
export const budgetBandSchema = vocabulary(
  'BudgetBand',
  BUDGET_BANDS,
  "A band of first-year cost in US dollars, bounded by the methodology's `budget_bands`: a course's `price.budget_band`, the `price_band` filter and the `budget` answer.",
  BUDGET_BAND_LABELS,
);
export const sortSchema = vocabulary(
  'Sort',
  SORTS,
  'An order of the course list: ties in name order; courses with no price or no verification date come last whichever the direction; `relevance` (with `q` only) puts the best match of the words first.',
  SORT_LABELS,
);
export const learningStyleSchema = vocabulary(
  'LearningStyle',
  LEARNING_STYLES,
  'How the user learns best: the `learning_style` answer.',
  LEARNING_STYLE_LABELS,
);
export const freshnessSchema = vocabulary(
  'Freshness',
  FRESHNESS,
  'How much continuously updated training matters to the user: the `freshness` answer.',
  FRESHNESS_LABELS,
);
export const operatingModelSchema = vocabulary(
  'OperatingModel',
  OPERATING_MODELS,
  "A kind of SEO practice: one a course serves (`operating_models`) and the user's `operating_model` answer.",
  OPERATING_MODEL_LABELS,
);
export const courseStatusSchema = vocabulary(
  'CourseStatus',
  COURSE_STATUSES,
  'Whether a course is enrolling: `active`, or `inactive` (listed but not currently enrolling).',
);
export const verificationStatusSchema = vocabulary(
  'VerificationStatus',
  VERIFICATION_STATUSES,
  "How current a course's facts are, from the age of `verification.last_verified_on` in days against the methodology's `verification_days`: `fresh`, `review_due`, `stale`, then `seriously_stale`; `unverified` when the course has no verification date.",
);
export const aiGeoFocusSchema = vocabulary(
  'AiGeoFocus',
  AI_GEO_FOCUS,
  "How much of a course is about AI search and generative engine optimisation (GEO), in the editors' judgement.",
);
export const formatSchema = vocabulary('Format', FORMATS, 'A way a course is delivered.');
export const communitySchema = vocabulary(
  'Community',
  COMMUNITY,
  'The community access a course includes: none, limited, during a cohort only, a forum, or an active community.',
);
export const updateCadenceSchema = vocabulary(
  'UpdateCadence',
  [...UPDATE_CADENCES, ...PERIODIC_UPDATES],
  'How often the provider updates the course: continuously, never (`Static`), with each cohort, at a stated frequency, or `Unknown`.',
);
export const currencySchema = vocabulary(
  'Currency',
  CURRENCIES,
  'The ISO 4217 code of the currency a price is published in.',
);
export const priceTypeSchema = vocabulary(
  'PriceType',
  PRICE_TYPES,
  'How a price is charged: `free`, once (`one_time`), every month, every year, or on request (`custom`).',
);
export const sourceTypeSchema = vocabulary(
  'SourceType',
  SOURCE_TYPES,
  "Where a verified fact comes from: the provider's own page (`official`), a public third party, the editors' own use (`first_hand`), a verified member, or a user's submission.",
);

export const fitVerdictSchema = vocabulary(
  'FitVerdict',
  FIT_VERDICTS,
  'Why a course is or is not among the recommendations for the answers: `recommended`; `below_threshold`, its match is below `match_threshold`; `outranked`, it reaches the threshold but `result_limit` courses rank ahead of it; `not_enrolling`, not scored (only enrolling courses are).',
  FIT_VERDICT_LABELS,
);

/** Each finder answer's vocabulary: the values and labels its question offers (`QUESTIONS`). */
export const ANSWER_VOCABULARIES = {
  experience: levelSchema,
  objective: topicSchema,
  learning_style: learningStyleSchema,
  freshness: freshnessSchema,
  budget: budgetBandSchema,
  operating_model: operatingModelSchema,
} as const;
