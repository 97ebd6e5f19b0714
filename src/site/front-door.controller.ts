import { Controller, Get, Redirect, Req, Res } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { API_PREFIX, SITE_PATHS } from '../core/paths';
import { ServesPages, VaryOn } from '../edge/policies';
import { HomePage } from './home.page';

/** `/`: the landing page for a browser, an index of links for `Accept: application/json`. */
@SkipThrottle()
@Controller()
export class FrontDoorController {
  constructor(private readonly home: HomePage) {}

  @Get(SITE_PATHS.home)
  @ServesPages()
  @VaryOn('Accept')
  root(@Req() request: Request, @Res({ passthrough: true }) response: Response) {
    if (request.accepts(['text/html', 'application/json']) === 'application/json') {
      return this.home.index();
    }
    response.type('text/html; charset=utf-8');
    return this.home.html();
  }

  /** `/docs`, the address people guess, is the API documentation. */
  @Get(SITE_PATHS.docs)
  @Redirect(`/${API_PREFIX}/docs`, 301)
  docs(): void {}
}
