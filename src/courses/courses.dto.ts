import { type BudgetBand, type Level, type Sort, type Topic } from '../catalog/vocabulary';
import {
  budgetBandSchema,
  levelSchema,
  sortSchema,
  topicSchema,
} from '../catalog/vocabulary.schema';
import { QueryBoolean, QueryEnum, Slug } from '../core/validation/input-decorators';

/** The query of `searchCourses` and the arguments of `search_courses`. All optional. */
export class SearchCoursesQuery {
  @QueryEnum(levelSchema, { description: 'Only courses taught at this level.' })
  level?: Level;

  @QueryEnum(topicSchema, {
    description: 'Only courses covering this topic at 3 or more on the 0 to 5 scale.',
  })
  specialty?: Topic;

  @QueryEnum(budgetBandSchema, {
    description: 'Only courses whose first-year cost in USD falls in this band.',
  })
  price_band?: BudgetBand;

  @QueryBoolean({
    description:
      'Only courses with community access or live training when true; false is the same as leaving it out.',
  })
  community_only?: boolean;

  @QueryBoolean({
    description:
      'Include courses listed but not currently enrolling when true; by default they are left out.',
  })
  include_inactive?: boolean;

  @QueryEnum(sortSchema, { description: 'Order of the list; default `name-asc`.' })
  sort?: Sort;
}

/** The path of `getCourse` and the arguments of `get_course`. */
export class CourseSlug {
  @Slug({
    description:
      'The course slug, as returned by searchCourses or recommendCourses. A slug that breaks the pattern matches no course (404).',
    required: true,
  })
  slug!: string;
}
