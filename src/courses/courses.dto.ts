import { type BudgetBand, type Level, type Sort, type Topic } from '../catalog/vocabulary';
import {
  budgetBandSchema,
  levelSchema,
  sortSchema,
  topicSchema,
} from '../catalog/vocabulary.schema';
import {
  Cursor,
  QueryBoolean,
  QueryEnum,
  QueryInt,
  SearchText,
  Slug,
} from '../core/validation/input-decorators';

/** The longest `q`, and the page sizes `limit` takes (docs/api.md#searchcourses). */
export const MAX_SEARCH_TEXT = 200;
export const MAX_PAGE_SIZE = 100;
const MAX_CURSOR = 200;

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

  @SearchText(MAX_SEARCH_TEXT, {
    description:
      'Only courses whose name, provider, description, best-for, highlights or topics hold every word given: a word matches the start of a word there, whatever its case or accents (`loc` finds “Local SEO”).',
  })
  q?: string;

  @QueryInt(1, MAX_PAGE_SIZE, {
    description:
      'Answer a page of at most this many courses, with a `Link` header to the next page (rel `next`) and the first (rel `first`). Without it, every course found.',
  })
  limit?: number;

  @Cursor(MAX_CURSOR, {
    description:
      "The page after a previous one, as its `Link` header's `next` (or `prev`) gave it; valid while the data stays the same.",
  })
  cursor?: string;
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
