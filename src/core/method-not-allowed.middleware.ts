import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { MCP_PATH } from '../mcp/server-info';
import { DomainError } from './domain-error';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Everything but `/mcp` is read-only: any other method is 405 with `Allow` (decisions §5). `/mcp` answers its own methods. */
@Injectable()
export class MethodNotAllowedMiddleware implements NestMiddleware {
  use(request: Request, _response: Response, next: NextFunction): void {
    // `request.path` is relative to the middleware's mount point here; the full path is in originalUrl.
    const path = request.originalUrl.split(/[?#]/)[0].replace(/(.)\/+$/, '$1');
    if (READ_METHODS.has(request.method) || path === MCP_PATH) return next();
    throw new DomainError(
      'method_not_allowed',
      `${request.method} is not allowed here: the service is read-only (GET, HEAD, OPTIONS).`,
    );
  }
}
