import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import { DomainError } from '../core/domain-error';
import { Answer } from '../core/envelope';
import type { Comparison } from './comparisons.schema';

@Injectable()
export class ComparisonsService {
  constructor(private readonly catalog: CatalogService) {}

  /** 2 to 3 distinct, well-formed slugs (`CompareCoursesQuery`), in the order to show them. */
  compare(slugs: readonly string[]): Answer<Comparison> {
    const snapshot = this.catalog.snapshot();
    const missing = slugs.filter((slug) => !snapshot.bySlug.has(slug));
    if (missing.length > 0) {
      throw new DomainError('not_found', `No course matches: ${missing.join(', ')}.`, { missing });
    }
    // Inactive courses can be compared.
    return new Answer({ courses: slugs.map((slug) => snapshot.bySlug.get(slug)!) }, snapshot.meta);
  }
}
