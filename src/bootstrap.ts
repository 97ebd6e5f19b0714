import { type DynamicModule, Logger, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import { McpStrategy } from '@rekog/mcp-nest';
import type { Server } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module';
import { Clock, SystemClock } from './core/clock';
import { AppConfig } from './core/config';
import { MCP_PATH } from './core/paths';
import { type HttpTimeouts, PublicServer } from './edge/public-server';
import { setupOpenApi } from './openapi/openapi.module';
import { Lifecycle } from './ops/lifecycle';
import { createLogger, PinoNestLogger } from './ops/logger';
import { MetricsServer } from './ops/metrics.server';

export interface AppOptions {
  /** Environment variables (defaults to `process.env`). */
  env?: Record<string, string | undefined>;
  clock?: Clock;
  /** `false` silences the logs (tests), unless `logStream` is given. */
  logger?: false;
  /** Where the JSON log lines go (default stdout); tests capture them here. */
  logStream?: DestinationStream;
  /** Modules mounted beside the app's own (tests add stub routes this way). */
  imports?: Array<Type | DynamicModule>;
  /** Server timeouts against slow clients (tests shorten them); defaults to `HTTP_TIMEOUTS`. */
  timeouts?: Partial<HttpTimeouts>;
}

/**
 * One turn of the event loop. Signals are handled only between turns, and each step of the start
 * runs as one: a SIGTERM during the start (src/ops/signals.ts) is handled after the step it arrives
 * in, rather than once the whole start is done.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Builds the application exactly as production runs it; `main.ts` and the e2e tests share it. */
export async function createApp(options: AppOptions = {}): Promise<NestExpressApplication> {
  const config = AppConfig.fromEnv(options.env ?? process.env);
  const silent = options.logger === false && !options.logStream;
  const log = createLogger(
    silent ? 'silent' : config.logLevel,
    config.logFormat,
    options.logStream,
  );
  const root = AppModule.forRoot({
    config,
    clock: options.clock ?? new SystemClock(),
    log,
    timeouts: options.timeouts ?? {},
  });
  const app = await NestFactory.create<NestExpressApplication>(
    { ...root, imports: [...(root.imports ?? []), ...(options.imports ?? [])] },
    new ExpressAdapter(),
    // Only the MCP endpoint takes a body; the edge parses it there.
    { logger: new PinoNestLogger(log), abortOnError: false, bodyParser: false },
  );
  app.disable('x-powered-by');
  // The response cache sets weak ETags from the bodies it serialises; Express makes none.
  app.set('etag', false);
  // node:querystring: repeated keys become arrays, `a[b]=c` stays a literal key, no prototype; and
  // every pair is read. Its default stops at 1,000 pairs (empty ones count), where the response
  // cache's key, the `Link` header and the access log, which read the whole query, would disagree
  // with the input the operation checked and answered (docs/api.md#query-parameters). The URL's
  // length bounds the pairs (docs/api.md#limits).
  app.set('query parser', (query: string) => parseQuery(query, '&', '=', { maxKeys: 0 }));
  if (config.trustProxy !== undefined) app.set('trust proxy', config.trustProxy);
  await nextTurn();
  setupOpenApi(app);
  await nextTurn();
  // Loads and validates the data now, so a bad file stops the start before anything listens.
  // A failed start closes what it opened (the metrics server, Redis, timers) before it throws.
  await app.init().catch(async (error: unknown) => {
    await app.close().catch(() => undefined);
    throw error;
  });
  // The MCP tools, resources and prompt are RPC handlers of this strategy; `/mcp` itself is an
  // ordinary route (McpHttpController). Not `inheritAppConfig`: the HTTP guards must see HTTP.
  app.connectMicroservice({ strategy: app.get(McpStrategy) });
  await app.startAllMicroservices();
  return app;
}

/**
 * Creates the app and listens on PORT/HOST; returns the app, its server, the address it listens on
 * and that of `/metrics` (on METRICS_PORT when it is set, else on PORT).
 */
export async function startApp(
  options: AppOptions = {},
): Promise<{ app: NestExpressApplication; server: Server; url: string; metricsUrl: string }> {
  const app = await createApp(options);
  const config = app.get(AppConfig);
  const publicServer = app.get(PublicServer);
  const { port } = await publicServer.listen(config.port, config.host);
  app.get(Lifecycle).markListening();
  const metricsPort = app.get(MetricsServer).port;
  const listening = `${config.host}:${port}`;
  Logger.log(
    `Course Finder ready on ${config.siteUrl} (site, API docs at ${config.baseUrl}/docs, MCP at ${config.publicUrl}${MCP_PATH}); listening on ${listening}, /metrics on ${metricsPort === undefined ? `the same port` : `${config.host}:${metricsPort}`}`,
  );
  return {
    app,
    server: publicServer.server,
    url: `http://127.0.0.1:${port}`,
    metricsUrl: `http://127.0.0.1:${metricsPort ?? port}/metrics`,
  };
}
