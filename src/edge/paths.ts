import { API_PREFIX } from '../core/envelope';
import { MCP_PATH } from '../mcp/server-info';

/**
 * Which paths the edge treats specially. Express matches routes case-insensitively and with or
 * without a trailing slash, so these match in any case and with any trailing slashes. Regular
 * expressions rather than a normalised copy of the path: they run on every request and allocate
 * nothing.
 */

const api = `/${API_PREFIX}`;
const MCP = new RegExp(`^${MCP_PATH}/*$`, 'i');
const RATE_LIMITED = new RegExp(`^(?:${MCP_PATH}/*|${api}(?:/.*)?)$`, 'i');
const HOLDS_ANSWERS = new RegExp(`^(?:${api}/recommendations|/ai-seo-courses/finder)/*$`, 'i');

/** The MCP endpoint. */
export function isMcpPath(path: string): boolean {
  return MCP.test(path);
}

/** Counted by the rate limit (decisions §7): the REST API and the MCP endpoint, one bucket. */
export function isRateLimited(path: string): boolean {
  return RATE_LIMITED.test(path);
}

/**
 * Paths whose query string holds recommendation answers (decisions §8): never logged, never part
 * of a shared cache key.
 */
export function holdsAnswers(path: string): boolean {
  return HOLDS_ANSWERS.test(path);
}
