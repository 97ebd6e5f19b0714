import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import { unknownCourses } from '../catalog/unknown-courses';
import { Envelope } from '../core/envelope';
import type { Comparison } from './comparisons.responses';

@Injectable()
export class ComparisonsService {
  constructor(private readonly catalog: CatalogService) {}

  /** 2 to 3 distinct, well-formed slugs (`CompareCoursesQuery`), in the order to show them. */
  compare(slugs: readonly string[]): Envelope<Comparison> {
    const current = this.catalog.current();
    const missing = slugs.filter((slug) => !current.bySlug.has(slug));
    if (missing.length > 0) throw unknownCourses(missing, [...current.bySlug.keys()]);
    // Inactive courses can be compared.
    return new Envelope({ courses: slugs.map((slug) => current.bySlug.get(slug)!) }, current.meta);
  }
}
