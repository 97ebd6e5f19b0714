import { Controller, Get } from '@nestjs/common';
import type { Envelope } from '../core/envelope';
import { invalidParametersErrorSchema } from '../core/envelope.schema';
import { API_PREFIX } from '../core/paths';
import { ApiRead, QueryInput } from '../openapi/api-operation.decorator';
import type { FacetCounts } from './course-filters';
import { NoQuery } from '../core/validation/no-query.dto';
import { FacetsQuery, MAX_SUGGESTIONS, SuggestionsQuery } from './courses.dto';
import { facetsResponseSchema } from './courses.responses';
import { CoursesService } from './courses.service';
import {
  type GlossaryEntry,
  glossaryResponseSchema,
  MAX_SUGGESTED_COURSES,
  type Suggestions,
  suggestionsResponseSchema,
} from './search-aids.responses';
import { SearchAidsService } from './search-aids.service';

/**
 * What helps a person search the list: counts beside each filter's values, suggestions, and the
 * field's words the search reads.
 */
@Controller(API_PREFIX)
export class SearchAidsController {
  constructor(
    private readonly courses: CoursesService,
    private readonly aids: SearchAidsService,
  ) {}

  @Get('facets')
  @ApiRead({
    operationId: 'getFacets',
    tag: 'Courses',
    summary: 'How many courses each filter value would give',
    description:
      'Takes the filters and `q` of `searchCourses` and answers how many courses they find (`total`, the list’s `X-Total-Count`) and, for each filter, how many each of its values would give in place of the filter’s own values, with every other filter and the words kept: the counts a filter form shows beside each choice. Every value of every filter is there, 0 included.',
    ok: {
      schema: facetsResponseSchema,
      example: {
        summary: 'Beginner or intermediate courses about local SEO',
        query: { level: 'beginner,intermediate', q: 'local' },
      },
    },
    errors: {
      422: {
        schema: invalidParametersErrorSchema,
        description:
          '`invalid_parameters`: a parameter is unknown (`sort`, `limit` and `cursor` included), repeated, empty or has an unsupported value; `details.parameters` lists each with its allowed values.',
        example: {
          summary: 'A level given twice in the list',
          query: { level: 'beginner,beginner' },
        },
      },
    },
  })
  facets(@QueryInput() query: FacetsQuery): Envelope<{ total: number; facets: FacetCounts }> {
    return this.courses.facets(query);
  }

  @Get('suggestions')
  @ApiRead({
    operationId: 'getSuggestions',
    tag: 'Courses',
    summary: 'Searches and courses to offer as words are typed',
    description: `At most ${MAX_SUGGESTIONS} searches the words typed so far may have meant, best first: the names of glossary terms they begin (\`gen\` → \`generative engine optimization\`, the term finding most courses first), the last word completed (\`tech\` → \`technical\`) or corrected (\`tecnical\` → \`technical\`), a misspelt earlier word corrected, two words written together read apart (\`linkbuilding\` → \`link building\`); when none of those finds a course, searches near the words that do (a word left out or replaced by a term it nearly spells). Each one, sent as \`q\` to \`searchCourses\`, finds at least one enrolling course. Beside them, in \`courses\`, at most ${MAX_SUGGESTED_COURSES} enrolling courses whose names the words match, best first. They come from the words of the courses and the glossary, never from what anyone typed.`,
    ok: {
      schema: suggestionsResponseSchema,
      example: { summary: 'A misspelt word', query: { q: 'tecnical' } },
    },
    errors: {
      422: {
        schema: invalidParametersErrorSchema,
        description:
          '`invalid_parameters`: `q` is missing, repeated, shorter than 2 or longer than 100 characters or holds no word, or another parameter is given.',
        example: { summary: 'One letter', query: { q: 't' } },
      },
    },
  })
  suggestions(@QueryInput() query: SuggestionsQuery): Envelope<Suggestions> {
    return this.aids.suggest(query);
  }

  @Get('glossary')
  @ApiRead({
    operationId: 'getGlossary',
    tag: 'Courses',
    summary: "The field's words, as the search reads them",
    description:
      "The glossary the editors keep: every term of the field (GEO, backlinks, Google Business Profile…) with its other names and abbreviations, a plain definition, the catalog topics it belongs to (`topic_coverage` members), how many enrolling courses `q` with its name finds (`course_count`, as the list counts them by default), the website's list of them and the term on the glossary page. `q` reads each name as the term: it also finds what the term's other names find and the courses covering its topics at 3 or more. In name order; `meta.count` is the number of terms.",
    ok: { schema: glossaryResponseSchema, example: { summary: 'The glossary', show: 2 } },
    errors: {
      422: {
        schema: invalidParametersErrorSchema,
        description:
          '`invalid_parameters`: a query parameter was given; this operation takes none.',
        example: { summary: 'A query parameter', query: { term: 'geo' } },
      },
    },
  })
  glossary(@QueryInput() _query: NoQuery): Envelope<GlossaryEntry[]> {
    return this.aids.glossary();
  }
}
