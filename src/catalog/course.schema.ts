import { z } from 'zod';
import { COVERAGE_MAX, COVERAGE_KEYS } from './vocabulary';
import {
  aiGeoFocusSchema,
  budgetBandSchema,
  communitySchema,
  courseStatusSchema,
  currencySchema,
  formatSchema,
  levelSchema,
  operatingModelSchema,
  priceTypeSchema,
  sourceTypeSchema,
  updateCadenceSchema,
  verificationStatusSchema,
} from './vocabulary.schema';
import { dateSchema, urlSchema } from '../core/envelope.schema';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../core/slug';
import { RULE_4, trackingMarker } from './link-rules';

/**
 * The one definition of a course. The served shape drives response validation, the OpenAPI document
 * and the MCP output schemas; the data-file shape is the same minus the derived fields. Each member
 * says what it means where it is defined, so the document and the data files' schemas say it too.
 */

export const slugSchema = z
  .string()
  .regex(SLUG_PATTERN, 'must be lower-case letters and digits in words joined by single hyphens')
  .max(SLUG_MAX_LENGTH)
  .meta({
    description:
      "The course's identifier: lowercase letters and digits in words joined by single hyphens.",
    examples: ['answer-engine-foundations'],
  });

const COVERAGE_TOPICS: Record<(typeof COVERAGE_KEYS)[number], string> = {
  ai_seo: 'AI SEO (optimising for AI assistants and AI search features)',
  geo: 'generative engine optimisation (being cited by answer engines)',
  general_seo: 'general SEO',
  technical_seo: 'technical SEO',
  link_building: 'link building',
  content_seo: 'content SEO',
  programmatic_seo: 'programmatic SEO',
  local_seo: 'local SEO',
  affiliate_seo: 'affiliate SEO',
  agency: 'running an SEO agency or client work',
};

const coverageSchema = z.int().min(0).max(COVERAGE_MAX);

export const topicCoverageSchema = z
  .strictObject(
    Object.fromEntries(
      COVERAGE_KEYS.map((key) => [
        key,
        coverageSchema.describe(`Coverage of ${COVERAGE_TOPICS[key]}, 0 to 5.`),
      ]),
    ) as Record<(typeof COVERAGE_KEYS)[number], typeof coverageSchema>,
  )
  .describe(
    "How much of the course covers each topic, in the editors' judgement, from 0 to 5: 0 none, 1 mentioned, 2 one module, 3 substantial, 4 major focus, 5 core specialty.",
  );

export const priceSchema = z
  .strictObject({
    display: z
      .string()
      .nullable()
      .describe('The price exactly as the provider publishes it; null when not published.'),
    amount: z
      .number()
      .min(0)
      .nullable()
      .describe('The amount charged, in `currency`, per `type`; null when not published.'),
    currency: currencySchema.nullable().describe('The currency of `amount`; null when unknown.'),
    type: priceTypeSchema.nullable().describe('How `amount` is charged; null when unknown.'),
    first_year_cost_usd: z
      .number()
      .min(0)
      .nullable()
      .describe(
        'Approximate cost of the first year in US dollars (a subscription counted for twelve months), used only for the budget band; null when the price is not published.',
      ),
    budget_band: budgetBandSchema
      .nullable()
      .describe(
        "The band `first_year_cost_usd` falls in, derived with the methodology's `budget_bands`; null when the cost is unknown.",
      ),
    known: z
      .boolean()
      .describe('False when the provider does not publish pricing (the other members are null).'),
  })
  .describe('What the course costs, as published by the provider.');

export const sourceSchema = z
  .strictObject({
    field: z
      .string()
      .describe('The course member this source supports, as a path such as `price.amount`.'),
    source_type: sourceTypeSchema.describe('What kind of source it is.'),
    label: z.string().describe("The source's name as shown to readers."),
    url: urlSchema.nullable().describe('Where the source can be read; null when it is not online.'),
    verified_on: dateSchema.describe('The date the editors checked the fact against the source.'),
  })
  .describe('One piece of evidence behind a verified fact.');

export const verificationSchema = z
  .strictObject({
    last_verified_on: dateSchema
      .nullable()
      .describe(
        "The day by which every fact of the course had been checked: the oldest of its facts' latest checks; null while any fact has no check (placeholder data, a course being verified).",
      ),
    status: verificationStatusSchema.describe(
      "How current the facts are on today's UTC date, derived from `last_verified_on`.",
    ),
    sources: z.array(sourceSchema).describe('The evidence behind the verified facts.'),
  })
  .describe('When and how the facts of the course were verified.');

export const courseSchema = z
  .strictObject({
    slug: slugSchema,
    name: z.string().min(1).describe("The course's name, as the provider gives it."),
    provider: z
      .strictObject({
        name: z.string().min(1).describe("The provider's name."),
        url: urlSchema.nullable().describe("The provider's own website; null when unknown."),
      })
      .describe('Who offers the course.'),
    page_url: urlSchema.describe("The course's page on this website: the URL to cite."),
    status: courseStatusSchema.describe('Whether the course is currently enrolling.'),
    enrolling: z.boolean().describe('True when `status` is `active`.'),
    url: urlSchema
      .nullable()
      .describe(
        "The provider's own course URL, never an affiliate or tracking link; null when the course has no page of its own.",
      ),
    link_is_affiliate: z
      .boolean()
      .describe('Whether the website links this course through an affiliate link (never, today).'),
    description: z
      .string()
      .nullable()
      .describe('What the course teaches, in a few sentences; null when not yet written.'),
    best_for: z
      .string()
      .nullable()
      .describe('Who the course suits best, in one sentence; null when not yet written.'),
    highlights: z.array(z.string()).describe('Notable facts about the course, one line each.'),
    price: priceSchema,
    levels: z.array(levelSchema).describe('The levels the course is taught at.'),
    topic_coverage: topicCoverageSchema,
    ai_geo_focus: aiGeoFocusSchema.describe('How much of the course is about AI search and GEO.'),
    formats: z.array(formatSchema).describe('How the course is delivered.'),
    certification: z.boolean().describe('Whether the course awards a certificate of completion.'),
    community: communitySchema.describe('The community access the course includes.'),
    updates: updateCadenceSchema.describe('How often the provider updates the course.'),
    operating_models: z
      .array(operatingModelSchema)
      .describe('The kinds of SEO practice the course serves.'),
    verification: verificationSchema,
    editorial_pick: z
      .strictObject({
        label: z.string().nullable().describe('The award\'s name, e.g. "Overall Best 2026".'),
        reason: z.string().nullable().describe('Why the editors chose the course.'),
      })
      .nullable()
      .describe(
        'The editorial award "Overall Best 2026" when this course holds it, otherwise null. It is outside the scoring algorithm and not an algorithmic ranking.',
      ),
    placeholder_data: z
      .boolean()
      .describe(
        "True when the course's facts are unverified placeholders (fictional, on example domains).",
      ),
  })
  .meta({
    id: 'Course',
    description:
      'A tracked course with its facts, as checked on `verification.last_verified_on` (null: not yet verified); unknown values are null, never guessed.',
  });
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
