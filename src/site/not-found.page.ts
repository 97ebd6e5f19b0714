import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import type { NotFoundPage } from '../edge/http-error.filter';
import { SiteRenderer } from './site-renderer';

const SAID = 'There is no page at this address.';

/** What a person who follows a dead link gets: a page with the ways in, not JSON. */
@Injectable()
export class MissingPage implements NotFoundPage {
  constructor(
    private readonly catalog: CatalogService,
    private readonly site: SiteRenderer,
  ) {}

  /**
   * The error's message is the API's, for code ("slug"); a person is told in plain words, and
   * offered the courses an unknown course's address is near (docs/api.md#unknown-courses).
   */
  render(_message: string, details?: Record<string, unknown>): string {
    const { meta, bySlug } = this.catalog.current();
    const slugs = Array.isArray(details?.near_slugs) ? (details.near_slugs as string[]) : [];
    // A removed course's slug (the changes page's) has no page to offer.
    const near = slugs.flatMap((slug) => bySlug.get(slug) ?? []);
    const page = this.site.page('Page not found', SAID, meta.canonical_url, []);
    return this.site.render('not-found', page, meta, { said: SAID, near });
  }
}
