import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppConfig } from '../core/config';
import { DocsController } from './docs.controller';
import { buildOpenApiDocument } from './openapi.document';
import { OpenApiController, OpenApiDocument } from './openapi.controller';
import { OpenApiExamples } from './openapi.examples';

@Module({
  imports: [DiscoveryModule],
  controllers: [OpenApiController, DocsController],
  providers: [OpenApiDocument, OpenApiExamples],
})
export class OpenApiModule {}

/**
 * Builds the document once, from every controller and its decorators; `createApp` calls it before
 * `app.init()`. The examples are added once the data is loaded (OpenApiExamples); Swagger UI reads
 * the document from `/api/v1/openapi.json` (DocsController).
 */
export function setupOpenApi(app: NestExpressApplication): void {
  app.get(OpenApiDocument).set(buildOpenApiDocument(app, app.get(AppConfig)));
}
