import { z } from 'zod';
import { courseSchema, verificationSchema } from '../catalog/course.schema';
import {
  BOUNDS,
  matchPercentSchema,
  matchThresholdSchema,
  resultLimitSchema,
} from '../catalog/methodology.schema';
import { fitVerdictSchema } from '../catalog/vocabulary.schema';
import { envelopeSchema, urlSchema } from '../core/envelope.schema';
import { MAX_FITTED } from './fit.dto';

/**
 * The course a fit is about: enough to name, link and date it. Its facts are `getCourse`'s; those
 * the fit turns on are in its reasons and warnings (docs/api.md#checkcoursefit).
 */
export const courseRefSchema = courseSchema
  .pick({ slug: true, name: true, page_url: true })
  .extend({
    provider: courseSchema.shape.provider.pick({ name: true }).describe('Who offers the course.'),
    verification: verificationSchema
      .pick({ last_verified_on: true, status: true })
      .describe('When the facts of the course were last verified, and how current they are.'),
    placeholder_data: courseSchema.shape.placeholder_data,
  })
  .meta({
    id: 'CourseRef',
    description:
      'A course by name, link and last-verified date; its facts are at `page_url` and in `getCourse`.',
  });
export type CourseRef = z.infer<typeof courseRefSchema>;

export const courseFitSchema = z
  .strictObject({
    course: courseRefSchema,
    match_percent: matchPercentSchema
      .nullable()
      .describe(
        'How well the course fits the answers, 0 to 99, as the recommendations score it; null when the course is not enrolling (only enrolling courses are scored). A fit to these answers, not a quality measure.',
      ),
    match_reasons: z
      .array(z.string())
      .describe(
        'Facts of the course that fit an answer, one sentence each (none when not scored).',
      ),
    warnings: z
      .array(z.string())
      .describe(
        'Facts that do not fit an answer or need care, one sentence each (none when not scored).',
      ),
    recommended: z
      .boolean()
      .describe('Whether the recommendations for the same answers return this course.'),
    rank: z
      .int()
      .min(1)
      .nullable()
      .describe('Its rank among the recommendations when recommended, else null.'),
    verdict: fitVerdictSchema,
    explanation: z.string().describe('The verdict in words, naming the courses ranked ahead.'),
    ranked_ahead: z
      .array(z.string())
      .describe(
        'The slugs of the recommended courses that rank ahead of this one, best first (none when not scored).',
      ),
    human_url: urlSchema.describe("This fit as a page: the course's page with the answers."),
  })
  .meta({ id: 'CourseFit', description: 'How one course fits the six answers, and why.' });
export type CourseFit = z.infer<typeof courseFitSchema>;

export const fitSchema = z
  .strictObject({
    match_threshold: matchThresholdSchema,
    result_limit: resultLimitSchema,
    no_strong_match: z
      .boolean()
      .describe('True when no course reaches `match_threshold` for these answers.'),
    fits: z
      .array(courseFitSchema)
      .max(Math.max(MAX_FITTED, BOUNDS.result_limit.max))
      .describe(
        'The courses asked for, in the order given; without `courses`, the enrolling courses that rank highest whatever their match (at most `result_limit`), best first.',
      ),
    human_url: urlSchema.describe(
      'The recommendations for the same answers, as a page (its address holds the answers).',
    ),
  })
  .meta({
    id: 'Fit',
    description:
      "How named courses, or the ones that came closest, fit six answers: the same match, reasons and warnings as the recommendations, and the verdict. The answers are the caller's own, not echoed; the citation and links are in `meta`. Answers are not stored or logged.",
  });
export type Fit = z.infer<typeof fitSchema>;

export const fitResponseSchema = envelopeSchema(fitSchema).meta({
  id: 'FitResponse',
  description: 'How courses fit six answers, in the `{data, meta}` envelope.',
});
