import { SetMetadata } from '@nestjs/common';
import type { Request } from 'express';
import type { NO_STORE_CACHE_CONTROL, PRIVATE_CACHE_CONTROL } from '../core/caching';

/**
 * What a route declares about its responses, read by the edge. Routes state their policy here
 * rather than the edge knowing their paths.
 */

export const VARY_ON = 'edge:vary-on';
export const NO_STORE = 'edge:no-store';
export const SERVES_PAGES = 'edge:serves-pages';

/**
 * The request headers a route's answer depends on (content negotiation): the edge names them in
 * `Vary` on every answer and makes their values part of the key under which it keeps the answer,
 * so one variant is never served for another. The route says it here, once.
 */
export const VaryOn = (...headers: string[]) =>
  SetMetadata(
    VARY_ON,
    headers.map((header) => header.toLowerCase()),
  );

/** How a route whose URLs hold answers is treated: `@NoStore(policy)`. */
export interface NoStorePolicy {
  /**
   * Whether this request's URL holds answers, for a route whose URLs hold them only sometimes (a
   * course page reached from the finder); every request of the route when absent. Decided per
   * request from the request alone, by the route that knows its parameters.
   */
  holdsAnswers?: (request: Request) => boolean;
  /**
   * `no-store`: no cache at all may keep the answer, not a browser's either; `private, max-age=300`:
   * no shared cache may keep it, its caller may (docs/privacy.md#caches). Absent, it stays publicly
   * cacheable as the contract says of every operation.
   */
  cacheControl?: typeof NO_STORE_CACHE_CONTROL | typeof PRIVATE_CACHE_CONTROL;
}

/**
 * The route's URLs hold recommendation answers (docs/privacy.md#caches): the edge keeps no copy of
 * its responses and the access log leaves its query string out, for every request of the route or
 * those `holdsAnswers` picks.
 */
export const NoStore = (policy: NoStorePolicy = {}) => SetMetadata(NO_STORE, policy);

/**
 * The route serves pages for people (HTML): its responses get a page's security headers (a Content
 * Security Policy that allows the service's own files only, no framing, same-origin embedding) over
 * the API's minimal set; so do the Markdown and JSON variants it negotiates, which are for reading
 * (`fetch` with CORS still works). The plain-data companions (`/ai-seo-courses.json`, `.md`) are
 * not page routes. `'docs'` is Swagger UI's policy, which also allows its inline styles.
 */
export type PagePolicy = 'site' | 'docs';
export const ServesPages = (policy: PagePolicy = 'site') => SetMetadata(SERVES_PAGES, policy);
