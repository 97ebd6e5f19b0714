import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import { envelope } from '../core/envelope';
import type { Envelope } from '../core/envelope.schema';
import type { Methodology } from '../catalog/methodology.schema';

@Injectable()
export class MethodologyService {
  constructor(private readonly catalog: CatalogService) {}

  get(): Envelope<Methodology> {
    const snapshot = this.catalog.snapshot();
    return envelope(snapshot.meta, snapshot.methodology);
  }
}
