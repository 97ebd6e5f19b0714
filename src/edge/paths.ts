/**
 * Which paths the edge treats specially. Express matches routes case-insensitively and with or
 * without a trailing slash, so paths are compared in that normal form.
 */

const normal = (path: string) => path.toLowerCase().replace(/\/+$/, '') || '/';

/** Counted by the rate limit (decisions §7): the REST API and the MCP endpoint, one bucket. */
export function isRateLimited(path: string): boolean {
  const p = normal(path);
  return p === '/mcp' || p === '/api/v1' || p.startsWith('/api/v1/');
}

/**
 * Paths whose query string holds recommendation answers (decisions §8): never logged, never part
 * of a shared cache key.
 */
export function holdsAnswers(path: string): boolean {
  const p = normal(path);
  return p === '/api/v1/recommendations' || p === '/ai-seo-courses/finder';
}
