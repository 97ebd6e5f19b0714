import type { AppConfig } from '../core/config';
import { MCP_PATH } from '../mcp/server-info';

/**
 * Every address the site hands out. Website paths hang off SITE_URL; the API, the MCP endpoint and
 * the `.well-known` documents off PUBLIC_URL, the origin this process answers on.
 */
export interface SiteLinks {
  list: string;
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
  const list = `${config.siteUrl}/ai-seo-courses`;
  return {
    list,
    finder: `${list}/finder`,
    methodology: `${list}/methodology`,
    json: `${list}.json`,
    markdown: `${list}.md`,
    llms: `${config.siteUrl}/llms.txt`,
    robots: `${config.siteUrl}/robots.txt`,
    sitemap: `${config.siteUrl}/sitemap.xml`,
    api: config.baseUrl,
    openapi: `${config.baseUrl}/openapi.json`,
    docs: `${config.baseUrl}/docs`,
    mcp: `${config.publicUrl}${MCP_PATH}`,
    apiCatalog: `${config.publicUrl}/.well-known/api-catalog`,
    serverCard: `${config.publicUrl}/.well-known/mcp/server-card.json`,
  };
}
