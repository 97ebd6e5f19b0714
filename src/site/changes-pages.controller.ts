import { Controller, Get, Header, Query } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import { SITE_PATHS } from '../core/paths';
import { ServesPages } from '../edge/policies';
import { ATOM_TYPE } from './changes-feed';
import { ChangesPage } from './changes.page';
import { HTML } from './site.controller';

/**
 * What changed, and when (docs/website.md#changes): the page, and the Atom feed, which like the
 * companions ignores the query. Registered before the course pages, whose `:slug` would take
 * `changes` for a slug.
 */
@SkipThrottle()
@Controller()
export class ChangesPagesController {
  constructor(private readonly changes: ChangesPage) {}

  @Get(SITE_PATHS.changes)
  @ServesPages()
  @Header('Content-Type', HTML)
  page(@Query() query: Record<string, unknown>): Promise<string> {
    return this.changes.html(query);
  }

  @Get(SITE_PATHS.changesFeed)
  @Header('Content-Type', ATOM_TYPE)
  feed(): string {
    return this.changes.atom();
  }
}
