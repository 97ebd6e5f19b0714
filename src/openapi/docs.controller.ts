import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Response } from 'express';
import { DomainError } from '../core/domain-error';
import { API_PREFIX } from '../core/paths';
import { NoQuery } from '../core/validation/no-query.dto';
import { ServesPages } from '../edge/policies';

/**
 * Swagger UI's files under `/api/v1/docs`, served through the same pipeline as every page: read
 * from disk when asked, then cached and compressed like any answer (the bundle is 3 MB, not held
 * for the life of the process for a page few open). The page that loads them is the site's, in
 * the site's frame (src/site/api-docs.page.ts); it runs no inline script, so the start-up is a
 * file of its own. The UI reads the document from `/api/v1/openapi.json`.
 */

const DOCS = `/${API_PREFIX}/docs`;
const UI = dirname(require.resolve('swagger-ui-dist/package.json'));

const fromUi = (name: string) => () => readFileSync(join(UI, name), 'utf8');

/** The files the page loads, by name: their type and how to read them. */
const FILES: Record<string, { type: string; text: () => string }> = {
  'swagger-ui.css': { type: 'text/css', text: fromUi('swagger-ui.css') },
  'swagger-ui-bundle.js': { type: 'text/javascript', text: fromUi('swagger-ui-bundle.js') },
  // "Try it out" calls the origin the page was loaded from, whatever name reached it (127.0.0.1, a
  // LAN address, a port-forward), not the document's server, PUBLIC_URL: the request interceptor
  // keeps each request's path and query and swaps its origin (docs/website.md#addresses-on-pages).
  'start.js': {
    type: 'text/javascript',
    text: () => `window.addEventListener('load', () => {
  window.ui = SwaggerUIBundle({
    url: '/${API_PREFIX}/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    requestInterceptor: (request) => {
      const url = new URL(request.url, location.href);
      request.url = location.origin + url.pathname + url.search;
      return request;
    },
  });
});
`,
  },
};

@ApiExcludeController()
@SkipThrottle()
@ServesPages('docs')
@Controller(DOCS)
export class DocsController {
  @Get(':file')
  file(
    @Param('file') name: string,
    @Query() _query: NoQuery,
    @Res({ passthrough: true }) response: Response,
  ): string {
    const file = Object.hasOwn(FILES, name) ? FILES[name] : undefined;
    if (!file) {
      throw new DomainError('not_found', `No file ${name.slice(0, 100)} in the API documentation.`);
    }
    response.type(`${file.type}; charset=utf-8`);
    return file.text();
  }
}
