import { Controller, Get } from '@nestjs/common';
import { z } from 'zod';
import { API_PREFIX } from '../core/envelope';
import type { Envelope } from '../core/envelope.schema';
import { ValidQuery } from '../core/query';
import { type Comparison, compareCoursesQuerySchema } from './comparisons.schema';
import { ComparisonsService } from './comparisons.service';

@Controller(`${API_PREFIX}/comparisons`)
export class ComparisonsController {
  constructor(private readonly comparisons: ComparisonsService) {}

  @Get()
  compare(
    @ValidQuery(compareCoursesQuerySchema) query: z.output<typeof compareCoursesQuerySchema>,
  ): Envelope<Comparison> {
    return this.comparisons.compare(query.courses);
  }
}
