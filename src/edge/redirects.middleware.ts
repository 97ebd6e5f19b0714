import type { NextFunction, Request, Response } from 'express';
import { CACHE_CONTROL, NO_STORE_CACHE_CONTROL } from '../core/caching';
import { API_PREFIX, localTarget } from '../core/paths';

/** `/api`, any case, with or without trailing slashes. */
const API_ROOT = /^\/api\/*$/i;

/**
 * One URL per answer (docs/api.md#addresses): a GET or HEAD whose path ends in `/` is sent, 308,
 * to the same path and query without it, and `/api` to `/api/v1`. An OPTIONS is never redirected:
 * a preflight cannot follow one. The `Location` is a path of this origin (`localTarget`), never
 * built from `Host`. The redirect is public like the answer it leads to, unless its URL has a
 * query: the route behind it alone knows whether a query holds answers, so no cache keeps those
 * (docs/privacy.md#caches).
 */
export function redirectToOneUrl(request: Request, response: Response, next: NextFunction): void {
  if (request.method !== 'GET' && request.method !== 'HEAD') return next();
  const { path } = request;
  const bare = API_ROOT.test(path) ? `/${API_PREFIX}` : path.replace(/\/+$/, '');
  if (bare === path || bare === '') return next();
  const query = request.originalUrl.includes('?');
  response.setHeader('Cache-Control', query ? NO_STORE_CACHE_CONTROL : CACHE_CONTROL);
  response.redirect(308, localTarget(bare, request.originalUrl));
}
