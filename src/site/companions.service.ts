import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import type { Course } from '../catalog/course.schema';
import { AppConfig } from '../core/config';
import type { Envelope } from '../core/envelope';
import { CoursesService } from '../courses/courses.service';
import { apiCatalog, llmsTxt, robotsTxt, serverCard, sitemapXml } from './discovery';
import { listMarkdown } from './markdown';
import { SiteRenderer } from './site-renderer';

/**
 * The plain-data companions (docs/website.md, docs/api.md#the-services-rules) and the documents
 * agents and crawlers read first.
 */
/** The site's own assets, read once: stylesheets, a script and an icon, nothing from elsewhere. */
const asset = (name: string) => readFileSync(join(__dirname, 'templates', name), 'utf8');

@Injectable()
export class CompanionsService {
  readonly stylesheet = asset('site.css');
  readonly apiDocsStylesheet = asset('api-docs.css');
  readonly script = asset('site.js');
  readonly icon = asset('icon.svg');

  constructor(
    private readonly courses: CoursesService,
    private readonly site: SiteRenderer,
    private readonly config: AppConfig,
    private readonly catalog: CatalogService,
  ) {}

  /** The same body as `/api/v1/courses?include_inactive=true` and the `coursefinder://courses` resource. */
  dataset(): Envelope<Course[]> {
    return this.courses.search({ include_inactive: true });
  }

  datasetMarkdown(): string {
    const { data, meta } = this.dataset();
    return listMarkdown('AI SEO courses: the full dataset', data, meta, this.site.words(), {
      history: this.site.links,
    });
  }

  llmsTxt(): string {
    const { data, meta } = this.dataset();
    return llmsTxt(this.site.links, data, meta, this.site.words());
  }

  robotsTxt(): string {
    return robotsTxt(this.site.links);
  }

  sitemapXml(): string {
    const { data, meta } = this.dataset();
    return sitemapXml(this.site.links, data, meta, this.catalog.current().changes);
  }

  apiCatalog(): string {
    return JSON.stringify(apiCatalog(this.site.links));
  }

  serverCard() {
    return serverCard(this.site.links, this.config.publicUrl, this.config.siteUrl);
  }
}
