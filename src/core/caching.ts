/**
 * How long a client may reuse a public answer (docs/api.md#limits, "response cache lifetime: 5
 * minutes"): `Cache-Control: public, max-age=300` on the REST API and the site,
 * `ttlMs`/`cacheScope` on the MCP server's cacheable results. Every answer is the same for every
 * caller, so shared caches may keep it.
 */
export const RESPONSE_MAX_AGE_SECONDS = 300;

/** The header of every public answer, and of the redirects to one. */
export const CACHE_CONTROL = `public, max-age=${RESPONSE_MAX_AGE_SECONDS}`;
