import { type ArgumentsHost, Catch } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError } from '../core/domain-error';
import { HttpErrorFilter } from '../edge/http-error.filter';
import { CoursePage } from './course.page';

/**
 * A person who follows a dead course link gets a page, not JSON: a 404 for a client that prefers
 * HTML is an HTML page; every other client, and every other error, gets the contract's error body.
 */
@Catch()
export class SitePageFilter extends HttpErrorFilter {
  constructor(private readonly pages: CoursePage) {
    super();
  }

  override catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<Request>();
    const response = host.switchToHttp().getResponse<Response>();
    const wantsHtml = request.accepts(['application/json', 'text/html']) === 'text/html';
    if (!(exception instanceof DomainError && exception.code === 'not_found' && wantsHtml)) {
      return super.catch(exception, host);
    }
    response
      .status(404)
      .vary('Accept')
      .setHeader('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(this.pages.notFound(exception.message));
  }
}
