/** Where the service's faces live on its one origin (docs/api.md#addresses). */

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
  json: '/ai-seo-courses.json',
  markdown: '/ai-seo-courses.md',
  llms: '/llms.txt',
  robots: '/robots.txt',
  sitemap: '/sitemap.xml',
  stylesheet: '/assets/site.css',
  /** The service's icon (site tabs, the MCP server's `icons`). */
  icon: '/assets/icon.svg',
} as const;
