import { z } from 'zod';
import { searchWords } from '../core/search-words';
import { schemaReference } from './course.schema';
import { COVERAGE_KEYS, COVERAGE_LABELS } from './vocabulary';

/**
 * The glossary of the field, kept by the editors in `data/glossary.json` (docs/data.md#the-glossary):
 * each term with its other names, a plain definition and the catalog topics it belongs to. The
 * rules across terms (a name used twice) are glossary.ts's.
 */

/** A definition is one to three plain sentences: at most this many characters. */
export const MAX_DEFINITION_LENGTH = 400;
export const MAX_DEFINITION_SENTENCES = 3;
/** A name or other name: a few words. */
export const MAX_NAME_LENGTH = 60;

/** How many sentences a text holds: each ends with `.`, `!` or `?` before a space or the end. */
export function sentencesIn(text: string): number {
  return text
    .trim()
    .split(/[.!?](?:\s+|$)/)
    .filter((part) => part.trim() !== '').length;
}

const nameSchema = z
  .string()
  .max(MAX_NAME_LENGTH)
  .refine((name) => searchWords(name).length > 0, 'must hold a word (letters or digits)');

export const coverageTopicSchema = z.enum(COVERAGE_KEYS).meta({
  id: 'CoverageTopic',
  description: `A topic of a course's \`topic_coverage\`. Values: ${COVERAGE_KEYS.map((key) => `\`${key}\` = ${COVERAGE_LABELS[key]}`).join('; ')}.`,
  'x-enum-descriptions': COVERAGE_KEYS.map((key) => COVERAGE_LABELS[key]),
});

export const glossaryTermRecordSchema = z.strictObject({
  name: nameSchema.describe(
    'The term as the glossary lists it, e.g. "Generative engine optimization".',
  ),
  other_names: z
    .array(nameSchema)
    .describe(
      'Its other names and abbreviations, e.g. "GEO", "LLMO": each finds what the name finds.',
    ),
  definition: z
    .string()
    .trim()
    .min(1)
    .max(MAX_DEFINITION_LENGTH)
    .refine(
      (text) => sentencesIn(text) <= MAX_DEFINITION_SENTENCES,
      `must be at most ${MAX_DEFINITION_SENTENCES} sentences`,
    )
    .refine(
      (text) => !/\d/.test(text),
      'must hold no figure or date (a number would need a source): say it in words that stay true',
    )
    .describe(
      'One to three plain sentences, true of the field in general: nothing about any provider, no figure or date.',
    ),
  topics: z
    .array(coverageTopicSchema)
    .min(1, 'must name at least one topic')
    .refine((topics) => new Set(topics).size === topics.length, 'lists a topic twice')
    .describe('The catalog topics it belongs to (`topic_coverage` keys), at least one.'),
});
export type GlossaryTermRecord = z.infer<typeof glossaryTermRecordSchema>;

export const glossaryFileSchema = z.strictObject({
  ...schemaReference,
  terms: z.array(glossaryTermRecordSchema),
});
