import { z } from 'zod';
import { courseSchema } from '../catalog/course.schema';
import { envelopeSchema, listMetaSchema } from '../core/envelope.schema';
import { FILTERS, type FilterName } from './course-filters';

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

const count = z.int().min(0);

/** A filter's values, each with its count, in the filter's own order. */
function countsOf(name: FilterName, description: string) {
  const values = FILTERS[name].values.map(String);
  return z
    .strictObject(
      Object.fromEntries(
        values.map((value) => [value, count.describe(`The courses with \`${name}=${value}\`.`)]),
      ),
    )
    .describe(description);
}

export const facetsSchema = z
  .strictObject({
    total: count.describe(
      'How many courses the filters and words find: the `X-Total-Count` of the same `searchCourses` request.',
    ),
    facets: z
      .strictObject({
        level: countsOf('level', 'Each level → the courses with it in place of `level`.'),
        specialty: countsOf(
          'specialty',
          'Each specialty → the courses with it in place of `specialty`.',
        ),
        price_band: countsOf(
          'price_band',
          'Each band → the courses with it in place of `price_band`.',
        ),
        community_only: countsOf(
          'community_only',
          '`true` → the courses with `community_only=true`; `false` → without it.',
        ),
        include_inactive: countsOf(
          'include_inactive',
          '`true` → the courses with `include_inactive=true`; `false` → without it (enrolling only).',
        ),
      })
      .describe(
        'For each filter of `searchCourses`, every value it takes → how many courses that value would give in place of the filter’s own, with every other filter and the words kept.',
      ),
  })
  .meta({
    id: 'Facets',
    description:
      'How many courses a search finds, and how many each value of each filter would give.',
  });

export const facetsResponseSchema = envelopeSchema(facetsSchema).meta({
  id: 'FacetsResponse',
  description: 'The counts of a search, in the `{data, meta}` envelope.',
});
