import type { AppConfig } from '../core/config';
import { MCP_PATH, SITE_PATHS } from '../core/paths';

/**
 * Every address the site hands out, absolute. Website paths hang off SITE_URL; the API, the MCP
 * endpoint and the `.well-known` documents off PUBLIC_URL, the origin this process answers on.
 * Templates link between pages with the site-relative `SITE_PATHS`.
 */
export interface SiteLinks {
  home: string;
  docsAlias: string;
  list: string;
  compare: string;
  finder: string;
  methodology: string;
  json: string;
  markdown: string;
  llms: string;
  robots: string;
  sitemap: string;
  api: string;
  openapi: string;
  docs: string;
  mcp: string;
  apiCatalog: string;
  serverCard: string;
}

export function siteLinks(config: AppConfig): SiteLinks {
  const site = (path: string) => `${config.siteUrl}${path}`;
  return {
    home: site(SITE_PATHS.home),
    docsAlias: site(SITE_PATHS.docs),
    list: site(SITE_PATHS.list),
    compare: site(SITE_PATHS.compare),
    finder: site(SITE_PATHS.finder),
    methodology: site(SITE_PATHS.methodology),
    json: site(SITE_PATHS.json),
    markdown: site(SITE_PATHS.markdown),
    llms: site(SITE_PATHS.llms),
    robots: site(SITE_PATHS.robots),
    sitemap: site(SITE_PATHS.sitemap),
    api: config.baseUrl,
    openapi: `${config.baseUrl}/openapi.json`,
    docs: `${config.baseUrl}/docs`,
    mcp: `${config.publicUrl}${MCP_PATH}`,
    apiCatalog: `${config.publicUrl}/.well-known/api-catalog`,
    serverCard: `${config.publicUrl}/.well-known/mcp/server-card.json`,
  };
}
