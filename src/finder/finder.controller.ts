import { Controller, Get } from '@nestjs/common';
import { API_PREFIX } from '../core/envelope';
import type { Envelope } from '../core/envelope.schema';
import { noQuerySchema, ValidQuery } from '../core/query';
import type { FinderQuestions } from './finder.schema';
import { FinderService } from './finder.service';

@Controller(`${API_PREFIX}/finder/questions`)
export class FinderController {
  constructor(private readonly finder: FinderService) {}

  @Get()
  get(@ValidQuery(noQuerySchema) _query: object): Envelope<FinderQuestions> {
    return this.finder.get();
  }
}
