import { Controller, Get, Header, Param, Query, Req, Res, UseFilters } from '@nestjs/common';
import type { Request, Response } from 'express';
import { VaryOn } from '../edge/http-cache.interceptor';
import { SitePageFilter } from './site-page.filter';
import { SiteService } from './site.service';

export const HTML = 'text/html; charset=utf-8';
export const MARKDOWN = 'text/markdown; charset=utf-8';

/** `Accept: text/markdown` gets the Markdown form of a page; everyone else the HTML. */
function negotiate<T>(request: Request, response: Response, html: () => T, md: () => T): T {
  response.vary('Accept');
  const markdown = request.accepts(['text/html', 'text/markdown']) === 'text/markdown';
  response.type(markdown ? MARKDOWN : HTML);
  return markdown ? md() : html();
}

@Controller('ai-seo-courses')
@UseFilters(SitePageFilter)
export class SiteController {
  constructor(private readonly site: SiteService) {}

  @Get()
  @VaryOn('Accept')
  list(
    @Query() query: Record<string, unknown>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    return negotiate(
      request,
      response,
      () => this.site.listPage(query),
      () => this.site.listMarkdown(query),
    );
  }

  @Get('finder')
  @Header('Content-Type', HTML)
  finder(@Query() query: Record<string, unknown>): Promise<string> {
    return this.site.finderPage(query);
  }

  @Get('methodology')
  @Header('Content-Type', HTML)
  methodology(): string {
    return this.site.methodologyPage();
  }

  @Get(':slug')
  @VaryOn('Accept')
  course(
    @Param('slug') slug: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): string {
    return negotiate(
      request,
      response,
      () => this.site.coursePage(slug),
      () => this.site.courseMarkdown(slug),
    );
  }
}
