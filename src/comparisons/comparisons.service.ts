import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import { SLUG_PATTERN } from '../catalog/course.schema';
import { DomainError } from '../core/domain-error';
import { envelope } from '../core/envelope';
import type { Envelope } from '../core/envelope.schema';
import { invalidParameters } from '../core/query';
import type { Comparison } from './comparisons.schema';

export const MIN_COMPARED = 2;
export const MAX_COMPARED = 3;

@Injectable()
export class ComparisonsService {
  constructor(private readonly catalog: CatalogService) {}

  /** `slugs` as given: the REST comma list, or the MCP array. Inactive courses can be compared. */
  compare(slugs: string | readonly string[]): Envelope<Comparison> {
    const list = typeof slugs === 'string' ? slugs.split(',') : [...slugs];
    const problem = listProblem(list);
    if (problem) {
      throw invalidParameters([{ name: 'courses', value: slugs, problem }]);
    }
    const snapshot = this.catalog.snapshot();
    const missing = list.filter((slug) => !snapshot.bySlug.has(slug));
    if (missing.length > 0) {
      throw new DomainError('not_found', `No course matches: ${missing.join(', ')}.`, { missing });
    }
    return envelope(snapshot.meta, { courses: list.map((slug) => snapshot.bySlug.get(slug)!) });
  }
}

function listProblem(list: string[]): string | undefined {
  if (list.length < MIN_COMPARED || list.length > MAX_COMPARED) {
    return `give ${MIN_COMPARED} to ${MAX_COMPARED} course slugs (got ${list.length})`;
  }
  if (list.some((slug) => slug === '')) return 'an item of the list is empty';
  const malformed = list.filter((slug) => !SLUG_PATTERN.test(slug));
  if (malformed.length > 0) {
    return `not a course slug (lowercase letters, digits and single hyphens): ${malformed
      .map((slug) => JSON.stringify(slug.slice(0, 100)))
      .join(', ')}`;
  }
  if (new Set(list).size !== list.length) return 'a slug is repeated';
  return undefined;
}
