import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { isMcpPath } from '../edge/paths';
import { DomainError } from './domain-error';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Everything but `/mcp` is read-only: any other method is 405 with `Allow` (decisions §5). `/mcp` answers its own methods. */
@Injectable()
export class MethodNotAllowedMiddleware implements NestMiddleware {
  use(request: Request, _response: Response, next: NextFunction): void {
    if (READ_METHODS.has(request.method)) return next();
    // Mounted on a pattern, Express reports the path relative to it: `baseUrl` holds the rest.
    if (isMcpPath(`${request.baseUrl}${request.path}`)) return next();
    throw new DomainError(
      'method_not_allowed',
      `${request.method} is not allowed here: the service is read-only (GET, HEAD, OPTIONS).`,
    );
  }
}
