import { Controller, Get, Header, Req, Res } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import type { Course } from '../catalog/course.schema';
import type { Envelope } from '../core/envelope';
import { SITE_PATHS } from '../core/paths';
import { API_CATALOG_TYPE } from './discovery';
import { MARKDOWN } from './site.controller';
import { CompanionsService } from './companions.service';
import { SiteRenderer } from './site-renderer';
import { VaryOn } from '../edge/policies';

const TEXT = 'text/plain; charset=utf-8';
const SERVER_CARD_TYPE = 'application/mcp-server-card+json';

/** The plain-data companions and the discovery documents; like static files, they ignore the query. */
@SkipThrottle()
@Controller()
export class CompanionsController {
  constructor(
    private readonly site: CompanionsService,
    private readonly renderer: SiteRenderer,
  ) {}

  @Get(SITE_PATHS.stylesheet)
  @Header('Content-Type', 'text/css; charset=utf-8')
  stylesheet(): string {
    return this.site.stylesheet;
  }

  @Get(SITE_PATHS.apiDocsStylesheet)
  @Header('Content-Type', 'text/css; charset=utf-8')
  apiDocsStylesheet(): string {
    return this.site.apiDocsStylesheet;
  }

  @Get(SITE_PATHS.script)
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  script(): string {
    return this.site.script;
  }

  /**
   * The icon, also at `/favicon.ico`, where browsers, bookmarks and feed readers look for one
   * unasked: the SVG itself, typed `image/svg+xml`, since those clients go by the type, not the
   * name. A redirect would cost them a second request, and one a browser keeps for good.
   */
  @Get([SITE_PATHS.icon, SITE_PATHS.favicon])
  @Header('Content-Type', 'image/svg+xml; charset=utf-8')
  icon(): string {
    return this.site.icon;
  }

  /** The body is the API's list, so the feed of its changes is named in a `Link` header. */
  @Get(SITE_PATHS.json)
  dataset(@Res({ passthrough: true }) response: Response): Envelope<Course[]> {
    response.setHeader(
      'Link',
      `<${this.renderer.links.changesFeed}>; rel="alternate"; type="application/atom+xml"; title="What changed"`,
    );
    return this.site.dataset();
  }

  @Get(SITE_PATHS.markdown)
  @Header('Content-Type', MARKDOWN)
  datasetMarkdown(): string {
    return this.site.datasetMarkdown();
  }

  @Get(SITE_PATHS.llms)
  @Header('Content-Type', TEXT)
  llms(): string {
    return this.site.llmsTxt();
  }

  @Get(SITE_PATHS.robots)
  @Header('Content-Type', TEXT)
  robots(): string {
    return this.site.robotsTxt();
  }

  @Get(SITE_PATHS.sitemap)
  @Header('Content-Type', 'application/xml; charset=utf-8')
  sitemap(): string {
    return this.site.sitemapXml();
  }

  @Get('.well-known/api-catalog')
  @Header('Content-Type', API_CATALOG_TYPE)
  apiCatalog(@Res({ passthrough: true }) response: Response): string {
    // RFC 9727 §2: the catalog names itself with the api-catalog relation, also on HEAD.
    response.setHeader('Link', `<${this.renderer.links.apiCatalog}>; rel="api-catalog"`);
    return this.site.apiCatalog();
  }

  /** JSON by default; the Server Card media type for clients that ask for it (SEP-2127). */
  @Get('.well-known/mcp/server-card.json')
  @VaryOn('Accept')
  serverCard(@Req() request: Request, @Res({ passthrough: true }) response: Response): string {
    const type = request.accepts(['application/json', SERVER_CARD_TYPE]) || 'application/json';
    response.type(`${type}; charset=utf-8`);
    return JSON.stringify(this.site.serverCard());
  }
}
