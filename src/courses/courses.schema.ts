import { z } from 'zod';
import { courseSchema } from '../catalog/course.schema';
import { BUDGET_BANDS, LEVELS, SORTS, TOPICS } from '../catalog/vocabulary';
import { envelopeSchema } from '../core/envelope.schema';
import { queryBoolean } from '../core/query';

export const searchCoursesQuerySchema = z.strictObject({
  level: z.enum(LEVELS).optional(),
  specialty: z.enum(TOPICS).optional(),
  price_band: z.enum(BUDGET_BANDS).optional(),
  community_only: queryBoolean.optional(),
  include_inactive: queryBoolean.optional(),
  sort: z.enum(SORTS).optional(),
});
export type SearchCoursesQuery = z.output<typeof searchCoursesQuerySchema>;

export const courseListResponseSchema = envelopeSchema(z.array(courseSchema)).meta({
  id: 'CourseListResponse',
});
export const courseResponseSchema = envelopeSchema(courseSchema).meta({ id: 'CourseResponse' });
