import { Controller, Get, Query } from '@nestjs/common';
import { API_PREFIX } from '../core/paths';
import {
  comparisonNotFoundErrorSchema,
  type Envelope,
  invalidParametersErrorSchema,
} from '../core/envelope.schema';
import { ApiRead } from '../openapi/api-operation.decorator';
import { CompareCoursesQuery } from './comparisons.dto';
import { type Comparison, comparisonResponseSchema } from './comparisons.schema';
import { ComparisonsService } from './comparisons.service';

@Controller(`${API_PREFIX}/comparisons`)
export class ComparisonsController {
  constructor(private readonly comparisons: ComparisonsService) {}

  @Get()
  @ApiRead({
    operationId: 'compareCourses',
    tag: 'Courses',
    summary: 'Compare 2 to 3 courses side by side',
    description:
      'Returns the named courses in the order given, active or not. `courses` is required: 2 to 3 comma-separated, distinct course slugs.',
    ok: {
      schema: comparisonResponseSchema,
      example: {
        summary: 'Two courses',
        query: { courses: 'answer-engine-foundations,search-generalist-program' },
      },
    },
    errors: {
      404: {
        schema: comparisonNotFoundErrorSchema,
        description:
          '`not_found`: well-formed slugs that match no course; `details.missing` lists them.',
        example: {
          summary: 'A slug that matches no course',
          query: { courses: 'answer-engine-foundations,no-such-course' },
        },
      },
      422: {
        schema: invalidParametersErrorSchema,
        description:
          '`invalid_parameters`: `courses` is missing, has fewer than 2 or more than 3 items, an empty, malformed or repeated slug, or another parameter was given.',
        example: { summary: 'One slug only', query: { courses: 'answer-engine-foundations' } },
      },
    },
  })
  compare(@Query() query: CompareCoursesQuery): Envelope<Comparison> {
    return this.comparisons.compare(query.courses);
  }
}
