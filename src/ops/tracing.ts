import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { NodeSDK } from '@opentelemetry/sdk-node';
import {
  BatchSpanProcessor,
  SimpleSpanProcessor,
  type Span,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace';

/**
 * OpenTelemetry traces (docs/operations.md#tracing-opentelemetry): spans of the HTTP server,
 * Express and ioredis, and one span per operation (REST route, MCP tool call or resource read,
 * named after it: operation-span.interceptor.ts), sent to OTLP/HTTP (protobuf) at
 * OTEL_EXPORTER_OTLP_ENDPOINT. `main.ts` reads this file only when that variable is set, and
 * before the app's modules, so the instrumentations can patch them; tracing off costs nothing (the
 * SDK is never read). The SDK takes its other settings from the standard OTEL_* variables
 * (OTEL_SERVICE_NAME, OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER, …). Traces only: metrics
 * stay with prom-client on METRICS_PORT, logs on stdout.
 *
 * Privacy (docs/privacy.md#traces): no span holds a recommendation answer or an MCP argument.
 * Answers travel in query strings (`/api/v1/recommendations`, `/ai-seo-courses/finder`), so every
 * span's query is replaced by REDACTED, on every route; MCP arguments travel in request bodies,
 * which no instrumentation here records; Redis spans carry the command name alone (keys hold client
 * IPs).
 */
export function startTracing(exporter?: SpanExporter): { shutdown(): Promise<void> } {
  const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '';
  if (!exporter && !(URL.canParse(endpoint) && /^https?:$/.test(new URL(endpoint).protocol))) {
    // As a bad variable of src/core/config.ts does: stop the start, naming it.
    throw new Error(
      'OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL, e.g. http://otel-collector:4318',
    );
  }
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ? undefined : 'course-finder',
    spanProcessors: [
      new RedactQueries(),
      // A test passes an in-memory exporter and reads each span as it ends.
      exporter
        ? new SimpleSpanProcessor({ exporter })
        : new BatchSpanProcessor({ exporter: new OTLPTraceExporter() }),
    ],
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation(),
      new ExpressInstrumentation(),
      new IORedisInstrumentation({ dbStatementSerializer: (command) => command }),
    ],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}

/** The attributes of the HTTP and Express instrumentations (stable and older names) that hold a URL's query. */
const QUERY_ONLY = ['url.query'];
const WITH_QUERY = ['url.full', 'http.target', 'http.url'];

/**
 * Replaces the query in a span's URL attributes as the span starts (where the HTTP
 * instrumentation sets them) and again as it ends (for any set later). A span processor, so it
 * holds for every instrumentation and both attribute conventions.
 */
export class RedactQueries implements SpanProcessor {
  onStart(span: Span): void {
    redactQueries(span);
  }
  onEnding(span: Span): void {
    redactQueries(span);
  }
  onEnd(): void {}
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

function redactQueries(span: Span): void {
  for (const key of QUERY_ONLY) {
    if (typeof span.attributes[key] === 'string') span.setAttribute(key, 'REDACTED');
  }
  for (const key of WITH_QUERY) {
    const value = span.attributes[key];
    if (typeof value === 'string' && value.includes('?')) {
      span.setAttribute(key, value.replace(/\?[^#]*/, '?REDACTED'));
    }
  }
}
