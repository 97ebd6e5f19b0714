import cors from 'cors';
import type { NextFunction, Request, Response } from 'express';
import { MCP_PATH } from '../core/paths';

/**
 * Open CORS (docs/api.md#cors) by Express's `cors` middleware, on every response, errors and 304s
 * included; a preflight ends here with 204. The MCP endpoint also takes POST and the MCP headers.
 */

/** Every response header the docs tell a client to read. */
export const EXPOSED_HEADERS = [
  'Link',
  'X-Total-Count',
  'ETag',
  'Retry-After',
  'RateLimit',
  'RateLimit-Policy',
  'X-Request-Id',
];
const CONDITIONAL = ['If-None-Match', 'If-Modified-Since'];
const MCP_HEADERS = ['Content-Type', 'Accept', 'Mcp-Session-Id', 'MCP-Protocol-Version'];

const options = (methods: string[], allowedHeaders: string[]) =>
  cors({ origin: '*', methods, allowedHeaders, exposedHeaders: EXPOSED_HEADERS, maxAge: 86_400 });

const readCors = options(['GET', 'HEAD', 'OPTIONS'], CONDITIONAL);
const mcpCors = options(['GET', 'POST', 'OPTIONS'], [...CONDITIONAL, ...MCP_HEADERS]);

/** Express routes in any case and with trailing slashes: so does this. */
const MCP = new RegExp(`^${MCP_PATH}/*(?:\\?|$)`, 'i');

/** The MCP endpoint, the one path that takes a method other than GET, HEAD and OPTIONS. */
export function isMcpRequest(request: Request): boolean {
  return MCP.test(request.originalUrl);
}

export function openCors(request: Request, response: Response, next: NextFunction): void {
  (isMcpRequest(request) ? mcpCors : readCors)(request, response, next);
}
