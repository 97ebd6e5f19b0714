import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import type { Change } from '../catalog/change.schema';
import { unknownCourses } from '../catalog/unknown-courses';
import { Envelope } from '../core/envelope';
import { filtersFingerprint, pageOf } from '../core/page-cursor';
import { CHANGES_PAGE_SIZE, ChangesQuery, MAX_CHANGES_PAGE_SIZE } from './changes.dto';

/** The filters of a query, written one way, for its cursors. */
const queryFingerprint = (query: ChangesQuery) =>
  filtersFingerprint([query.since ?? '', query.course ?? '']);

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
    const { page, paging } = pageOf(
      found,
      query,
      { input: ChangesQuery, dataHash: current.dataset.hash, fingerprint: queryFingerprint(query) },
      { default: pageSize, max: MAX_CHANGES_PAGE_SIZE },
    );
    return new Envelope(page, current.meta, paging);
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
