import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import { AppConfig } from '../core/config';
import { buildOpenApiDocument } from './openapi.document';
import { OpenApiController, OpenApiDocument } from './openapi.controller';
import { OpenApiExamples } from './openapi.examples';

@Module({
  imports: [DiscoveryModule],
  controllers: [OpenApiController],
  providers: [OpenApiDocument, OpenApiExamples],
})
export class OpenApiModule {}

/**
 * Builds the document once and mounts Swagger UI at /api/v1/docs. Must run before `app.init()`:
 * routes added after it would sit behind Nest's not-found handler. The viewer reads the document
 * when first asked, so it shows the examples added once the data is loaded.
 */
export function setupOpenApi(app: NestExpressApplication): void {
  const openapi = app.get(OpenApiDocument);
  openapi.set(buildOpenApiDocument(app, app.get(AppConfig)));
  SwaggerModule.setup('api/v1/docs', app, () => openapi.get(), {
    raw: false,
    customSiteTitle: 'Course Finder API',
  });
}
