import { z } from 'zod';
import { courseSchema } from '../catalog/course.schema';
import { envelopeSchema } from '../core/envelope.schema';

export const comparisonSchema = z
  .strictObject({ courses: z.array(courseSchema).min(2).max(3) })
  .meta({ id: 'Comparison' });
export type Comparison = z.infer<typeof comparisonSchema>;

export const comparisonResponseSchema = envelopeSchema(comparisonSchema).meta({
  id: 'ComparisonResponse',
});
