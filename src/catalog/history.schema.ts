import { z } from 'zod';
import { dateSchema, urlSchema } from '../core/envelope.schema';
import { slugSchema } from './course.schema';
import { sourceTypeSchema } from './vocabulary.schema';

/**
 * One line of `data/history.jsonl` (docs/data.md#the-history): a dated entry the editors' tools
 * write (`npm run data:record`, `npm run data:verify`), never a person. Each entry carries the
 * fingerprints of the members it sets, so the check can tell which fact of which course changed
 * since the history last recorded it.
 */

export const HISTORY_KINDS = [
  'added',
  'changed',
  'verified',
  'no_longer_enrolling',
  'removed',
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

export const historyKindSchema = z.enum(HISTORY_KINDS).meta({
  id: 'ChangeKind',
  description:
    'What the entry records: `added` (a course added; for the methodology, as it stood when the history started), `changed` (facts changed, each with its value before and after), `verified` (a course checked against its sources), `no_longer_enrolling` (a course stopped enrolling), `removed` (a course no longer tracked).',
});

/** A fingerprint: the first 8 characters of the base64url SHA-256 of the value's canonical JSON. */
export const FINGERPRINT_PATTERN = /^[A-Za-z0-9_-]{8}$/;
/** `YYYY-MM-DD-` and a fingerprint of the entry: unique without coordination between editors. */
export const ENTRY_ID_PATTERN = /^\d{4}-\d{2}-\d{2}-[A-Za-z0-9_-]{8}$/;

export const entrySourceSchema = z
  .strictObject({
    field: z
      .string()
      .nullable()
      .describe(
        'The member the source vouches for (`price`, `price.amount`); null: the whole entry.',
      ),
    source_type: sourceTypeSchema.describe('What kind of source it is.'),
    label: z.string().describe("The source's name as shown to readers."),
    url: urlSchema.nullable().describe('Where the source can be read; null when it is not online.'),
  })
  .meta({ id: 'ChangeSource', description: 'A source the editors checked the entry against.' });
export type EntrySource = z.infer<typeof entrySourceSchema>;

const fieldChangeSchema = z.strictObject({
  field: z
    .string()
    .min(1)
    .describe('The member of the course (or of the methodology) that changed.'),
  before: z.unknown().describe('Its value before, as the data file held it.'),
  after: z.unknown().describe('Its value after, as the data file holds it.'),
});

export const historyEntrySchema = z
  .strictObject({
    id: z
      .string()
      .regex(
        ENTRY_ID_PATTERN,
        'must be the date and 8 letters, digits, - or _ (data:record writes it)',
      )
      .describe("The entry's identifier: its date and a fingerprint of its content."),
    date: dateSchema.describe('The day the change was made or the check done.'),
    seq: z
      .int()
      .min(1)
      .optional()
      .describe(
        'Its place among the entries of its date: absent on the first written that day, then 1, 2, … (the tools number them).',
      ),
    kind: historyKindSchema,
    course: slugSchema
      .optional()
      .describe("The course's slug; absent for an entry about the methodology."),
    name: z.string().min(1).optional().describe("The course's name as of the entry."),
    placeholder: z
      .literal(true)
      .optional()
      .describe('Present when the course was a fictional placeholder as of the entry.'),
    changes: z.array(fieldChangeSchema).optional().describe('What changed, member by member.'),
    sources: z.array(entrySourceSchema).optional().describe('What the entry was checked against.'),
    facts: z
      .record(
        z.string(),
        z.string().regex(FINGERPRINT_PATTERN, 'must be 8 letters, digits, - or _'),
      )
      .optional()
      .describe('The fingerprint of each member the entry sets, as of the entry.'),
  })
  .describe(
    'One line of data/history.jsonl, written by `npm run data:record` or `npm run data:verify`; lines are read in order of date, then seq, then id.',
  );
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/** The history file: JSON Lines, merged by git's union driver (`data/.gitattributes`). */
export const HISTORY_FILE = { file: 'history.jsonl', schema: historyEntrySchema } as const;
