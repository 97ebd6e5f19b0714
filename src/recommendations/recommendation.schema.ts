import { z } from 'zod';
import { courseSchema } from '../catalog/course.schema';
import { envelopeSchema, urlSchema } from '../core/envelope.schema';
import {
  BUDGET_BANDS,
  FRESHNESS,
  LEARNING_STYLES,
  LEVELS,
  OPERATING_MODELS,
  TOPICS,
} from '../catalog/vocabulary';

/**
 * The six answers as a recommendation echoes them. The same vocabularies define the `Answers`
 * input class (answers.dto.ts), which validates them on the way in.
 */
const answersSchema = z.strictObject({
  experience: z.enum(LEVELS),
  objective: z.enum(TOPICS),
  learning_style: z.enum(LEARNING_STYLES),
  freshness: z.enum(FRESHNESS),
  budget: z.enum(BUDGET_BANDS),
  operating_model: z.enum(OPERATING_MODELS),
});

export const recommendationResultSchema = z
  .strictObject({
    rank: z.int().min(1),
    match_percent: z.int().min(0).max(99),
    match_reasons: z.array(z.string()),
    warnings: z.array(z.string()),
    course: courseSchema,
  })
  .meta({ id: 'RecommendationResult' });
export type RecommendationResult = z.infer<typeof recommendationResultSchema>;

export const recommendationSchema = z
  .strictObject({
    answers: answersSchema,
    answer_labels: z.strictObject({
      experience: z.string(),
      objective: z.string(),
      learning_style: z.string(),
      freshness: z.string(),
      budget: z.string(),
      operating_model: z.string(),
    }),
    match_threshold: z.int(),
    result_limit: z.int(),
    no_strong_match: z.boolean(),
    results: z.array(recommendationResultSchema).max(3),
    human_url: urlSchema,
    methodology_url: urlSchema,
    dataset_url: urlSchema,
    citation: z.string(),
  })
  .meta({ id: 'Recommendation' });
export type Recommendation = z.infer<typeof recommendationSchema>;

export const recommendationResponseSchema = envelopeSchema(recommendationSchema).meta({
  id: 'RecommendationResponse',
});
