import { z } from 'zod';
import { courseSchema } from '../catalog/course.schema';
import {
  BUDGET_BAND_LABELS,
  BUDGET_BANDS,
  LEVEL_LABELS,
  LEVELS,
  SORT_LABELS,
  SORTS,
  TOPIC_LABELS,
  TOPICS,
} from '../catalog/vocabulary';
import { envelopeSchema } from '../core/envelope.schema';
import { labelled, queryBoolean } from '../core/query';

export const searchCoursesQuerySchema = z.strictObject({
  level: labelled(z.enum(LEVELS), LEVEL_LABELS, 'Only courses taught at this level.').optional(),
  specialty: labelled(
    z.enum(TOPICS),
    TOPIC_LABELS,
    'Only courses covering this topic at 3 or more on the 0 to 5 scale.',
  ).optional(),
  price_band: labelled(
    z.enum(BUDGET_BANDS),
    BUDGET_BAND_LABELS,
    'Only courses whose first-year cost in USD falls in this band.',
  ).optional(),
  community_only: queryBoolean.optional().meta({
    description:
      'Only courses with community access or live training (`true` or `1`); `false` or `0` is the same as leaving it out.',
  }),
  include_inactive: queryBoolean.optional().meta({
    description:
      'Include courses listed but not currently enrolling (`true` or `1`); by default they are left out.',
  }),
  sort: labelled(z.enum(SORTS), SORT_LABELS, 'Order of the list; default `name-asc`.').optional(),
});
export type SearchCoursesQuery = z.output<typeof searchCoursesQuerySchema>;

export const courseListResponseSchema = envelopeSchema(z.array(courseSchema)).meta({
  id: 'CourseListResponse',
});
export const courseResponseSchema = envelopeSchema(courseSchema).meta({ id: 'CourseResponse' });
