import { type BudgetBand, type Level, type Sort, type Topic } from '../catalog/vocabulary';
import {
  budgetBandSchema,
  levelSchema,
  sortSchema,
  topicSchema,
} from '../catalog/vocabulary.schema';
import { OmitType } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';
import {
  Cursor,
  QueryBoolean,
  QueryEnum,
  QueryEnumList,
  QueryInt,
  SearchText,
  Slug,
} from '../core/validation/input-decorators';

/** The longest `q`, and the page sizes `limit` takes (docs/api.md#searchcourses). */
export const MAX_SEARCH_TEXT = 200;
/** The text `getSuggestions` completes, and the most suggestions it answers (docs/api.md#getsuggestions). */
export const SUGGESTION_TEXT = { min: 2, max: 100 };
export const MAX_SUGGESTIONS = 8;
export const MAX_PAGE_SIZE = 100;
const MAX_CURSOR = 200;

/** `sort=relevance` ranks by the words of `q`: without them it has nothing to rank by. */
const RelevanceNeedsWords = () =>
  ValidateBy({
    name: 'relevanceNeedsWords',
    validator: {
      validate: (sort, args) =>
        sort !== 'relevance' || (args?.object as SearchCoursesQuery).q !== undefined,
      defaultMessage: () => '`relevance` orders by how well the words of q match: give q too',
    },
  });

/** The query of `searchCourses` and the arguments of `search_courses`. All optional. */
export class SearchCoursesQuery {
  @QueryEnumList(levelSchema, { description: 'Only courses taught at any of these levels.' })
  level?: Level[];

  @QueryEnumList(topicSchema, {
    description: 'Only courses covering any of these topics at 3 or more on the 0 to 5 scale.',
  })
  specialty?: Topic[];

  @QueryEnumList(budgetBandSchema, {
    description: 'Only courses whose first-year cost in USD falls in any of these bands.',
  })
  price_band?: BudgetBand[];

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

  @QueryEnum(sortSchema, {
    description: 'Order of the list; default `name-asc`; `relevance` needs `q`.',
  })
  @RelevanceNeedsWords()
  sort?: Sort;

  @SearchText(MAX_SEARCH_TEXT, {
    description:
      'Words each course found holds in its name, provider, description, best-for, highlights, levels or topics, each the start of one, any case or accent; from 4 letters a letter or two off too (`tecnical`), two written as one (`linkbuilding`). A term of the field (`GEO`, `backlinks`, `map pack`) also finds its other names and its topics’ courses.',
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
      "The course's slug, as searches, recommendations and comparisons give it (`answer-engine-foundations`); an unknown one's error names the nearest slugs.",
    required: true,
  })
  slug!: string;
}

/**
 * The query of `getFacets`: the list's filters and words, without its order or pages
 * (docs/api.md#getfacets).
 */
export class FacetsQuery extends OmitType(SearchCoursesQuery, ['sort', 'limit', 'cursor']) {}

/** The query of `getSuggestions` (docs/api.md#getsuggestions). */
export class SuggestionsQuery {
  @SearchText(
    SUGGESTION_TEXT.max,
    {
      description:
        'The words typed so far: the last one is completed (a word of the catalog, or a glossary term’s name: `gen` → `generative engine optimization`), a misspelt one corrected (a word of 4 letters or more, a letter or two away from one of the catalog).',
      required: true,
    },
    SUGGESTION_TEXT.min,
  )
  q!: string;
}
