import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  Inject,
  Logger,
  Optional,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError, type ErrorCode } from '../core/domain-error';
import { API_PREFIX, MCP_PATH } from '../core/paths';
import { SecurityHeaders } from './security-headers';

/** Maps every error to the contract's body `{"error": {"code", "message", "details"?}}`. */

const STATUS_OF: Record<ErrorCode, number> = {
  not_found: 404,
  invalid_parameters: 422,
  invalid_answers: 422,
  forbidden: 403,
  rate_limited: 429,
  method_not_allowed: 405,
  bad_request: 400,
  internal_error: 500,
};

export const CLIENT_ERRORS: Record<number, string> = {
  400: 'The request could not be read.',
  404: 'No resource at this path.',
  405: 'Method not allowed.',
  408: 'The request took too long to arrive.',
  413: 'The request body is too large.',
  414: 'The request URL is too long.',
  415: 'Unsupported media type.',
  431: 'The request headers are too large.',
};

export interface HttpError {
  status: number;
  error: DomainError;
}

export function toHttpError(exception: unknown): HttpError {
  if (exception instanceof DomainError) {
    return { status: STATUS_OF[exception.code], error: exception };
  }
  const status =
    exception instanceof HttpException
      ? exception.getStatus()
      : // body-parser and other Express middleware mark client errors this way
        (exception as { expose?: boolean; status?: number } | null)?.expose === true
        ? (exception as { status: number }).status
        : 500;
  if (status === 404) return { status, error: new DomainError('not_found', CLIENT_ERRORS[404]) };
  if (status === 405) {
    return { status, error: new DomainError('method_not_allowed', CLIENT_ERRORS[405]) };
  }
  if (status === 429) {
    return { status, error: new DomainError('rate_limited', 'Rate limit exceeded.') };
  }
  if (status >= 400 && status < 500) {
    return {
      status,
      error: new DomainError('bad_request', CLIENT_ERRORS[status] ?? CLIENT_ERRORS[400]),
    };
  }
  return { status: 500, error: new DomainError('internal_error', 'Internal server error.') };
}

/**
 * Renders the page a person gets for a path that does not exist (the site provides it): a browser
 * asking for anything outside the API and the MCP endpoint gets a page with links, everyone else
 * the contract's error body.
 */
export const NOT_FOUND_PAGE = Symbol('not found page');
export interface NotFoundPage {
  /** `details`: the error's, such as an unknown course's near slugs (docs/api.md#unknown-courses). */
  render(message: string, details?: Record<string, unknown>): string;
}

const MACHINE_PATHS = new RegExp(`^(?:/${API_PREFIX}(?:/|$)|${MCP_PATH}/*$)`, 'i');

@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  constructor(
    private readonly headers: SecurityHeaders,
    @Optional() @Inject(NOT_FOUND_PAGE) private readonly notFoundPage?: NotFoundPage,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const request = host.switchToHttp().getRequest<Request>();
    const { status, error } = toHttpError(exception);
    if (status >= 500) {
      this.logger.error(
        `${request.method} ${request.route?.path ?? 'unmatched'} (request ${request.id}): ${(exception as Error)?.stack ?? exception}`,
      );
    }
    if (response.headersSent) {
      response.end();
      return;
    }
    if (error.code === 'not_found' && this.notFoundPage && !MACHINE_PATHS.test(request.path)) {
      response.vary('Accept');
      if (request.accepts(['application/json', 'text/html']) === 'text/html') {
        this.headers.applyPagePolicy('site', request, response);
        response
          .status(404)
          .setHeader('Cache-Control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(this.notFoundPage.render(error.message, error.details));
        return;
      }
    }
    // A route with other methods (`/mcp`: POST) sets its own `Allow` before throwing.
    if (error.code === 'method_not_allowed' && !response.hasHeader('Allow')) {
      response.setHeader('Allow', 'GET, HEAD, OPTIONS');
    }
    // Set, not defaulted: a handler may have typed its response (HTML, Markdown) before failing.
    response
      .status(status)
      .setHeader('Cache-Control', 'no-store')
      .setHeader('Content-Type', 'application/json; charset=utf-8');
    response.json(error.toBody());
  }
}
