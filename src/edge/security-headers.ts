import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { PagePolicy } from './policies';

/**
 * Security headers, by `helmet`, for each kind of response. Every response starts with the minimal
 * set of an API (no framing, no sniffing, nothing to load); a route that serves pages says so with
 * `@ServesPages()` and gets the pages' policy on top; Swagger UI its own, which allows the inline
 * styles it draws with. HSTS only when the service is reached over https (`PUBLIC_URL`).
 */

/** What browsers may do on our pages: nothing of the camera, microphone, location, payments… */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

function hsts(https: boolean) {
  // The service's own host only: its subdomains are the domain owner's to pin.
  return https ? { maxAge: 31_536_000, includeSubDomains: false } : false;
}

/**
 * Directives of a page: its own files only, no inline script or style, no frame, no plugin. Swagger
 * UI also calls the API at the document's server, `PUBLIC_URL`, which is another origin when the
 * page is reached by another name (a port-forward, an internal host).
 */
function pageDirectives(policy: PagePolicy, publicOrigin: string) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // Swagger UI draws with inline style attributes; the site's pages never do.
    styleSrc: policy === 'docs' ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    // Swagger UI draws icons from data: URIs; the site's pages have none.
    imgSrc: policy === 'docs' ? ["'self'", 'data:'] : ["'self'"],
    fontSrc: ["'self'"],
    connectSrc: policy === 'docs' ? ["'self'", publicOrigin] : ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

export class SecurityHeaders {
  /** Every response: an API's minimal set; CORS stays the contract's (cors.middleware.ts). */
  readonly api: RequestHandler;
  private readonly pages: Record<PagePolicy, RequestHandler>;

  constructor(publicUrl: string) {
    const { protocol, origin } = new URL(publicUrl);
    const https = protocol === 'https:';
    this.api = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      },
      // Public, read-only data: other origins may load it.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      referrerPolicy: { policy: 'no-referrer' },
      strictTransportSecurity: hsts(https),
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xFrameOptions: { action: 'deny' },
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    }) as RequestHandler;
    const page = (policy: PagePolicy) =>
      helmet({
        contentSecurityPolicy: { useDefaults: false, directives: pageDirectives(policy, origin) },
        crossOriginOpenerPolicy: { policy: 'same-origin' },
        crossOriginResourcePolicy: { policy: 'same-origin' },
        referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
        strictTransportSecurity: hsts(https),
        xFrameOptions: { action: 'deny' },
      }) as RequestHandler;
    this.pages = { site: page('site'), docs: page('docs') };
  }

  /** Puts a page policy's headers on a response (over the API's set). */
  applyPagePolicy(policy: PagePolicy, request: Request, response: Response): void {
    // helmet sets headers synchronously and reports a bad option through `next`.
    this.pages[policy](request, response, (error?: unknown) => {
      if (error) throw error;
    });
    response.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
  }
}
