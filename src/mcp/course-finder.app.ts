import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Injectable, UseFilters } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { McpController, Resource } from '@rekog/mcp-nest';
import { unknownResource } from './course-finder.resources';
import { ResourceErrorFilter } from './mcp-errors';
import { MCP_APPS } from './server-info';

/**
 * The Course Finder as an MCP App (SEP-1865): one self-contained HTML file, built from `src/mcp/app/`
 * by `npm run build` (scripts/bundle.mjs), that hosts with the extension render in a
 * sandboxed frame beside the results of the tools linked to it. Hosts without it never read it.
 */

export const APP_URI = 'ui://course-finder/finder.html';

/** Where the build writes the app: `dist/mcp-app/`, reached from `dist/mcp` and from `src/mcp` (tests) alike. */
export const APP_HTML_PATH = join(__dirname, '..', '..', 'dist', 'mcp-app', 'course-finder.html');

/**
 * The app's own metadata: it loads nothing and connects nowhere (every byte is in the file; data
 * comes through the host), so its CSP declares no origin at all.
 */
const APP_UI_META = {
  ui: {
    csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
    prefersBorder: true,
  },
};

/** The `_meta` of a tool whose results the app renders; both forms, as the ext-apps helpers write them. */
export const APP_TOOL_META = {
  ui: { resourceUri: APP_URI },
  [MCP_APPS.legacyResourceUriKey]: APP_URI,
};

/** The built HTML, read once when the server starts; a missing build stops the start. */
@Injectable()
export class AppHtml {
  readonly text: string;

  constructor() {
    try {
      this.text = readFileSync(APP_HTML_PATH, 'utf8');
    } catch {
      throw new Error(`The MCP App is not built (${APP_HTML_PATH} is missing): run npm run build.`);
    }
  }
}

@McpController()
@UseFilters(ResourceErrorFilter)
export class CourseFinderApp {
  constructor(private readonly html: AppHtml) {}

  @Resource({
    uri: APP_URI,
    name: 'course-finder-app',
    description:
      'The Course Finder as an interactive view for hosts with MCP Apps: ranked matches with reasons, warnings and last-verified dates, a side-by-side comparison, a course card; change an answer or compare courses from inside it.',
    mimeType: MCP_APPS.mimeType,
    _meta: APP_UI_META,
  })
  app(@Payload() { uri }: { uri: string }) {
    if (uri !== APP_URI) throw unknownResource(uri);
    return {
      contents: [{ uri, mimeType: MCP_APPS.mimeType, text: this.html.text, _meta: APP_UI_META }],
    };
  }
}
