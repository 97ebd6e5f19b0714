import { Module } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppConfig } from '../core/config';
import { DocsController } from './docs.controller';
import { buildOpenApiDocument } from './openapi.document';
import { OpenApiController, OpenApiDocument } from './openapi.controller';

@Module({ controllers: [OpenApiController, DocsController], providers: [OpenApiDocument] })
export class OpenApiModule {}

/**
 * Builds the document once, from every controller and its decorators; `createApp` calls it before
 * `app.init()`. Swagger UI reads it from `/api/v1/openapi.json` (DocsController).
 */
export function setupOpenApi(app: NestExpressApplication): void {
  app.get(OpenApiDocument).set(buildOpenApiDocument(app, app.get(AppConfig)));
}
