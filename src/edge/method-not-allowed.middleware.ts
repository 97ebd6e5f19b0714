import type { NextFunction, Request, Response } from 'express';
import { DomainError } from '../core/domain-error';
import { isMcpRequest } from './cors.middleware';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Everything but the MCP endpoint is read-only: any other method is 405 with `Allow`
 * (docs/api.md#error-codes). The MCP endpoint answers its own methods.
 */
export function refuseWrites(request: Request, _response: Response, next: NextFunction): void {
  if (READ_METHODS.has(request.method) || isMcpRequest(request)) return next();
  throw new DomainError(
    'method_not_allowed',
    `${request.method} is not allowed here: the service is read-only (GET, HEAD, OPTIONS).`,
  );
}
