import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import { Envelope } from '../core/envelope';
import type { Methodology } from '../catalog/methodology.schema';

@Injectable()
export class MethodologyService {
  constructor(private readonly catalog: CatalogService) {}

  get(): Envelope<Methodology> {
    const current = this.catalog.current();
    return new Envelope(current.methodology, current.meta);
  }
}
