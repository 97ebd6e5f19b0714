import { Controller, Get } from '@nestjs/common';
import type { Envelope } from '../core/envelope';
import { invalidParametersErrorSchema } from '../core/envelope.schema';
import { API_PREFIX } from '../core/paths';
import { ApiRead, QueryInput } from '../openapi/api-operation.decorator';
import type { FacetCounts } from './course-filters';
import { FacetsQuery, SuggestionsQuery } from './courses.dto';
import { facetsResponseSchema, suggestionsResponseSchema } from './courses.responses';
import { CoursesService } from './courses.service';

/** What helps a person search the list: counts beside each filter's values, and suggestions. */
@Controller(API_PREFIX)
export class SearchAidsController {
  constructor(private readonly courses: CoursesService) {}

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
    summary: 'Searches to offer as words are typed',
    description:
      'At most 8 searches the words typed so far may have meant, best first: the last word completed (`tech` → `technical`) or corrected (`tecnical` → `technical`), a misspelt earlier word corrected, two words written together read apart (`linkbuilding` → `link building`). Each one, sent as `q` to `searchCourses`, finds at least one enrolling course. They come from the words of the courses, never from what anyone typed.',
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
  suggestions(@QueryInput() query: SuggestionsQuery): Envelope<{ suggestions: string[] }> {
    return this.courses.suggest(query);
  }
}
