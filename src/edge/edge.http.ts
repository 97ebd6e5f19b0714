import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import { Lifecycle } from '../ops/lifecycle';
import { Metrics } from '../ops/metrics.service';
import { holdsAnswers, isMcpPath } from './paths';
import { answerUnreadableRequests, refuseLongUrls } from './unread-requests';

/**
 * Express middleware that runs before anything else, so every response, errors from body parsing
 * and unknown paths included, carries CORS, `nosniff` and a request id, and is logged and counted.
 */

const EXPOSED = ['ETag', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'X-Request-Id'];
const CONDITIONAL = ['If-None-Match', 'If-Modified-Since'];
const MCP_HEADERS = ['Content-Type', 'Accept', 'Mcp-Session-Id', 'MCP-Protocol-Version'];

/**
 * Open CORS (decisions §6). The headers are the same for every request, so they are built once (the
 * `cors` package rebuilt them per request: an eighth of the CPU of a cached response).
 */
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

const API_CORS = corsHeaders(['GET', 'HEAD', 'OPTIONS'], CONDITIONAL);
const MCP_CORS = corsHeaders(['GET', 'POST', 'OPTIONS'], [...CONDITIONAL, ...MCP_HEADERS]);

/** Every response carries the CORS headers; a preflight is answered here with 204. */
function cors(request: Request, response: Response, next: NextFunction): void {
  const headers = isMcpPath(request.path) ? MCP_CORS : API_CORS;
  if (request.method !== 'OPTIONS') {
    for (const [name, value] of headers.always) response.setHeader(name, value);
    return next();
  }
  for (const [name, value] of headers.preflight) response.setHeader(name, value);
  response.setHeader('Content-Length', '0');
  response.status(204).end();
}

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request id: the caller's `X-Request-Id` when it is a sane token, else a new UUID. */
export function requestIdOf(request: Request): string {
  const given = request.get('x-request-id');
  return given !== undefined && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

declare module 'express-serve-static-core' {
  interface Request {
    id?: string;
  }
}

const STARTED = Symbol('started');
type TimedResponse = Response & { [STARTED]: number };

/**
 * Counts and logs a finished (or aborted) response. Built once per app and registered as it is, so
 * a request allocates no listener of its own.
 */
function accessLog(metrics: Metrics, logger: Logger) {
  return function onClose(this: TimedResponse): void {
    const request = this.req;
    const seconds = (performance.now() - this[STARTED]) / 1e3;
    // A route template, never a raw path, so labels stay few and hold no values.
    const route = String(request.route?.path ?? (this.statusCode === 404 ? 'unmatched' : 'none'));
    metrics.observeRequest(request.method, route, this.statusCode, seconds);
    // Query strings only where a route matched and they hold no answers (decisions §8).
    const url =
      request.route && !holdsAnswers(route) && !holdsAnswers(request.path)
        ? request.originalUrl
        : request.path;
    const line: Record<string, unknown> = {
      req_id: request.id,
      method: request.method,
      route,
      url,
      status: this.statusCode,
      duration_ms: Math.round(seconds * 1e6) / 1e3,
    };
    if (!this.writableFinished) line.aborted = true;
    logger.info(line, 'request');
  };
}

export function installEdge(app: NestExpressApplication, logger: Logger): void {
  const metrics = app.get(Metrics);
  const lifecycle = app.get(Lifecycle);
  const onClose = accessLog(metrics, logger);
  app.use((request: Request, response: Response, next: NextFunction) => {
    (response as TimedResponse)[STARTED] = performance.now();
    // Draining: no connection is reused, so no request races the server closing an idle one;
    // a client's next request opens a new connection, refused once the server stops listening.
    if (lifecycle.draining) response.setHeader('Connection', 'close');
    request.id = requestIdOf(request);
    response.setHeader('X-Request-Id', request.id);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.on('close', onClose);
    next();
  });
  app.use(cors);
  app.use(refuseLongUrls);
  answerUnreadableRequests(app.getHttpServer());
}
