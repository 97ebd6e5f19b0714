import { Controller, Get } from '@nestjs/common';
import { API_PREFIX } from '../core/envelope';
import type { Envelope } from '../core/envelope.schema';
import { noQuerySchema, ValidQuery } from '../core/query';
import type { Methodology } from './methodology.schema';
import { MethodologyService } from './methodology.service';

@Controller(`${API_PREFIX}/methodology`)
export class MethodologyController {
  constructor(private readonly methodology: MethodologyService) {}

  @Get()
  get(@ValidQuery(noQuerySchema) _query: object): Envelope<Methodology> {
    return this.methodology.get();
  }
}
