import { z } from 'zod';
import { dateSchema, urlSchema } from '../core/envelope.schema';
import { schemaReference } from './course.schema';
import { budgetBandSchema } from './vocabulary.schema';

const fit = z.number().min(0).max(1);
const factor = z.number().min(0);

/**
 * The contract's bounds of a match percent and of the methodology's threshold and limit
 * (docs/methodology.md#what-the-recommendation-promises), written once: the data files, the
 * response schemas and every description read them here; the live values are the methodology's
 * (`GET /api/v1/methodology`).
 */
export const BOUNDS = {
  match_percent: { min: 0, max: 99 },
  match_threshold: { min: 0, max: 99 },
  result_limit: { min: 1, max: 3 },
} as const;

/** What a value out of a bound is told, naming the field and the contract's bound. */
function boundedInt(field: keyof typeof BOUNDS, what: string) {
  const { min, max } = BOUNDS[field];
  const error = (issue: { input?: unknown }) =>
    `must be a whole number from ${min} to ${max} (the contract: ${what}), ${issue.input === undefined ? 'and is missing' : `not ${JSON.stringify(issue.input)}`}`;
  return z.int({ error }).min(min, { error }).max(max, { error });
}

/** A percentage of fit to the answers, as `match_percent` is written (the contract: 0 to 99). */
export const matchPercentSchema = z
  .int()
  .min(BOUNDS.match_percent.min)
  .max(BOUNDS.match_percent.max);
/** The minimum match for a course to be recommended, wherever it is served. */
export const matchThresholdSchema = boundedInt(
  'match_threshold',
  `a match percent is ${BOUNDS.match_threshold.min} to ${BOUNDS.match_threshold.max}`,
).describe(
  `The minimum match percent, ${BOUNDS.match_threshold.min} to ${BOUNDS.match_threshold.max}, for a course to be recommended; today's value is the methodology's (\`GET /methodology\`).`,
);
/** The most courses a recommendation returns, wherever it is served. */
export const resultLimitSchema = boundedInt(
  'result_limit',
  `at most ${BOUNDS.result_limit.max} recommendations`,
).describe(
  `The most courses a recommendation returns, ${BOUNDS.result_limit.min} to ${BOUNDS.result_limit.max}; today's value is the methodology's (\`GET /methodology\`).`,
);

/** Where descriptions send a reader for the live threshold and limit, which none of them writes. */
export const LIVE_VALUES = "today's values: `GET /methodology`, or the MCP tool `get_methodology`";

/** What a recommendation returns, in words for descriptions: the contract's bounds. */
export const RECOMMENDATION_LIMITS = `at most \`result_limit\` courses (${BOUNDS.result_limit.min} to ${BOUNDS.result_limit.max}) scoring at least \`match_threshold\` percent (${BOUNDS.match_threshold.min} to ${BOUNDS.match_threshold.max})`;

/** The same, and where today's values are, for the API's descriptions. */
export const RECOMMENDATION_BOUNDS = `${RECOMMENDATION_LIMITS}; ${LIVE_VALUES}`;

/** Members of the same kind, each described: `{ name: description }` → a closed object. */
function described<T extends z.ZodType, K extends string>(schema: T, members: Record<K, string>) {
  return z.strictObject(
    Object.fromEntries(
      Object.entries<string>(members).map(([name, text]) => [name, schema.describe(text)]),
    ) as Record<K, T>,
  );
}

/** Every key the scoring engine reads is named, so a methodology file missing one fails validation. */
const adjustmentsSchema = z
  .strictObject({
    ...described(fit, {
      adjacent_level_fit:
        'Level fit, 0 to 1, of a course one level away from the answered experience.',
      community_fit_active:
        'Learning-style fit of an active community for a learner who wants live or community learning.',
      community_fit_forum_or_cohort: 'The same fit for a forum or a cohort-only community.',
      community_fit_limited: 'The same fit for limited community access.',
      cheaper_than_budget_fit: 'Budget fit of a course in a cheaper band than the answered budget.',
      unknown_price_fit: 'Budget fit of a course whose price is not published.',
      over_budget_fit_loss_per_doubling:
        "Budget fit, 0 to 1, lost for each doubling of a course's first-year cost above the top of the budget band (a free budget's distance counted in the first paid band's top); the fit goes no lower than 0.",
    }).shape,
    ...described(factor, {
      freshness_importance_low:
        'How much freshness counts when the freshness answer is `low` (a multiplier of its weight).',
      freshness_importance_important: 'The same multiplier for `important`.',
      freshness_importance_critical: 'The same multiplier for `critical`.',
    }).shape,
    ...described(fit, {
      facts_fresh_factor:
        "Multiplier of a match when the course's facts are `fresh` (verification status).",
      facts_review_due_factor: 'The same multiplier when they are `review_due`.',
      facts_stale_factor: 'The same multiplier when they are `stale`.',
      facts_seriously_stale_factor: 'The same multiplier when they are `seriously_stale`.',
      facts_unverified_factor: 'The same multiplier when they are `unverified`.',
    }).shape,
    strong_coverage_from: z
      .int()
      .min(0)
      .max(5)
      .describe('Topic coverage, 0 to 5, from which a course counts as strong on the objective.'),
    frequent_updates_from_fit: fit.describe(
      'Freshness fit from which a course counts as updated often.',
    ),
  })
  .describe('Fractions and multipliers the scoring applies to partial fits.');

const penaltiesSchema = described(z.int().min(0), {
  objective_coverage_below_strong_per_point:
    'Points taken off a match for each point of objective coverage below `strong_coverage_from`.',
  level_gap: 'Points taken off a match when the course is two levels away from the experience.',
  over_budget_per_doubling:
    "Points taken off a match for each doubling of a course's first-year cost above the top of the budget band, with no ceiling.",
}).describe('Points taken off a match percent.');

/** How well each update cadence serves someone who wants current training, from 0 to 1. */
const freshnessFitSchema = described(fit, {
  continuous: 'Freshness fit, 0 to 1, of a course updated `Continuous`ly.',
  weekly: 'Freshness fit of a course updated `Weekly`.',
  monthly: 'Freshness fit of a course updated `Monthly`.',
  quarterly: 'Freshness fit of a course updated `Quarterly`.',
  per_cohort: 'Freshness fit of a course updated `Per cohort`.',
  twice_yearly: 'Freshness fit of a course updated `Twice yearly`.',
  yearly: 'Freshness fit of a course updated `Yearly`.',
  static: 'Freshness fit of a course that is never updated (`Static`).',
  unknown: 'Freshness fit of a course whose update cadence is `Unknown`.',
}).describe(
  'How well each update cadence (`updates`) serves a learner who wants current training, from 0 to 1.',
);

/** The methodology as served by `/api/v1/methodology`; the data file adds its own date. */
export const methodologySchema = z
  .strictObject({
    weights: described(z.int().min(0), {
      objective: 'Weight of the objective answer (topic coverage).',
      experience: 'Weight of the experience answer (levels taught).',
      learning_style: 'Weight of the learning-style answer (formats and community).',
      freshness: 'Weight of the freshness answer (update cadence).',
      operating_model: 'Weight of the operating-model answer.',
      budget: 'Weight of the budget answer (budget band).',
    }).describe(
      'The points each answer contributes to a perfect match; a match percent is the points a course earns out of those at stake, less penalties.',
    ),
    adjustments: adjustmentsSchema,
    penalties: penaltiesSchema,
    freshness_fit: freshnessFitSchema,
    match_threshold: matchThresholdSchema,
    result_limit: resultLimitSchema,
    verification_days: described(z.int().min(0), {
      fresh: 'Facts verified at most this many days ago are `fresh`.',
      review_due: 'Older facts up to this many days are `review_due`.',
      stale: 'Older facts up to this many days are `stale`; older still, `seriously_stale`.',
    }).describe("Ages in days that set a course's verification status."),
    budget_bands: z
      .strictObject({
        basis: z.string().describe('How a course is placed in a band, in words.'),
        upper_limits_usd: z
          .strictObject({
            free: z.number().min(0).describe('Highest first-year cost in USD that counts as free.'),
            under_100: z
              .number()
              .min(0)
              .describe('First-year costs below this many USD are `under_100`.'),
            '100_500': z
              .number()
              .min(0)
              .describe(
                'Highest first-year cost in USD of the `100_500` band; above it, `500_plus`.',
              ),
          })
          .describe('The bounds of the bands, in US dollars of first-year cost.'),
        values: z.array(budgetBandSchema).describe('The bands, cheapest first.'),
      })
      .describe('How first-year costs are grouped into budget bands.'),
    topic_coverage_scale: z
      .record(z.string(), z.string())
      .describe('What each point of the 0 to 5 topic coverage scale means, keyed by the point.'),
    methodology_url: urlSchema.describe('The methodology page on the website, in plain words.'),
  })
  .meta({
    id: 'Methodology',
    description:
      'The live scoring methodology: weights, adjustments, penalties, thresholds, budget bands, coverage scale and verification rules, read from the service.',
  });
export type Methodology = z.infer<typeof methodologySchema>;

export const methodologyFileSchema = methodologySchema
  .omit({ methodology_url: true })
  .extend({ ...schemaReference, scoring_weights_updated_on: dateSchema.nullable() })
  .superRefine((m, ctx) => {
    const d = m.verification_days;
    if (!(d.fresh <= d.review_due && d.review_due <= d.stale)) {
      ctx.addIssue({
        code: 'custom',
        path: ['verification_days'],
        message: 'must satisfy fresh <= review_due <= stale',
      });
    }
    const u = m.budget_bands.upper_limits_usd;
    if (!(u.free <= u.under_100 && u.under_100 <= u['100_500'])) {
      ctx.addIssue({
        code: 'custom',
        path: ['budget_bands', 'upper_limits_usd'],
        message: 'must satisfy free <= under_100 <= 100_500',
      });
    }
    if (!(u.under_100 > 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['budget_bands', 'upper_limits_usd', 'under_100'],
        message:
          'must be more than 0: a cost over a free budget is counted in multiples of it (docs/methodology.md#over-budget-by-how-much)',
      });
    }
  });
export type MethodologyFile = z.infer<typeof methodologyFileSchema>;
