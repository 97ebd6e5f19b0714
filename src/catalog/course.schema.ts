import { z } from 'zod';
import {
  AI_GEO_FOCUS,
  BUDGET_BANDS,
  COMMUNITY,
  COURSE_STATUSES,
  COVERAGE_MAX,
  COVERAGE_KEYS,
  CURRENCIES,
  FORMATS,
  LEVELS,
  OPERATING_MODELS,
  PERIODIC_UPDATES,
  PRICE_TYPES,
  SOURCE_TYPES,
  UPDATE_CADENCES,
  VERIFICATION_STATUSES,
} from './vocabulary';
import { dateSchema, urlSchema } from '../core/envelope.schema';
import { SLUG_PATTERN } from '../core/slug';
import { RULE_4, trackingMarker } from './link-rules';

/**
 * The one definition of a course. The served shape drives response validation, the OpenAPI document
 * and the MCP output schemas; the data-file shape is the same minus the derived fields.
 */

export const slugSchema = z.string().regex(SLUG_PATTERN);

const coverageSchema = z.int().min(0).max(COVERAGE_MAX);

export const topicCoverageSchema = z.strictObject(
  Object.fromEntries(COVERAGE_KEYS.map((key) => [key, coverageSchema])) as Record<
    (typeof COVERAGE_KEYS)[number],
    typeof coverageSchema
  >,
);

export const priceSchema = z.strictObject({
  display: z.string().nullable(),
  amount: z.number().min(0).nullable(),
  currency: z.enum(CURRENCIES).nullable(),
  type: z.enum(PRICE_TYPES).nullable(),
  first_year_cost_usd: z.number().min(0).nullable(),
  budget_band: z.enum(BUDGET_BANDS).nullable(),
  known: z.boolean(),
});

export const sourceSchema = z.strictObject({
  field: z.string(),
  source_type: z.enum(SOURCE_TYPES),
  label: z.string(),
  url: urlSchema.nullable(),
  verified_on: dateSchema,
});

export const verificationSchema = z.strictObject({
  last_verified_on: dateSchema.nullable(),
  status: z.enum(VERIFICATION_STATUSES),
  sources: z.array(sourceSchema),
});

export const courseSchema = z
  .strictObject({
    slug: slugSchema,
    name: z.string().min(1),
    provider: z.strictObject({ name: z.string().min(1), url: urlSchema.nullable() }),
    page_url: urlSchema,
    status: z.enum(COURSE_STATUSES),
    enrolling: z.boolean(),
    url: urlSchema.nullable(),
    link_is_affiliate: z.boolean(),
    description: z.string().nullable(),
    best_for: z.string().nullable(),
    highlights: z.array(z.string()),
    price: priceSchema,
    levels: z.array(z.enum(LEVELS)),
    topic_coverage: topicCoverageSchema,
    ai_geo_focus: z.enum(AI_GEO_FOCUS),
    formats: z.array(z.enum(FORMATS)),
    certification: z.boolean(),
    community: z.enum(COMMUNITY),
    updates: z.enum([...UPDATE_CADENCES, ...PERIODIC_UPDATES]),
    operating_models: z.array(z.enum(OPERATING_MODELS)),
    verification: verificationSchema,
    editorial_pick: z
      .strictObject({ label: z.string().nullable(), reason: z.string().nullable() })
      .nullable(),
    placeholder_data: z.boolean(),
  })
  .meta({ id: 'Course' });
export type Course = z.infer<typeof courseSchema>;

/** A link the dataset publishes for a course: the provider's own, with no tracking marker. */
const providerLinkSchema = urlSchema.superRefine((url, ctx) => {
  const marker = trackingMarker(url);
  if (marker) ctx.addIssue({ code: 'custom', message: `${RULE_4}; ${marker}` });
});

/** A course as written in `data/courses.json`: everything but the derived fields. */
export const courseRecordSchema = courseSchema.omit({ page_url: true, enrolling: true }).extend({
  provider: z.strictObject({ name: z.string().min(1), url: providerLinkSchema.nullable() }),
  url: providerLinkSchema.nullable(),
  // The served field stays a boolean, as the contract lists it; the data can only say false.
  link_is_affiliate: z.literal(false, {
    error: `${RULE_4}, so link_is_affiliate must be false`,
  }),
  price: priceSchema.omit({ budget_band: true }),
  verification: verificationSchema.omit({ status: true }),
});
export type CourseRecord = z.infer<typeof courseRecordSchema>;

/** A data file may name its JSON Schema (`data/schemas/`, `npm run data:schemas`) for editors' IDEs. */
export const schemaReference = { $schema: z.string().optional() };

export const coursesFileSchema = z.strictObject({
  ...schemaReference,
  courses: z.array(courseRecordSchema).min(1),
});
