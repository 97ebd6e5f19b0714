import { z } from 'zod';
import { dateSchema, urlSchema } from '../core/envelope.schema';
import { schemaReference } from './course.schema';
import { BUDGET_BANDS } from './vocabulary';

const fit = z.number().min(0).max(1);
const factor = z.number().min(0);

/** Every key the scoring engine reads is named, so a methodology file missing one fails validation. */
const adjustmentsSchema = z.strictObject({
  adjacent_level_fit: fit,
  community_fit_active: fit,
  community_fit_forum_or_cohort: fit,
  community_fit_limited: fit,
  cheaper_than_budget_fit: fit,
  unknown_price_fit: fit,
  over_budget_fit_loss_per_band: fit,
  freshness_importance_low: factor,
  freshness_importance_important: factor,
  freshness_importance_critical: factor,
  facts_fresh_factor: fit,
  facts_review_due_factor: fit,
  facts_stale_factor: fit,
  facts_seriously_stale_factor: fit,
  facts_unverified_factor: fit,
  strong_coverage_from: z.int().min(0).max(5),
  frequent_updates_from_fit: fit,
});

const penaltiesSchema = z.strictObject({
  objective_coverage_below_strong_per_point: z.int().min(0),
  level_gap: z.int().min(0),
  over_budget_per_band: z.int().min(0),
});

/** How well each update cadence serves someone who wants current training, from 0 to 1. */
const freshnessFitSchema = z.strictObject({
  continuous: fit,
  weekly: fit,
  monthly: fit,
  quarterly: fit,
  per_cohort: fit,
  twice_yearly: fit,
  yearly: fit,
  static: fit,
  unknown: fit,
});

/** The methodology as served by `/api/v1/methodology`; the data file adds its own date. */
export const methodologySchema = z
  .strictObject({
    weights: z.strictObject({
      objective: z.int().min(0),
      experience: z.int().min(0),
      learning_style: z.int().min(0),
      freshness: z.int().min(0),
      operating_model: z.int().min(0),
      budget: z.int().min(0),
    }),
    adjustments: adjustmentsSchema,
    penalties: penaltiesSchema,
    freshness_fit: freshnessFitSchema,
    match_threshold: z.int().min(0).max(99),
    result_limit: z.int().min(1),
    verification_days: z.strictObject({
      fresh: z.int().min(0),
      review_due: z.int().min(0),
      stale: z.int().min(0),
    }),
    budget_bands: z.strictObject({
      basis: z.string(),
      upper_limits_usd: z.strictObject({
        free: z.number().min(0),
        under_100: z.number().min(0),
        '100_500': z.number().min(0),
      }),
      values: z.array(z.enum(BUDGET_BANDS)),
    }),
    topic_coverage_scale: z.record(z.string(), z.string()),
    methodology_url: urlSchema,
  })
  .meta({ id: 'Methodology' });
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
  });
export type MethodologyFile = z.infer<typeof methodologyFileSchema>;
