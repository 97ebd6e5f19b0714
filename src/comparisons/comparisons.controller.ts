import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AppConfig } from '../core/config';
import type { Envelope } from '../core/envelope';
import { API_PREFIX, SITE_PATHS } from '../core/paths';
import { invalidParametersErrorSchema } from '../core/envelope.schema';
import { ApiRead, QueryInput, unknownCoursesInList } from '../openapi/api-operation.decorator';
import { CompareCoursesQuery } from './comparisons.dto';
import { type Comparison, comparisonResponseSchema } from './comparisons.responses';
import { ComparisonsService } from './comparisons.service';

@Controller(`${API_PREFIX}/comparisons`)
export class ComparisonsController {
  constructor(
    private readonly comparisons: ComparisonsService,
    private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiRead({
    operationId: 'compareCourses',
    tag: 'Courses',
    summary: 'Compare 2 to 3 courses side by side',
    description:
      'Returns the named courses in the order given, active or not. `courses` is required: 2 to 3 comma-separated, distinct course slugs. The `Link` header (rel `alternate`) names the same comparison as a web page.',
    ok: {
      schema: comparisonResponseSchema,
      headers: {
        Link: {
          description: 'The same comparison as a web page (rel `alternate`, type `text/html`).',
          schema: { type: 'string' },
        },
      },
      example: {
        summary: 'Two courses',
        query: { courses: 'answer-engine-foundations,search-generalist-program' },
      },
    },
    errors: {
      404: unknownCoursesInList({ courses: 'answer-engine-foundations,no-such-course' }),
      422: {
        schema: invalidParametersErrorSchema,
        description:
          '`invalid_parameters`: `courses` is missing, has fewer than 2 or more than 3 items, an empty, malformed or repeated slug, or another parameter was given.',
        example: { summary: 'One slug only', query: { courses: 'answer-engine-foundations' } },
      },
    },
  })
  compare(
    @QueryInput() query: CompareCoursesQuery,
    @Res({ passthrough: true }) response: Response,
  ): Envelope<Comparison> {
    const comparison = this.comparisons.compare(query.courses);
    // The same comparison as a page, for people.
    const page = `${this.config.siteUrl}${SITE_PATHS.compare}?courses=${query.courses.join(',')}`;
    response.setHeader('Link', `<${page}>; rel="alternate"; type="text/html"`);
    return comparison;
  }
}
