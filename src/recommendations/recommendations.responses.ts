import { z } from 'zod';
import { courseSchema } from '../catalog/course.schema';
import {
  BOUNDS,
  matchPercentSchema,
  RECOMMENDATION_BOUNDS,
  matchThresholdSchema,
  resultLimitSchema,
} from '../catalog/methodology.schema';
import { QUESTIONS } from '../catalog/vocabulary';
import { ANSWER_VOCABULARIES as VOCABULARY } from '../catalog/vocabulary.schema';
import { envelopeSchema, invalidAnswersErrorSchema, urlSchema } from '../core/envelope.schema';

/** The six answers as a recommendation echoes them. */
const answersSchema = z
  .strictObject({
    experience: VOCABULARY.experience.describe(QUESTIONS.experience.question),
    objective: VOCABULARY.objective.describe(QUESTIONS.objective.question),
    learning_style: VOCABULARY.learning_style.describe(QUESTIONS.learning_style.question),
    freshness: VOCABULARY.freshness.describe(QUESTIONS.freshness.question),
    budget: VOCABULARY.budget.describe(QUESTIONS.budget.question),
    operating_model: VOCABULARY.operating_model.describe(QUESTIONS.operating_model.question),
  })
  .describe('The six answers as given, in the order of the questions.');

/** Every allowed value of every answer: `details.answer_options` of an `invalid_answers` error. */
export const answerOptionsSchema = z
  .strictObject({
    experience: z.array(VOCABULARY.experience).describe('The values `experience` takes.'),
    objective: z.array(VOCABULARY.objective).describe('The values `objective` takes.'),
    learning_style: z
      .array(VOCABULARY.learning_style)
      .describe('The values `learning_style` takes.'),
    freshness: z.array(VOCABULARY.freshness).describe('The values `freshness` takes.'),
    budget: z.array(VOCABULARY.budget).describe('The values `budget` takes.'),
    operating_model: z
      .array(VOCABULARY.operating_model)
      .describe('The values `operating_model` takes.'),
  })
  .meta({
    id: 'AnswerOptions',
    description: 'Every allowed value of each of the six answers, in the order of the questions.',
  });

export const invalidAnswersError = invalidAnswersErrorSchema(answerOptionsSchema).meta({
  id: 'InvalidAnswersError',
});

export const recommendationResultSchema = z
  .strictObject({
    rank: z.int().min(1).describe('Position in the results, from 1 (best match).'),
    match_percent: matchPercentSchema.describe(
      'How well the course fits the answers, 0 to 99. A fit to these answers, not a quality measure.',
    ),
    match_reasons: z
      .array(z.string())
      .describe('Facts of the course that fit an answer, one sentence each.'),
    warnings: z
      .array(z.string())
      .describe(
        'Facts that do not fit an answer or need care (over budget, level gap, unpublished price, stale or placeholder facts, …), one sentence each.',
      ),
    course: courseSchema,
  })
  .meta({ id: 'RecommendationResult', description: 'One recommended course and why.' });
export type RecommendationResult = z.infer<typeof recommendationResultSchema>;

export const recommendationSchema = z
  .strictObject({
    answers: answersSchema,
    answer_labels: z
      .strictObject({
        experience: z.string().describe('The label of the `experience` answer.'),
        objective: z.string().describe('The label of the `objective` answer.'),
        learning_style: z.string().describe('The label of the `learning_style` answer.'),
        freshness: z.string().describe('The label of the `freshness` answer.'),
        budget: z.string().describe('The label of the `budget` answer.'),
        operating_model: z.string().describe('The label of the `operating_model` answer.'),
      })
      .describe('The label of each answer given, as the questions show it.'),
    match_threshold: matchThresholdSchema,
    result_limit: resultLimitSchema,
    no_strong_match: z
      .boolean()
      .describe('True when no course reached `match_threshold` (then `results` is empty).'),
    results: z
      .array(recommendationResultSchema)
      .max(BOUNDS.result_limit.max)
      .describe(
        'The courses scoring at least `match_threshold`, best first, at most `result_limit`.',
      ),
    human_url: urlSchema.describe('The same results as a page of the website.'),
    methodology_url: urlSchema.describe('How the matches are scored, in words.'),
    dataset_url: urlSchema.describe('The whole dataset as JSON.'),
    citation: z.string().describe('Suggested citation text for the results.'),
  })
  .meta({
    id: 'Recommendation',
    description: `The courses that match the six answers best, ${RECOMMENDATION_BOUNDS}, with reasons and warnings. Answers are not stored or logged.`,
  });
export type Recommendation = z.infer<typeof recommendationSchema>;

export const recommendationResponseSchema = envelopeSchema(recommendationSchema).meta({
  id: 'RecommendationResponse',
  description: 'The recommendations for six answers, in the `{data, meta}` envelope.',
});
