import { z } from 'zod';
import { courseSchema, urlSchema } from '../catalog/course.schema';
import { envelopeSchema } from '../core/envelope.schema';
import {
  BUDGET_BANDS,
  FRESHNESS,
  LEARNING_STYLES,
  LEVELS,
  OPERATING_MODELS,
  QUESTIONS,
  TOPICS,
} from '../catalog/vocabulary';
import { labelled } from '../core/query';

const answer = <S extends z.ZodEnum>(schema: S, name: keyof typeof QUESTIONS) =>
  labelled(schema, QUESTIONS[name].values, QUESTIONS[name].question);

/** The six finder answers: the query of `/recommendations` and the input of `recommend_courses`. */
export const answersSchema = z.strictObject({
  experience: answer(z.enum(LEVELS), 'experience'),
  objective: answer(z.enum(TOPICS), 'objective'),
  learning_style: answer(z.enum(LEARNING_STYLES), 'learning_style'),
  freshness: answer(z.enum(FRESHNESS), 'freshness'),
  budget: answer(z.enum(BUDGET_BANDS), 'budget'),
  operating_model: answer(z.enum(OPERATING_MODELS), 'operating_model'),
});
export type Answers = z.infer<typeof answersSchema>;

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
