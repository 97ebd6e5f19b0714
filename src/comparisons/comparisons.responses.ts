import { z } from 'zod';
import { courseSchema } from '../catalog/course.schema';
import { envelopeSchema } from '../core/envelope.schema';

export const comparisonSchema = z
  .strictObject({
    courses: z.array(courseSchema).min(2).max(3).describe('The courses, in the order asked for.'),
  })
  .meta({ id: 'Comparison', description: '2 to 3 courses side by side.' });
export type Comparison = z.infer<typeof comparisonSchema>;

export const comparisonResponseSchema = envelopeSchema(comparisonSchema).meta({
  id: 'ComparisonResponse',
  description: 'A comparison of 2 to 3 courses, in the `{data, meta}` envelope.',
});
