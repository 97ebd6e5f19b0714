import { Module } from '@nestjs/common';
import { MCP_HTTP_HANDLER, McpStrategy, StreamableHttpTransport } from '@rekog/mcp-nest';
import { CatalogModule } from '../catalog/catalog.module';
import { CatalogService } from '../catalog/catalog.service';
import { AppConfig } from '../core/config';
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

/** One strategy per app, so test apps in one process never share a transport. */
function createStrategy(catalog: CatalogService, config: AppConfig): McpStrategy {
  return new McpStrategy({
    ...mcpServerIdentity(config.siteUrl),
    instructions: MCP_INSTRUCTIONS,
    // `logging: undefined` drops the library's default `logging` capability: we send no log messages.
    capabilities: { ...MCP_CAPABILITIES, logging: undefined },
    cacheHints: MCP_CACHE_HINTS,
    // Stateless, JSON responses; the route belongs to McpHttpController.
    transports: [new StreamableHttpTransport()],
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
 * `createApp`; the strategy's transport serves them through McpHttpController.
 */
@Module({
  imports: [
    CatalogModule,
    CoursesModule,
    ComparisonsModule,
    MethodologyModule,
    RecommendationsModule,
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
    { provide: McpStrategy, useFactory: createStrategy, inject: [CatalogService, AppConfig] },
    {
      provide: MCP_HTTP_HANDLER,
      // Reading `httpHandlers` also stops the transport mounting its own route outside Nest.
      useFactory: (strategy: McpStrategy) =>
        (strategy.options.transports[0] as StreamableHttpTransport).httpHandlers,
      inject: [McpStrategy],
    },
  ],
  exports: [McpStrategy],
})
export class McpModule {}
