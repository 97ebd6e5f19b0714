import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import { DomainError } from '../core/domain-error';
import { MAX_IF_NONE_MATCH_LENGTH, MAX_URL_LENGTH } from '../core/request-limits';
import { CLIENT_ERRORS } from './http-error.filter';

/**
 * Requests the service will not read (docs/api.md#requests-the-service-will-not-read), answered
 * with the contract's error body: those Node's HTTP parser refuses before Express sees them, URLs
 * that are too long or malformed, and an over-long `If-None-Match`.
 */

/** Node's own mapping of parser errors to statuses (`socketOnError` in `_http_server.js`). */
const STATUS_OF_PARSER_ERROR: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

function rawErrorResponse(status: number): string {
  const body = JSON.stringify(new DomainError('bad_request', CLIENT_ERRORS[status]).toBody());
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'Access-Control-Allow-Origin: *',
    'X-Content-Type-Options: nosniff',
    `X-Request-Id: ${randomUUID()}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * Node answers what its parser refuses (an unknown method, a malformed request line, headers over
 * 16 KB, headers or a request past the timeouts) with a bare status line. This gives those answers
 * the contract's error body, as Node would: only when no response has started on the connection
 * (a request pipelined behind one being answered, say, is refused by closing the connection).
 */
export function answerUnreadableRequests(server: Server): void {
  const answering = new WeakMap<Socket, ServerResponse>();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    answering.set(request.socket, response);
    response.once('close', () => answering.delete(request.socket));
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable || answering.get(socket)?.headersSent) {
      socket.destroy();
      return;
    }
    const status = STATUS_OF_PARSER_ERROR[error.code ?? ''] ?? 400;
    socket.end(rawErrorResponse(status), () => socket.destroy());
  });
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Express middleware for requests the service will not read: a URL longer than MAX_URL_LENGTH
 * (414), a path with a malformed %-escape (400), an `If-None-Match` longer than
 * MAX_IF_NONE_MATCH_LENGTH (431, a header field too large, RFC 6585). A query's malformed escapes
 * are the parameters' problem.
 */
export function refuseUnreadable(request: Request, response: Response, next: NextFunction): void {
  const refusal = unreadable(request);
  if (refusal === undefined) return next();
  const [status, message] = refusal;
  response
    .status(status)
    .setHeader('Cache-Control', 'no-store')
    .json(new DomainError('bad_request', message).toBody());
}

function unreadable(request: Request): [status: number, message: string] | undefined {
  if (request.originalUrl.length > MAX_URL_LENGTH) return [414, CLIENT_ERRORS[414]];
  if (!decodes(request.path)) return [400, CLIENT_ERRORS[400]];
  if ((request.headers['if-none-match']?.length ?? 0) > MAX_IF_NONE_MATCH_LENGTH) {
    return [431, `If-None-Match is longer than ${MAX_IF_NONE_MATCH_LENGTH} characters.`];
  }
  return undefined;
}
