/** The list's `Link` and total headers, shared with every paged list (core/page-links.ts). */
export { pageLinkHeader, TOTAL_HEADER } from '../core/page-links';
