import { z } from 'zod';
import { courseSchema } from '../catalog/course.schema';
import { envelopeSchema, listMetaSchema } from '../core/envelope.schema';

export const courseListResponseSchema = envelopeSchema(
  z.array(courseSchema).describe('The courses found, in the order asked for.'),
  listMetaSchema,
).meta({
  id: 'CourseListResponse',
  description: 'A list of courses in the `{data, meta}` envelope; `meta.count` is its length.',
});
export const courseResponseSchema = envelopeSchema(courseSchema).meta({
  id: 'CourseResponse',
  description: 'One course in the `{data, meta}` envelope.',
});
