import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Controller, Get, Header, Param, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Response } from 'express';
import { DomainError } from '../core/domain-error';
import { API_PREFIX, SITE_PATHS } from '../core/paths';
import { NoQuery } from '../core/validation/no-query.dto';
import { ServesPages } from '../edge/policies';

/**
 * Swagger UI at `/api/v1/docs`, served through the same pipeline as every page: its files are read
 * once, cached and compressed like any answer, and the page runs no inline script (its
 * start-up is a file of its own). The UI reads the document from `/api/v1/openapi.json`.
 */

const DOCS = `/${API_PREFIX}/docs`;
const UI = dirname(require.resolve('swagger-ui-dist/package.json'));

/** The files the page loads, by name, with their type. */
const FILES: Record<string, { type: string; text: string }> = {
  'swagger-ui.css': { type: 'text/css', text: readFileSync(join(UI, 'swagger-ui.css'), 'utf8') },
  'swagger-ui-bundle.js': {
    type: 'text/javascript',
    text: readFileSync(join(UI, 'swagger-ui-bundle.js'), 'utf8'),
  },
  'start.js': {
    type: 'text/javascript',
    text: `window.addEventListener('load', () => {
  window.ui = SwaggerUIBundle({
    url: '/${API_PREFIX}/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`,
  },
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Course Finder API</title>
<link rel="icon" href="${SITE_PATHS.icon}" type="image/svg+xml">
<link rel="stylesheet" href="${DOCS}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${DOCS}/swagger-ui-bundle.js"></script>
<script src="${DOCS}/start.js"></script>
</body>
</html>
`;

@ApiExcludeController()
@SkipThrottle()
@ServesPages('docs')
@Controller(DOCS)
export class DocsController {
  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  page(@Query() _query: NoQuery): string {
    return PAGE;
  }

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
    return file.text;
  }
}
