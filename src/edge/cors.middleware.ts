import type { NextFunction, Request, Response } from 'express';
import { MCP_PATH } from '../core/paths';

/**
 * Open CORS (docs/api.md#cors) on every response, errors and 304s included; a preflight is answered
 * here with 204. The headers are the same for every request, so they are built once. The MCP
 * endpoint also allows POST and the MCP headers.
 */

const EXPOSED = ['ETag', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'X-Request-Id'];
const CONDITIONAL = ['If-None-Match', 'If-Modified-Since'];
const MCP_HEADERS = ['Content-Type', 'Accept', 'Mcp-Session-Id', 'MCP-Protocol-Version'];

function corsHeaders(methods: string[], allowed: string[]) {
  const always: [string, string][] = [
    ['Access-Control-Allow-Origin', '*'],
    ['Access-Control-Expose-Headers', EXPOSED.join(',')],
  ];
  const preflight: [string, string][] = [
    ...always,
    ['Access-Control-Allow-Methods', methods.join(',')],
    ['Access-Control-Allow-Headers', allowed.join(',')],
    ['Access-Control-Max-Age', '86400'],
  ];
  return { always, preflight };
}

const READ_CORS = corsHeaders(['GET', 'HEAD', 'OPTIONS'], CONDITIONAL);
const MCP_CORS = corsHeaders(['GET', 'POST', 'OPTIONS'], [...CONDITIONAL, ...MCP_HEADERS]);
/** Express routes in any case and with trailing slashes: so does this. */
const MCP = new RegExp(`^${MCP_PATH}/*(?:\\?|$)`, 'i');

/** The MCP endpoint, the one path that takes a method other than GET, HEAD and OPTIONS. */
export function isMcpRequest(request: Request): boolean {
  return MCP.test(request.originalUrl);
}

export function cors(request: Request, response: Response, next: NextFunction): void {
  const headers = isMcpRequest(request) ? MCP_CORS : READ_CORS;
  if (request.method !== 'OPTIONS') {
    for (const [name, value] of headers.always) response.setHeader(name, value);
    return next();
  }
  for (const [name, value] of headers.preflight) response.setHeader(name, value);
  response.setHeader('Content-Length', '0');
  response.status(204).end();
}
