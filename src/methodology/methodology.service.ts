import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import { Answer } from '../core/envelope';
import type { Methodology } from '../catalog/methodology.schema';

@Injectable()
export class MethodologyService {
  constructor(private readonly catalog: CatalogService) {}

  get(): Answer<Methodology> {
    const snapshot = this.catalog.snapshot();
    return new Answer(snapshot.methodology, snapshot.meta);
  }
}
