import { z } from 'zod';
import { coverageTopicSchema } from '../catalog/glossary.schema';
import { envelopeSchema, listMetaSchema } from '../core/envelope.schema';
import { urlSchema } from '../core/envelope.schema';
import { MAX_SUGGESTIONS } from './courses.dto';

/** The shapes of what helps a person search (docs/api.md#getsuggestions, docs/api.md#getglossary). */

/** At most this many courses are named beside the suggested searches. */
export const MAX_SUGGESTED_COURSES = 5;

export const suggestedCourseSchema = z
  .strictObject({
    slug: z.string().describe('The course’s slug.'),
    name: z.string().describe('Its name.'),
    page_url: urlSchema.describe('Its page on the website.'),
  })
  .meta({ id: 'SuggestedCourse', description: 'A course whose name the words typed match.' });
export type SuggestedCourse = z.infer<typeof suggestedCourseSchema>;

export const suggestionsSchema = z
  .strictObject({
    suggestions: z
      .array(z.string().min(1))
      .max(MAX_SUGGESTIONS)
      .describe(
        `At most ${MAX_SUGGESTIONS} searches the words typed may have meant, best first, each finding at least one enrolling course; when the words find nothing, searches near them that do; empty when there is none.`,
      ),
    courses: z
      .array(suggestedCourseSchema)
      .max(MAX_SUGGESTED_COURSES)
      .describe(
        `At most ${MAX_SUGGESTED_COURSES} enrolling courses whose names the words match (every word beginning a word of the name, typos forgiven), best first.`,
      ),
  })
  .meta({
    id: 'Suggestions',
    description: 'Searches and courses to offer as the words are typed.',
  });
export type Suggestions = z.infer<typeof suggestionsSchema>;

export const suggestionsResponseSchema = envelopeSchema(suggestionsSchema).meta({
  id: 'SuggestionsResponse',
  description: 'Suggested searches and courses, in the `{data, meta}` envelope.',
});

export const glossaryTermSchema = z
  .strictObject({
    id: z
      .string()
      .describe('The term’s anchor on the glossary page: its name’s words, hyphenated.'),
    name: z.string().describe('The term, e.g. "Generative engine optimization".'),
    other_names: z
      .array(z.string())
      .describe('Its other names and abbreviations; `q` reads each as the term.'),
    definition: z.string().describe('One to three plain sentences, true of the field in general.'),
    topics: z
      .array(coverageTopicSchema)
      .min(1)
      .describe('The catalog topics it belongs to (`topic_coverage` members).'),
    course_count: z
      .int()
      .min(0)
      .describe(
        'How many enrolling courses `q` with its name finds: the list’s count with its default filters.',
      ),
    list_url: urlSchema.describe(
      'The website’s list of those courses, best match first (`?q=` the name).',
    ),
    page_url: urlSchema.describe('The term on the glossary page.'),
  })
  .meta({ id: 'GlossaryTerm', description: 'A term of the field, as search reads it.' });
export type GlossaryEntry = z.infer<typeof glossaryTermSchema>;

export const glossaryResponseSchema = envelopeSchema(
  z.array(glossaryTermSchema).describe('Every term, in name order.'),
  listMetaSchema,
).meta({
  id: 'GlossaryResponse',
  description: 'The glossary in the `{data, meta}` envelope; `meta.count` is the number of terms.',
});
