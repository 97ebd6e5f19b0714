import { z } from 'zod';
import { courseSchema } from '../catalog/course.schema';
import { envelopeSchema } from '../core/envelope.schema';

export const courseListResponseSchema = envelopeSchema(z.array(courseSchema)).meta({
  id: 'CourseListResponse',
});
export const courseResponseSchema = envelopeSchema(courseSchema).meta({ id: 'CourseResponse' });
