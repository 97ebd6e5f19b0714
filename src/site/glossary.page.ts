import { Controller, Get, Header, Injectable } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import { COVERAGE_LABELS } from '../catalog/vocabulary';
import { SITE_PATHS } from '../core/paths';
import { SearchAidsService } from '../courses/search-aids.service';
import { ServesPages } from '../edge/policies';
import { glossaryLd, scriptSafeJson } from './json-ld';
import { pathOf } from './links';
import { HTML } from './site.controller';
import { SiteRenderer } from './site-renderer';

const TITLE = 'Glossary of SEO and AI search terms';
const DESCRIPTION =
  "The field's words, from GEO and AEO to backlinks and the map pack: each term with its other names, a plain definition, the topics it belongs to and the tracked courses it finds.";

/**
 * The glossary (docs/website.md#the-glossary): every term of `/api/v1/glossary` an anchor, its
 * course count a link to the list, with its own JSON-LD (`DefinedTermSet`).
 */
@Injectable()
export class GlossaryPage {
  constructor(
    private readonly aids: SearchAidsService,
    private readonly site: SiteRenderer,
  ) {}

  html(): string {
    const { data: terms, meta } = this.aids.glossary();
    const canonical = this.site.links.glossary;
    const page = {
      ...this.site.page(TITLE, DESCRIPTION, canonical, []),
      jsonLd: scriptSafeJson(glossaryLd(TITLE, DESCRIPTION, canonical, terms)),
    };
    return this.site.render('glossary', page, meta, {
      terms: terms.map((term) => ({ ...term, list: pathOf(term.list_url) })),
      topics: COVERAGE_LABELS,
    });
  }
}

/**
 * The page, which like the methodology page reads no query. Registered before the course pages,
 * whose `:slug` would take `glossary` for a slug.
 */
@SkipThrottle()
@Controller()
export class GlossaryPageController {
  constructor(private readonly glossary: GlossaryPage) {}

  @Get(SITE_PATHS.glossary)
  @ServesPages()
  @Header('Content-Type', HTML)
  page(): string {
    return this.glossary.html();
  }
}
