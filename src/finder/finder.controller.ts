import { Controller, Get } from '@nestjs/common';
import { API_PREFIX } from '../core/paths';
import type { Envelope } from '../core/envelope';
import { invalidParametersErrorSchema } from '../core/envelope.schema';
import { NoQuery } from '../core/validation/no-query.dto';
import { ApiRead, QueryInput } from '../openapi/api-operation.decorator';
import { type FinderQuestions, finderQuestionsResponseSchema } from './finder.responses';
import { FinderService } from './finder.service';

@Controller(`${API_PREFIX}/finder/questions`)
export class FinderController {
  constructor(private readonly finder: FinderService) {}

  @Get()
  @ApiRead({
    operationId: 'getFinderQuestions',
    tag: 'Course Finder',
    summary: 'The six Course Finder questions',
    description:
      'The six questions of the Course Finder, each with every allowed value and its label, and a template of the `recommendCourses` URL.',
    ok: { schema: finderQuestionsResponseSchema, example: { summary: 'The six questions' } },
    errors: {
      422: {
        schema: invalidParametersErrorSchema,
        description:
          '`invalid_parameters`: a query parameter was given; this operation takes none.',
        example: { summary: 'A query parameter', query: { lang: 'en' } },
      },
    },
  })
  get(@QueryInput() _query: NoQuery): Envelope<FinderQuestions> {
    return this.finder.get();
  }
}
