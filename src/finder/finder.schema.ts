import { z } from 'zod';
import { envelopeSchema } from '../core/envelope.schema';

const answerOptionSchema = z
  .strictObject({ question: z.string(), values: z.record(z.string(), z.string()) })
  .meta({ id: 'AnswerOption' });

export const finderQuestionsSchema = z
  .strictObject({
    questions: z.strictObject({
      experience: answerOptionSchema,
      objective: answerOptionSchema,
      learning_style: answerOptionSchema,
      freshness: answerOptionSchema,
      budget: answerOptionSchema,
      operating_model: answerOptionSchema,
    }),
    recommendations_url_template: z.string(),
  })
  .meta({ id: 'FinderQuestions' });
export type FinderQuestions = z.infer<typeof finderQuestionsSchema>;

export const finderQuestionsResponseSchema = envelopeSchema(finderQuestionsSchema).meta({
  id: 'FinderQuestionsResponse',
});
