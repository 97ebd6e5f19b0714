import { Controller, Get, Injectable } from '@nestjs/common';
import { ApiExcludeController, type OpenAPIObject } from '@nestjs/swagger';
import { API_PREFIX } from '../core/envelope';
import { noQuerySchema, ValidQuery } from '../core/query';

/** Holds the document built at start (see `setupOpenApi`), which needs the whole app to scan. */
@Injectable()
export class OpenApiDocument {
  private document?: OpenAPIObject;

  set(document: OpenAPIObject): void {
    this.document = document;
  }

  get(): OpenAPIObject {
    if (!this.document) throw new Error('The OpenAPI document was not built: call setupOpenApi()');
    return this.document;
  }
}

/** The document itself is the body (no envelope), so caching and rate limits apply as to any GET. */
@ApiExcludeController()
@Controller(API_PREFIX)
export class OpenApiController {
  constructor(private readonly openapi: OpenApiDocument) {}

  @Get('openapi.json')
  get(@ValidQuery(noQuerySchema) _query: object): OpenAPIObject {
    return this.openapi.get();
  }
}
