import { z } from 'zod';
import { SLUG_PATTERN } from '../catalog/course.schema';
import { ANSWER_NAMES, QUESTIONS } from '../catalog/vocabulary';
import { MAX_COMPARED, MIN_COMPARED } from '../comparisons/comparisons.service';
import { searchCoursesQuerySchema } from '../courses/courses.schema';
import { answersSchema } from '../recommendations/recommendation.schema';

/**
 * Tool inputs: the REST parameters under the same names and values, with JSON types where a query
 * string has none (booleans, an array of slugs). Each is derived from its REST schema, so the
 * vocabularies cannot drift. Rules the services enforce themselves (slug pattern, 2 to 3 slugs) are
 * advertised as JSON Schema keywords through `.meta()` and checked by the service, so the error
 * body is the REST one.
 */

const slug = z.string().meta({ pattern: SLUG_PATTERN.source });

const search = searchCoursesQuerySchema.shape;
export const searchCoursesInputSchema = z.strictObject({
  level: search.level.describe('Only courses taught at this level.'),
  specialty: search.specialty.describe(
    'Only courses covering this topic substantially (coverage 3 or more on a 0-5 scale).',
  ),
  price_band: search.price_band.describe(
    'Only courses whose approximate first-year cost in USD falls in this band.',
  ),
  community_only: z
    .boolean()
    .optional()
    .describe('true: only courses with community access or live training.'),
  include_inactive: z
    .boolean()
    .optional()
    .describe('true: also list courses that are not currently enrolling.'),
  sort: search.sort.describe('Order of the list; default name-asc.'),
});

export const getCourseInputSchema = z.strictObject({
  slug: slug.describe('Course slug, as returned by search_courses or recommend_courses.'),
});

/** Each answer carries its question and the allowed values with their labels. */
export const recommendCoursesInputSchema = z.strictObject(
  Object.fromEntries(
    ANSWER_NAMES.map((name) => {
      const { question, values } = QUESTIONS[name];
      const options = Object.entries(values)
        .map(([value, label]) => `${value} = ${label}`)
        .join('; ');
      return [name, answersSchema.shape[name].describe(`${question} (${options})`)];
    }),
  ) as typeof answersSchema.shape,
);

export const compareCoursesInputSchema = z.strictObject({
  courses: z
    .array(slug)
    .meta({ minItems: MIN_COMPARED, maxItems: MAX_COMPARED })
    .describe(`${MIN_COMPARED} to ${MAX_COMPARED} course slugs, in display order.`),
});

export const noInputSchema = z.strictObject({});
