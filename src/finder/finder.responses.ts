import { z } from 'zod';
import { envelopeSchema } from '../core/envelope.schema';

const answerOptionSchema = z
  .strictObject({
    question: z.string().describe('The question, as the Course Finder asks it.'),
    values: z
      .record(z.string(), z.string())
      .describe('Each allowed value of the answer → its label, in the order to offer them.'),
  })
  .meta({ id: 'AnswerOption', description: 'One Course Finder question and its answers.' });

export const finderQuestionsSchema = z
  .strictObject({
    questions: z
      .strictObject({
        experience: answerOptionSchema,
        objective: answerOptionSchema,
        learning_style: answerOptionSchema,
        freshness: answerOptionSchema,
        budget: answerOptionSchema,
        operating_model: answerOptionSchema,
      })
      .describe('The six questions, keyed by the name of the `recommendCourses` parameter.'),
    recommendations_url_template: z
      .string()
      .describe('The `recommendCourses` URL with a `{name}` placeholder for each answer.'),
  })
  .meta({
    id: 'FinderQuestions',
    description: 'The six Course Finder questions with every allowed value and its label.',
  });
export type FinderQuestions = z.infer<typeof finderQuestionsSchema>;

export const finderQuestionsResponseSchema = envelopeSchema(finderQuestionsSchema).meta({
  id: 'FinderQuestionsResponse',
  description: 'The six Course Finder questions, in the `{data, meta}` envelope.',
});
