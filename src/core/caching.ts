/**
 * How long a client may reuse a public answer (docs/api.md#limits, "response cache lifetime: 5
 * minutes"): `Cache-Control: public, max-age=300` on the REST API and the site,
 * `ttlMs`/`cacheScope` on the MCP server's cacheable results. Every answer is the same for every
 * caller, so shared caches may keep it.
 */
export const RESPONSE_MAX_AGE_SECONDS = 300;

/** The header of every public answer, and of the redirects to one. */
export const CACHE_CONTROL = `public, max-age=${RESPONSE_MAX_AGE_SECONDS}`;

/**
 * The header of an operation whose answer no shared cache may keep, though its caller may for the
 * same five minutes: the fit of named courses (docs/privacy.md#caches).
 */
export const PRIVATE_CACHE_CONTROL = `private, max-age=${RESPONSE_MAX_AGE_SECONDS}`;

/**
 * The header of a redirect whose URL has a query string: kept by no cache. The redirect is answered
 * before any route is reached, and only the route knows whether its query holds answers
 * (docs/privacy.md#caches).
 */
export const NO_STORE_CACHE_CONTROL = 'no-store';
