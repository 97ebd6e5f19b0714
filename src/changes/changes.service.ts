import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import type { Change } from '../catalog/change.schema';
import { unknownCourses } from '../catalog/unknown-courses';
import { Envelope } from '../core/envelope';
import { CURSOR_REFUSALS, pageOf } from '../core/page-cursor';
import { inputError } from '../core/validation/input-problems';
import { CHANGES_PAGE_SIZE, ChangesQuery, MAX_CHANGES_PAGE_SIZE } from './changes.dto';

/** The filters of a query, written one way, for its cursors. */
function queryFingerprint(query: ChangesQuery): string {
  const canonical = `${query.since ?? ''}\n${query.course ?? ''}`;
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 12);
}

/**
 * The dataset's history (docs/api.md#getchanges), newest first, as the catalog built it when the
 * data was loaded: a request filters and pages it, nothing more.
 */
@Injectable()
export class ChangesService {
  constructor(private readonly catalog: CatalogService) {}

  /**
   * A page of the entries the query finds: `pageSize` of them unless `limit` says otherwise. A
   * `course` the history has never held, and no course has, is not found: a removed course keeps
   * its entries.
   */
  list(query: ChangesQuery, pageSize = CHANGES_PAGE_SIZE): Envelope<Change[]> {
    const current = this.catalog.current();
    const log = current.changes;
    const { course } = query;
    if (course !== undefined && !log.byCourse.has(course) && !current.bySlug.has(course)) {
      throw unknownCourses(
        [course],
        [...new Set([...current.bySlug.keys(), ...log.byCourse.keys()])],
      );
    }
    const entries =
      query.course === undefined ? log.entries : (log.byCourse.get(query.course) ?? []);
    const found =
      query.since === undefined ? entries : entries.filter((entry) => entry.date >= query.since!);
    const page = pageOf(
      found,
      query,
      { dataHash: current.dataset.hash, fingerprint: queryFingerprint(query) },
      { default: pageSize, max: MAX_CHANGES_PAGE_SIZE },
    );
    if (typeof page === 'string') {
      throw inputError(ChangesQuery, [
        { kind: 'invalid', name: 'cursor', value: query.cursor, detail: CURSOR_REFUSALS[page] },
      ]);
    }
    return new Envelope(page.page, current.meta, page.paging);
  }

  /** Every entry, newest first: the `coursefinder://changes` resource. */
  all(): Envelope<readonly Change[]> {
    const current = this.catalog.current();
    return new Envelope(current.changes.entries, current.meta);
  }

  /** One course's entries, newest first (its page shows them under its facts). */
  ofCourse(slug: string): readonly Change[] {
    return this.catalog.current().changes.byCourse.get(slug) ?? [];
  }
}
