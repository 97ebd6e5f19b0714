import { z } from 'zod';
import { dateSchema, urlSchema } from '../core/envelope.schema';
import { slugSchema } from './course.schema';
import { entrySourceSchema, historyKindSchema } from './history.schema';

/**
 * An entry of the dataset's history as served (docs/api.md#getchanges): what the history file
 * holds, with the course it is about as of today and the entry in words.
 */
export const changeSchema = z
  .strictObject({
    id: z
      .string()
      .describe(
        "The entry's identifier: its date and a fingerprint of its content, the same on every replica and after every restart.",
      ),
    date: dateSchema.describe('The day the change was made or the check done.'),
    kind: historyKindSchema,
    subject: z.enum(['course', 'methodology']).meta({
      id: 'ChangeSubject',
      description: 'Whether the entry is about a course or about the scoring methodology.',
    }),
    course: z
      .strictObject({
        slug: slugSchema,
        name: z.string().describe("The course's name as of the entry."),
        placeholder_data: z
          .boolean()
          .describe('True when the course was a fictional placeholder as of the entry.'),
        removed: z
          .boolean()
          .describe('True when the course is no longer tracked: its page is gone.'),
      })
      .nullable()
      .describe('The course the entry is about; null for the methodology.'),
    text: z
      .string()
      .describe(
        'The entry in words, e.g. "Answer Engine Foundations: Price changed from $199 to $249 a month."',
      ),
    changes: z
      .array(
        z.strictObject({
          field: z.string().describe('The member that changed, e.g. `price`.'),
          before: z.unknown().describe('Its value before, as the data file held it (null: none).'),
          after: z.unknown().describe('Its value after, as the data file holds it.'),
          text: z
            .string()
            .describe('The change in words, e.g. "Price changed from $199 to $249 a month".'),
        }),
      )
      .describe('What changed, member by member; empty for an addition, a check or a removal.'),
    sources: z.array(entrySourceSchema).describe('What the entry was checked against.'),
    page_url: urlSchema.describe(
      "Where the entry shows on the website: the course's page, the methodology page, or for a removed course its entries on the changes page.",
    ),
  })
  .meta({ id: 'Change', description: 'One dated entry of the history of the dataset.' });
export type Change = z.infer<typeof changeSchema>;
