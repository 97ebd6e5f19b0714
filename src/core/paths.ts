/** Where the API, the MCP endpoint and the site live on the one origin (docs/api.md#addresses). */

/** The REST API's prefix: `{base_url}` is `PUBLIC_URL` + `/api/v1`. */
export const API_PREFIX = 'api/v1';

/** The MCP endpoint (Streamable HTTP). */
export const MCP_PATH = '/mcp';

/** The website's pages and companions, relative to `SITE_URL` (docs/api.md#addresses). */
export const SITE_PATHS = {
  home: '/',
  docs: '/docs',
  list: '/ai-seo-courses',
  compare: '/ai-seo-courses/compare',
  course: (slug: string) => `/ai-seo-courses/${slug}`,
  finder: '/ai-seo-courses/finder',
  methodology: '/ai-seo-courses/methodology',
  /** The dataset's history, newest first, and its Atom feed (docs/website.md#changes). */
  changes: '/ai-seo-courses/changes',
  changesFeed: '/ai-seo-courses/changes.atom',
  /** The field's vocabulary, each term an anchor (docs/website.md#the-glossary). */
  glossary: '/ai-seo-courses/glossary',
  json: '/ai-seo-courses.json',
  markdown: '/ai-seo-courses.md',
  llms: '/llms.txt',
  robots: '/robots.txt',
  sitemap: '/sitemap.xml',
  stylesheet: '/assets/site.css',
  /** The service's icon (site tabs, the MCP server's `icons`). */
  icon: '/assets/icon.svg',
  /** The same icon where browsers and feed readers look for one unasked. */
  favicon: '/favicon.ico',
  /** The pages' one script; every page works without it. */
  script: '/assets/site.js',
  /** Our styles over Swagger UI's on the API documentation page. */
  apiDocsStylesheet: '/assets/api-docs.css',
} as const;

/**
 * A request's path and query as a path of this origin, for a redirect's `Location`: the path as
 * routed (an absolute-form target, `GET http://host/x`, names a host the path must not keep), led
 * by one slash, since a browser reads `//host` (or `/\host`) as another origin.
 */
export function localTarget(path: string, originalUrl: string): string {
  const queryAt = originalUrl.indexOf('?');
  return `/${path.replace(/^[/\\]+/, '')}${queryAt < 0 ? '' : originalUrl.slice(queryAt)}`;
}
