import type { AppConfig } from '../core/config';
import { API_PREFIX, MCP_PATH, SITE_PATHS } from '../core/paths';

/**
 * Where everything a page links to lives on the one origin. Pages link by path, so they work at
 * whatever address they were reached (127.0.0.1, a LAN address, a port-forward); they are cached
 * publicly and do not vary on `Host`, so nothing on them is built from the request
 * (docs/website.md#addresses-on-pages).
 */
export const PATHS = {
  ...SITE_PATHS,
  api: `/${API_PREFIX}`,
  openapi: `/${API_PREFIX}/openapi.json`,
  /** The API's docs page; `docs` is its short alias, `/docs`. */
  apiDocs: `/${API_PREFIX}/docs`,
  mcp: MCP_PATH,
  apiCatalog: '/.well-known/api-catalog',
  serverCard: '/.well-known/mcp/server-card.json',
} as const;

/** The path and query of an absolute address the API hands out, to link it from a page. */
export const pathOf = (url: string) => {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
};

/**
 * Every address the site hands out, absolute: canonical and alternate links, JSON-LD, the
 * companions and discovery documents. Website paths hang off SITE_URL; the API, the MCP endpoint
 * and the `.well-known` documents off PUBLIC_URL, the origin this process answers on.
 */
export interface SiteLinks {
  home: string;
  docsAlias: string;
  list: string;
  compare: string;
  finder: string;
  methodology: string;
  changes: string;
  changesFeed: string;
  glossary: string;
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
    changes: site(SITE_PATHS.changes),
    changesFeed: site(SITE_PATHS.changesFeed),
    glossary: site(SITE_PATHS.glossary),
    json: site(SITE_PATHS.json),
    markdown: site(SITE_PATHS.markdown),
    llms: site(SITE_PATHS.llms),
    robots: site(SITE_PATHS.robots),
    sitemap: site(SITE_PATHS.sitemap),
    api: config.baseUrl,
    openapi: `${config.publicUrl}${PATHS.openapi}`,
    docs: `${config.publicUrl}${PATHS.apiDocs}`,
    mcp: `${config.publicUrl}${PATHS.mcp}`,
    apiCatalog: `${config.publicUrl}${PATHS.apiCatalog}`,
    serverCard: `${config.publicUrl}${PATHS.serverCard}`,
  };
}
