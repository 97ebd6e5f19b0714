import { z } from 'zod';
import { courseSchema } from '../catalog/course.schema';
import { envelopeSchema } from '../core/envelope.schema';

export const compareCoursesQuerySchema = z.strictObject({
  courses: z.string().meta({
    description:
      'Required. 2 to 3 distinct, comma-separated course slugs, in the order to show them, e.g. `answer-engine-foundations,search-generalist-program`.',
  }),
});

export const comparisonSchema = z
  .strictObject({ courses: z.array(courseSchema).min(2).max(3) })
  .meta({ id: 'Comparison' });
export type Comparison = z.infer<typeof comparisonSchema>;

export const comparisonResponseSchema = envelopeSchema(comparisonSchema).meta({
  id: 'ComparisonResponse',
});
