import { Module } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import { AppConfig } from '../core/config';
import { buildOpenApiDocument } from './openapi.document';
import { OpenApiController, OpenApiDocument } from './openapi.controller';

@Module({ controllers: [OpenApiController], providers: [OpenApiDocument] })
export class OpenApiModule {}

/**
 * Builds the document once and mounts Swagger UI at /api/v1/docs. Must run before `app.init()`:
 * routes added after it would sit behind Nest's not-found handler.
 */
export function setupOpenApi(app: NestExpressApplication): void {
  const document = buildOpenApiDocument(app, app.get(AppConfig));
  app.get(OpenApiDocument).set(document);
  SwaggerModule.setup('api/v1/docs', app, document, {
    raw: false,
    customSiteTitle: 'Course Finder API',
  });
}
