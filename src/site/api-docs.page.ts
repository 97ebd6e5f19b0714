import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import { PATHS } from './links';
import { SiteRenderer } from './site-renderer';

/**
 * The API documentation: Swagger UI in the site's frame (header, footer, styles). Its files are the
 * API's own (src/openapi/docs.controller.ts); our styles over Swagger UI's come last.
 */
@Injectable()
export class ApiDocsPage {
  constructor(
    private readonly catalog: CatalogService,
    private readonly site: SiteRenderer,
  ) {}

  html(): string {
    const page = {
      ...this.site.page(
        'REST API documentation',
        'Every operation of the read-only Course Finder API, with the service’s own answers as examples; try each one from the page.',
        this.site.links.docs,
        [],
      ),
      styles: [`${PATHS.apiDocs}/swagger-ui.css`, PATHS.apiDocsStylesheet],
    };
    return this.site.render('api-docs', page, this.catalog.current().meta, {});
  }
}
