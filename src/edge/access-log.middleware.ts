import { isSpanContextValid, trace } from '@opentelemetry/api';
import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import { Lifecycle } from '../ops/lifecycle';
import { Metrics } from '../ops/metrics.service';
import { QUERY_LOGGABLE } from './http-cache.interceptor';

/**
 * Right after the security headers, for every request, unknown paths and refusals included: its id
 * (`X-Request-Id`), `Connection: close` while draining, and one access log line (with `trace_id`
 * when tracing is on) and metric once the response is finished or aborted (docs/operations.md#logs,
 * docs/privacy.md#logs).
 */

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

/**
 * Query parameters whose values the access log never holds: the words of a search, and a page's
 * cursor, which carries a fingerprint of them (docs/privacy.md#logs).
 */
const REDACTED_PARAMETERS = ['q', 'cursor'];

/**
 * The URL an access log line holds: the path alone where the route may hold answers; elsewhere the
 * query string too, with the values of `REDACTED_PARAMETERS` replaced by `REDACTED`.
 */
function loggedUrl(request: Request, response: Response): string {
  if (response.locals[QUERY_LOGGABLE] !== true) return request.path;
  const url = request.originalUrl;
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = new URLSearchParams(url.slice(at + 1));
  const redacted = REDACTED_PARAMETERS.filter((name) => query.has(name));
  if (redacted.length === 0) return url;
  for (const name of redacted) query.set(name, 'REDACTED');
  return `${url.slice(0, at)}?${query}`;
}

/** The middleware, built once per app with the app's metrics, lifecycle and log. */
export function accessLog(metrics: Metrics, lifecycle: Lifecycle, logger: Logger) {
  function log(
    request: Request,
    response: Response,
    seconds: number,
    traceId: string | undefined,
  ): void {
    // A route template, never a raw path, so labels stay few and hold no values.
    const route = String(
      request.route?.path ?? (response.statusCode === 404 ? 'unmatched' : 'none'),
    );
    metrics.observeRequest(request.method, route, response.statusCode, seconds);
    const url = loggedUrl(request, response);
    logger.info(
      {
        req_id: request.id,
        // pino leaves out a field that is undefined (tracing off, or no span).
        trace_id: traceId,
        method: request.method,
        route,
        url,
        status: response.statusCode,
        duration_ms: Math.round(seconds * 1e6) / 1e3,
        ...(response.writableFinished ? {} : { aborted: true }),
      },
      'request',
    );
  }

  return (request: Request, response: Response, next: NextFunction): void => {
    const started = performance.now();
    // Draining: no connection is reused, so no request races the server closing an idle one.
    if (lifecycle.draining) response.setHeader('Connection', 'close');
    request.id = requestIdOf(request);
    response.setHeader('X-Request-Id', request.id);
    // The request's trace, when tracing is on (src/ops/tracing.ts) and a span is active.
    const span = trace.getActiveSpan()?.spanContext();
    const traceId = span && isSpanContextValid(span) ? span.traceId : undefined;
    response.once('close', () =>
      log(request, response, (performance.now() - started) / 1e3, traceId),
    );
    next();
  };
}
