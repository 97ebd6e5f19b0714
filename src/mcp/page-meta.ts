/**
 * Where a page of `search_courses` sits, for programs (docs/mcp.md#pages): under this key of the
 * result's `_meta`, as the MCP specification asks extensions to name their keys. Read by the MCP
 * App too, so this file imports nothing.
 */
export const PAGE_META_KEY = 'course-finder/page';

export interface PageMeta {
  /** How many courses the arguments find in all (the REST list's `X-Total-Count`). */
  total: number;
  /** The position of the page's first course, from 0. */
  offset: number;
  limit: number;
  /** The `cursor` argument of the page after this one; absent on the last page. */
  next_cursor?: string;
  /** The `cursor` argument of the page before this one; absent on the first page. */
  prev_cursor?: string;
}
