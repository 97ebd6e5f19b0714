import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import { ChangesQuery } from '../changes/changes.dto';
import { ChangesService } from '../changes/changes.service';
import { SITE_PATHS } from '../core/paths';
import { InputValidationPipe } from '../core/validation/input-validation.pipe';
import { changesFeed } from './changes-feed';
import { formProblems, formQuery, NO_PROBLEMS, pageOrFirst } from './forms';
import type { ListPageLinks } from './markdown';
import { SiteRenderer } from './site-renderer';

/** The changes page shows at most this many entries a page. */
export const CHANGES_PAGE_ENTRIES = 50;

/**
 * What changed, and when (docs/website.md#changes): the history newest first, filtered and paged
 * exactly as `/api/v1/changes`, as a page; and its Atom feed.
 */
@Injectable()
export class ChangesPage {
  constructor(
    private readonly inputs: InputValidationPipe,
    private readonly catalog: CatalogService,
    private readonly changes: ChangesService,
    private readonly site: SiteRenderer,
  ) {}

  async html(raw: Record<string, unknown>): Promise<string> {
    const given = formQuery(raw);
    const checked = await this.inputs.check(ChangesQuery, given);
    const { meta } = this.catalog.current();
    const query = checked.ok
      ? {
          ...checked.value,
          limit: Math.min(checked.value.limit ?? CHANGES_PAGE_ENTRIES, CHANGES_PAGE_ENTRIES),
        }
      : undefined;
    const envelope = query && pageOrFirst(query, (q) => this.changes.list(q));
    const { cursor: _cursor, ...filters } = given as Record<string, string>;
    const url = (cursor?: string) => {
      const params = new URLSearchParams({
        ...filters,
        ...(cursor === undefined ? {} : { cursor }),
      });
      return params.size > 0 ? `${SITE_PATHS.changes}?${params}` : SITE_PATHS.changes;
    };
    const paging = envelope?.paging;
    const pager: ListPageLinks | undefined = paging && {
      total: paging.total,
      offset: paging.offset,
      first: url(),
      ...(paging.next === undefined ? {} : { next: url(paging.next) }),
      ...(paging.prev === undefined ? {} : { prev: url(paging.prev) }),
    };
    const course = query?.course;
    const named = course && this.changes.ofCourse(course)[0]?.course?.name;
    const page = this.site.page(
      named ? `What changed: ${named}` : 'What changed in the AI SEO courses dataset',
      'The history of the dataset, newest first: courses added, facts changed, courses verified against their sources, courses no longer enrolling or removed, and changes of the scoring methodology.',
      course ? `${this.site.links.changes}?course=${course}` : this.site.links.changes,
      [],
    );
    return this.site.render('changes', page, meta, {
      entries: envelope?.data ?? [],
      pager,
      course,
      named,
      values: given,
      problems: checked.ok ? NO_PROBLEMS : formProblems(ChangesQuery, checked.problems),
    });
  }

  atom(): string {
    const { changes, date } = this.catalog.current();
    return changesFeed(changes.entries, this.site.links, date);
  }
}
