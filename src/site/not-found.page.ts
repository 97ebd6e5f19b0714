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

  /** The error's message is the API's, for code ("slug"); a person is told in plain words. */
  render(_message: string): string {
    const meta = this.catalog.current().meta;
    const page = this.site.page('Page not found', SAID, meta.canonical_url, []);
    return this.site.render('not-found', page, meta, { said: SAID });
  }
}
