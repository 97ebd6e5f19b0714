import { z } from 'zod';
import { changeSchema } from '../catalog/change.schema';
import { envelopeSchema, listMetaSchema } from '../core/envelope.schema';

export const changeListResponseSchema = envelopeSchema(
  z
    .array(changeSchema)
    .describe('The entries found, newest first (by date, then in the order they were recorded).'),
  listMetaSchema,
).meta({
  id: 'ChangeListResponse',
  description:
    'Entries of the history in the `{data, meta}` envelope; `meta.count` is the number in this answer.',
});
