import { Controller, Get, Header, Param, Query, Req, Res } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { SITE_PATHS } from '../core/paths';
import { NoStore, ServesPages, VaryOn } from '../edge/policies';
import { ComparePage } from './compare.page';
import { CoursePage } from './course.page';
import { FinderPage } from './finder.page';
import { ListPage } from './list.page';
import { MethodologyPage } from './methodology.page';

export const HTML = 'text/html; charset=utf-8';
export const MARKDOWN = 'text/markdown; charset=utf-8';

/** `Accept: text/markdown` gets the Markdown form of a page (`@VaryOn('Accept')`); everyone else the HTML. */
function negotiate<T>(request: Request, response: Response, html: () => T, md: () => T): T {
  const markdown = request.accepts(['text/html', 'text/markdown']) === 'text/markdown';
  response.type(markdown ? MARKDOWN : HTML);
  return markdown ? md() : html();
}

@SkipThrottle()
@ServesPages()
@Controller()
export class SiteController {
  constructor(
    private readonly listPage: ListPage,
    private readonly coursePage: CoursePage,
    private readonly finderPage: FinderPage,
    private readonly comparePage: ComparePage,
    private readonly methodologyPage: MethodologyPage,
  ) {}

  @Get(SITE_PATHS.list)
  @VaryOn('Accept')
  list(
    @Query() query: Record<string, unknown>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    return negotiate(
      request,
      response,
      () => this.listPage.html(query),
      () => this.listPage.markdown(query),
    );
  }

  @Get(SITE_PATHS.finder)
  @NoStore()
  @Header('Content-Type', HTML)
  finder(@Query() query: Record<string, unknown>): Promise<string> {
    return this.finderPage.html(query);
  }

  @Get(SITE_PATHS.compare)
  @Header('Content-Type', HTML)
  compare(@Query() query: Record<string, unknown>): Promise<string> {
    return this.comparePage.html(query);
  }

  @Get(SITE_PATHS.methodology)
  @Header('Content-Type', HTML)
  methodology(@Res({ passthrough: true }) response: Response): string {
    const { html, complete } = this.methodologyPage.html();
    // Not kept while the spread of matches is computed: the next visitor may get it.
    if (!complete) response.setHeader('Cache-Control', 'no-store');
    return html;
  }

  @Get(SITE_PATHS.course(':slug'))
  @VaryOn('Accept')
  course(
    @Param('slug') slug: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): string {
    return negotiate(
      request,
      response,
      () => this.coursePage.html(slug),
      () => this.coursePage.markdown(slug),
    );
  }
}
