import { Controller, Get, Injectable, type OnApplicationBootstrap, Query } from '@nestjs/common';
import { ApiExcludeController, type OpenAPIObject } from '@nestjs/swagger';
import { AppConfig } from '../core/config';
import { API_PREFIX } from '../core/paths';
import { apiIndex } from './api-index';
import { NoQuery } from '../core/validation/no-query.dto';
import { OpenApiExamples, withExamples } from './openapi.examples';

/**
 * Holds the document built at start (see `setupOpenApi`, which needs the whole app to scan) and,
 * once the data is loaded, puts the service's own answers in it as examples.
 */
@Injectable()
export class OpenApiDocument implements OnApplicationBootstrap {
  private document?: OpenAPIObject;

  constructor(private readonly examples: OpenApiExamples) {}

  set(document: OpenAPIObject): void {
    this.document = document;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.document) {
      this.document = withExamples(this.document, await this.examples.compute(this.document));
    }
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
  constructor(
    private readonly openapi: OpenApiDocument,
    private readonly config: AppConfig,
  ) {}

  /** The API's front door: its operations and where to read more (`/api` leads here). */
  @Get()
  index(@Query() _query: NoQuery) {
    return apiIndex(this.openapi.get(), this.config);
  }

  @Get('openapi.json')
  get(@Query() _query: NoQuery): OpenAPIObject {
    return this.openapi.get();
  }
}
