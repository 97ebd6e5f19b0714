import type { DynamicModule, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { McpStrategy } from '@rekog/mcp-nest';
import type { DestinationStream } from 'pino';
import { json } from 'express';
import { AppModule } from './app.module';
import { BytesAwareExpressAdapter } from './core/express-adapter';
import { MCP_PATH } from './mcp/server-info';
import { Clock, SystemClock } from './core/clock';
import { setupOpenApi } from './openapi/openapi.module';
import { AppConfig } from './core/config';
import { installEdge } from './edge/edge.http';
import { applyTimeouts, HTTP_TIMEOUTS, type HttpTimeouts } from './edge/unread-requests';
import { Lifecycle } from './ops/lifecycle';
import { createLogger, PinoNestLogger } from './ops/logger';

/** JSON-RPC bodies of `/mcp`; larger ones are 413. */
export const MCP_BODY_LIMIT = '100kb';

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
  /** Server timeouts against slow clients (tests shorten them); defaults to HTTP_TIMEOUTS. */
  timeouts?: Partial<HttpTimeouts>;
}

/** Builds the application exactly as production runs it; `main.ts` and the e2e tests share it. */
export async function createApp(options: AppOptions = {}): Promise<NestExpressApplication> {
  const config = AppConfig.fromEnv(options.env ?? process.env);
  const silent = options.logger === false && !options.logStream;
  const log = createLogger(silent ? 'silent' : config.logLevel, options.logStream);
  const root = AppModule.forRoot(config, options.clock ?? new SystemClock());
  const app = await NestFactory.create<NestExpressApplication>(
    { ...root, imports: [...(root.imports ?? []), ...(options.imports ?? [])] },
    new BytesAwareExpressAdapter(),
    // Only `/mcp` takes a body: parsers on every GET cost a sixth of a cached response.
    { logger: new PinoNestLogger(log), abortOnError: false, bodyParser: false },
  );
  installEdge(app, log);
  app.use(MCP_PATH, json({ limit: MCP_BODY_LIMIT }));
  app.disable('x-powered-by');
  // Strong ETags come from our own interceptor; Express's weak ones are off.
  app.set('etag', false);
  // node:querystring: repeated keys become arrays, `a[b]=c` stays a literal key.
  app.set('query parser', 'simple');
  setupOpenApi(app);
  if (config.trustProxy !== undefined) app.set('trust proxy', config.trustProxy);
  // Loads and validates the data now, so a bad file stops the start before anything listens.
  await app.init();
  // The MCP tools, resources and prompt are RPC handlers of this strategy; `/mcp` itself is an
  // ordinary route (McpHttpController). Not `inheritAppConfig`: the HTTP guards must see HTTP.
  app.connectMicroservice({ strategy: app.get(McpStrategy) });
  await app.startAllMicroservices();
  return app;
}

/** Creates the app and listens on PORT/HOST; returns the app and the address it listens on. */
export async function startApp(
  options: AppOptions = {},
): Promise<{ app: NestExpressApplication; url: string }> {
  const app = await createApp(options);
  const config = app.get(AppConfig);
  applyTimeouts(app.getHttpServer(), { ...HTTP_TIMEOUTS, ...options.timeouts });
  await app.listen(config.port, config.host);
  app.get(Lifecycle).markListening();
  const address = app.getHttpServer().address() as { port: number };
  return { app, url: `http://127.0.0.1:${address.port}` };
}
