import {
  BUDGET_BAND_LABELS,
  BUDGET_BANDS,
  type BudgetBand,
  LEVEL_LABELS,
  LEVELS,
  type Level,
  SORT_LABELS,
  SORTS,
  type Sort,
  TOPIC_LABELS,
  TOPICS,
  type Topic,
} from '../catalog/vocabulary';
import { QueryBoolean, QueryEnum, Slug } from '../core/validation/input-decorators';

/** The query of `searchCourses` and the arguments of `search_courses`. All optional. */
export class SearchCoursesQuery {
  @QueryEnum(LEVELS, LEVEL_LABELS, { description: 'Only courses taught at this level.' })
  level?: Level;

  @QueryEnum(TOPICS, TOPIC_LABELS, {
    description: 'Only courses covering this topic at 3 or more on the 0 to 5 scale.',
  })
  specialty?: Topic;

  @QueryEnum(BUDGET_BANDS, BUDGET_BAND_LABELS, {
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

  @QueryEnum(SORTS, SORT_LABELS, { description: 'Order of the list; default `name-asc`.' })
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
