import type { LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { McpStrategy } from '@rekog/mcp-nest';
import { AppModule } from './app.module';
import { Clock, SystemClock } from './core/clock';
import { setupOpenApi } from './openapi/openapi.module';
import { AppConfig } from './core/config';

export interface AppOptions {
  /** Environment variables (defaults to `process.env`). */
  env?: Record<string, string | undefined>;
  clock?: Clock;
  /** Nest's own logger; tests pass `false`, or a LoggerService to read what is logged. */
  logger?: false | LoggerService;
}

/** Builds the application exactly as production runs it; `main.ts` and the e2e tests share it. */
export async function createApp(options: AppOptions = {}): Promise<NestExpressApplication> {
  const config = AppConfig.fromEnv(options.env ?? process.env);
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(config, options.clock ?? new SystemClock()),
    { logger: options.logger, abortOnError: false },
  );
  app.disable('x-powered-by');
  // Strong ETags come from our own interceptor; Express's weak ones are off.
  app.set('etag', false);
  // node:querystring: repeated keys become arrays, `a[b]=c` stays a literal key.
  app.set('query parser', 'simple');
  setupOpenApi(app);
  if (config.trustProxy !== undefined) app.set('trust proxy', config.trustProxy);
  // Not SIGHUP: that one reloads the data (CatalogService).
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
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
  await app.listen(config.port, config.host);
  const address = app.getHttpServer().address() as { port: number };
  return { app, url: `http://127.0.0.1:${address.port}` };
}
