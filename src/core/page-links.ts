import type { Request } from 'express';
import type { Paging } from './envelope';

/** The header with the number of items a paged list finds in all (docs/api.md#pages). */
export const TOTAL_HEADER = 'X-Total-Count';

/**
 * A page's RFC 8288 `Link` header (docs/api.md#pages): `next` and `prev` when there are such
 * pages, and always `first`, each the request's own URL with its `limit` and the page's cursor.
 */
export function pageLinkHeader(request: Request, publicUrl: string, page: Paging): string {
  const query = request.url.indexOf('?');
  const url = (cursor?: string) => {
    const params = new URLSearchParams(query < 0 ? '' : request.url.slice(query + 1));
    params.delete('cursor');
    params.set('limit', String(page.limit));
    if (cursor !== undefined) params.set('cursor', cursor);
    return `<${publicUrl}${request.path}?${params}>`;
  };
  return [
    ...(page.next === undefined ? [] : [`${url(page.next)}; rel="next"`]),
    ...(page.prev === undefined ? [] : [`${url(page.prev)}; rel="prev"`]),
    `${url()}; rel="first"`,
  ].join(', ');
}
