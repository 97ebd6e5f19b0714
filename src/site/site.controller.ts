import { Controller, Get, Header, Param, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { CACHE_CONTROL } from '../core/caching';
import { localTarget, SITE_PATHS } from '../core/paths';
import { NoQuery } from '../core/validation/no-query.dto';
import { NoStore, ServesPages, VaryOn } from '../edge/policies';
import { ApiDocsPage } from './api-docs.page';
import { ComparePage } from './compare.page';
import { CoursePage } from './course.page';
import { FinderPage } from './finder.page';
import { holdsAnswers } from './answers';
import { cleanAddress } from './forms';
import { PATHS } from './links';
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

/**
 * A form's address written otherwise than the API writes it (an empty field, `courses` repeated)
 * is sent to the one way (forms.ts) with a 308 to a path of this origin, cached as the page is
 * (never, for an address that holds answers). True when sent.
 */
function sentToCleanAddress(
  request: Request,
  response: Response,
  cacheControl: string = CACHE_CONTROL,
): boolean {
  const clean = cleanAddress(localTarget(request.path, request.originalUrl));
  if (clean !== undefined) {
    response.status(308).location(clean).setHeader('Cache-Control', cacheControl);
  }
  return clean !== undefined;
}

/** A page whose address holds answers: never kept by any cache, its query never logged. */
const ANSWERS_PAGE = { holdsAnswers, cacheControl: 'no-store' } as const;

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
    private readonly apiDocsPage: ApiDocsPage,
  ) {}

  @Get(SITE_PATHS.list)
  @VaryOn('Accept')
  list(
    @Query() query: Record<string, unknown>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> | string {
    if (sentToCleanAddress(request, response)) return '';
    return negotiate(
      request,
      response,
      () => this.listPage.html(query),
      () => this.listPage.markdown(query),
    );
  }

  @Get(SITE_PATHS.finder)
  @NoStore(ANSWERS_PAGE)
  @Header('Content-Type', HTML)
  finder(
    @Query() query: Record<string, unknown>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> | string {
    if (sentToCleanAddress(request, response, ANSWERS_PAGE.cacheControl)) return '';
    return this.finderPage.html(query);
  }

  @Get(SITE_PATHS.compare)
  @Header('Content-Type', HTML)
  compare(
    @Query() query: Record<string, unknown>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> | string {
    if (sentToCleanAddress(request, response)) return '';
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
  @NoStore(ANSWERS_PAGE)
  course(
    @Param('slug') slug: string,
    @Query() query: Record<string, unknown>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> | string {
    if (sentToCleanAddress(request, response, ANSWERS_PAGE.cacheControl)) return '';
    return negotiate<Promise<string> | string>(
      request,
      response,
      () => this.coursePage.html(slug, query),
      () => this.coursePage.markdown(slug),
    );
  }

  /** Under the API's prefix, but a page: not an operation of the OpenAPI document. */
  @Get(PATHS.apiDocs)
  @ServesPages('docs')
  @ApiExcludeEndpoint()
  @Header('Content-Type', HTML)
  apiDocs(@Query() _query: NoQuery): string {
    return this.apiDocsPage.html();
  }
}
