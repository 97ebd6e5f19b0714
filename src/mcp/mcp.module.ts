import { type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import compression from 'compression';
import { MCP_HTTP_HANDLER, McpStrategy, StreamableHttpTransport } from '@rekog/mcp-nest';
import { CatalogModule } from '../catalog/catalog.module';
import { CatalogService } from '../catalog/catalog.service';
import { AppConfig } from '../core/config';
import { jsonRpcBody } from '../core/json-rpc';
import { ChangesModule } from '../changes/changes.module';
import { ComparisonsModule } from '../comparisons/comparisons.module';
import { CoursesModule } from '../courses/courses.module';
import { MethodologyModule } from '../methodology/methodology.module';
import { RecommendationsModule } from '../recommendations/recommendations.module';
import { AppHtml, CourseFinderApp } from './course-finder.app';
import { CourseFinderPrompt } from './course-finder.prompt';
import { CourseFinderResources } from './course-finder.resources';
import { CourseFinderTools } from './course-finder.tools';
import { complete } from './completion';
import { McpHttpController } from './mcp-http.controller';
import {
  MCP_CACHE_HINTS,
  MCP_CAPABILITIES,
  MCP_INSTRUCTIONS,
  mcpServerIdentity,
} from './server-info';

/** JSON-RPC bodies of the MCP endpoint; larger ones are 413. Nothing else takes a body. */
export const MCP_BODY_LIMIT = '100kb';

/**
 * One strategy per app, so test apps in one process never share a transport. The transport
 * serves through McpHttpController (`mount: false`): `/mcp` is a Nest route behind the app's
 * guards, interceptors and filter.
 */
function createStrategy(
  catalog: CatalogService,
  config: AppConfig,
  transport: StreamableHttpTransport,
): McpStrategy {
  return new McpStrategy({
    ...mcpServerIdentity(config.siteUrl),
    instructions: MCP_INSTRUCTIONS,
    // `logging: undefined` drops the library's default `logging` capability: we send no log messages.
    capabilities: { ...MCP_CAPABILITIES, logging: undefined },
    cacheHints: MCP_CACHE_HINTS,
    transports: [transport],
    // Nothing at info level; tool arguments are never logged (docs/privacy.md#logs).
    logging: { level: ['error', 'warn'] },
    // The library installs no completion handler; the SDK's public `setRequestHandler` adds one.
    serverMutator: (server) => {
      server.server.setRequestHandler('completion/complete', (request) =>
        complete(catalog, request.params),
      );
      return server;
    },
  });
}

/**
 * The MCP server. Tools, resources and the prompt are RPC handlers of the strategy, connected in
 * `createApp`; the strategy's transport serves them through McpHttpController. Every handler is
 * here, over the features' services (docs/architecture.md#layout): a feature knows no transport.
 */
@Module({
  imports: [
    CatalogModule,
    CoursesModule,
    ComparisonsModule,
    MethodologyModule,
    RecommendationsModule,
    ChangesModule,
  ],
  controllers: [
    McpHttpController,
    CourseFinderTools,
    CourseFinderResources,
    CourseFinderPrompt,
    CourseFinderApp,
  ],
  providers: [
    AppHtml,
    // Stateless, JSON responses (the transport's defaults without sessions).
    {
      provide: StreamableHttpTransport,
      useFactory: () => new StreamableHttpTransport({ mount: false }),
    },
    {
      provide: McpStrategy,
      useFactory: createStrategy,
      inject: [CatalogService, AppConfig, StreamableHttpTransport],
    },
    {
      provide: MCP_HTTP_HANDLER,
      useFactory: (transport: StreamableHttpTransport) => transport.httpHandlers,
      inject: [StreamableHttpTransport],
    },
  ],
  exports: [McpStrategy],
})
export class McpModule implements NestModule {
  /**
   * After the edge's middleware (EdgeModule, applied for every path): the endpoint's answers,
   * which the SDK writes, are compressed here (the API's by the response cache), and its JSON-RPC
   * body is read here; no other route takes a body.
   */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(compression(), jsonRpcBody(MCP_BODY_LIMIT)).forRoutes(McpHttpController);
  }
}
