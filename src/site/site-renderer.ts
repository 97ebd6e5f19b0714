import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { Eta } from 'eta';
import { CatalogService } from '../catalog/catalog.service';
import type { Course } from '../catalog/course.schema';
import { PLACEHOLDER_NOTICE } from '../catalog/course-text';
import { AppConfig } from '../core/config';
import type { Meta } from '../core/envelope.schema';
import { type DataWords, dataWords } from './data-words';
import { fmt } from './format';
import { pageLd, scriptSafeJson } from './json-ld';
import { PATHS, type SiteLinks, siteLinks } from './links';

/** What the layout needs to know of a page. */
export interface Page {
  title: string;
  description: string;
  canonical: string;
  /** The page's Markdown form, when it has one. */
  markdown?: string;
  /** Stylesheets of its own, after the site's. */
  styles?: string[];
  /** Kept out of search indexes: a page whose address holds a person's answers. */
  noindex?: boolean;
  /**
   * Which placeholder notice the page shows: one course's page speaks of that course (`course`,
   * or none for a real one); by default, the catalog's while any course is a placeholder.
   */
  placeholderNotice?: keyof typeof PLACEHOLDER_NOTICE | null;
  jsonLd: string;
}

/**
 * Renders the pages. Templates are files under `templates/` (copied into dist by nest-cli.json),
 * compiled once on first use and cached by Eta; values are HTML-escaped unless a template says
 * otherwise. Every template gets the page, `meta`, the absolute `links` and their `origins`, the
 * `paths` it links by, the formatters and what the current data lets the site say about
 * verification (`words`).
 */
@Injectable()
export class SiteRenderer {
  readonly links: SiteLinks;
  /** The origins of SITE_URL and PUBLIC_URL, which the script swaps in an address shown in full. */
  private readonly origins: { site: string; public: string };
  private readonly eta = new Eta({
    views: join(__dirname, 'templates'),
    autoEscape: true,
    cache: true,
  });

  private cachedWords?: { version: string; words: DataWords };

  constructor(
    config: AppConfig,
    private readonly catalog: CatalogService,
  ) {
    this.links = siteLinks(config);
    this.origins = {
      site: new URL(config.siteUrl).origin,
      public: new URL(config.publicUrl).origin,
    };
  }

  /** The verification wording for the data being served now, once per dataset version. */
  words(): DataWords {
    const { version, courses, meta } = this.catalog.current();
    if (this.cachedWords?.version !== version) {
      this.cachedWords = { version, words: dataWords(courses, meta) };
    }
    return this.cachedWords.words;
  }

  /** A page's head: title, description, canonical URL and the JSON-LD of the courses it shows. */
  page(title: string, description: string, canonical: string, courses: readonly Course[]): Page {
    return {
      title,
      description,
      canonical,
      jsonLd: scriptSafeJson(pageLd(title, description, canonical, courses)),
    };
  }

  render(template: string, page: Page, meta: Meta, data: object): string {
    return this.eta.render(template, {
      ...data,
      page,
      meta,
      links: this.links,
      origins: this.origins,
      paths: PATHS,
      fmt,
      placeholderNotice: PLACEHOLDER_NOTICE,
      words: this.words(),
    });
  }
}
