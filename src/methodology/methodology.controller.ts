import { Controller, Get } from '@nestjs/common';
import { API_PREFIX } from '../core/paths';
import type { Envelope } from '../core/envelope';
import { invalidParametersErrorSchema } from '../core/envelope.schema';
import { NoQuery } from '../core/validation/no-query.dto';
import { ApiRead, QueryInput } from '../openapi/api-operation.decorator';
import type { Methodology } from '../catalog/methodology.schema';
import { methodologyResponseSchema } from './methodology.responses';
import { MethodologyService } from './methodology.service';

@Controller(`${API_PREFIX}/methodology`)
export class MethodologyController {
  constructor(private readonly methodology: MethodologyService) {}

  @Get()
  @ApiRead({
    operationId: 'getMethodology',
    tag: 'Course Finder',
    summary: 'The live scoring methodology',
    description:
      'The live scoring weights, adjustments, penalties, thresholds, budget bands, topic coverage scale and verification rules, read from the service (they can change).',
    ok: { schema: methodologyResponseSchema, example: { summary: 'The live methodology' } },
    errors: {
      422: {
        schema: invalidParametersErrorSchema,
        description:
          '`invalid_parameters`: a query parameter was given; this operation takes none.',
        example: { summary: 'A query parameter', query: { format: 'yaml' } },
      },
    },
  })
  get(@QueryInput() _query: NoQuery): Envelope<Methodology> {
    return this.methodology.get();
  }
}
