import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import type { NotFoundPage } from '../edge/http-error.filter';
import { SiteRenderer } from './site-renderer';

/** What a person who follows a dead link gets: a page with the ways in, not JSON. */
@Injectable()
export class MissingPage implements NotFoundPage {
  constructor(
    private readonly catalog: CatalogService,
    private readonly site: SiteRenderer,
  ) {}

  render(message: string): string {
    const meta = this.catalog.snapshot().meta;
    const page = this.site.page('Not found', message, meta.canonical_url, []);
    return this.site.render('not-found', page, meta, { message });
  }
}
