import { type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  normalizeIp,
  ThrottlerGuard,
  type ThrottlerModuleOptions,
  type ThrottlerOptions,
  type ThrottlerRequest,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { AppConfig } from '../core/config';
import { DomainError } from '../core/domain-error';
import { Metrics } from '../ops/metrics.service';
import { AssistantsService } from './assistants.service';

/**
 * Rate limits (docs/api.md#rate-limits) through `@nestjs/throttler`: one fixed 60 s window per
 * client, shared by the REST API and `/mcp` (the routes without `@SkipThrottle()`). The client is a
 * verified AI assistant (one bucket for all its IPs) or else its IP (IPv6 by /64), taken as
 * TRUST_PROXY says (Express's `req.ip`).
 */

export const WINDOW_MS = 60_000;

export interface Client {
  key: string;
  limit: number;
}

const CLIENT = Symbol('client');
type IdentifiedRequest = Request & { [CLIENT]?: Client };

@Injectable()
export class ClientIdentifier {
  constructor(
    private readonly config: AppConfig,
    private readonly assistants: AssistantsService,
  ) {}

  /** The bucket and limit of a request (worked out once per request). */
  of(request: IdentifiedRequest): Client {
    return (request[CLIENT] ??= this.identify(request));
  }

  private identify(request: Request): Client {
    const ip = request.ip ?? request.socket.remoteAddress ?? 'unknown';
    const assistant = this.assistants.identify(request.get('user-agent'), ip);
    return assistant
      ? { key: `assistant:${assistant}`, limit: this.config.rateLimitPerAssistant }
      : { key: `ip:${normalizeIp(ip)}`, limit: this.config.rateLimitPerIp };
  }

  throttlerOptions(): ThrottlerModuleOptions {
    const request = (context: ExecutionContext) => context.switchToHttp().getRequest<Request>();
    const throttler: ThrottlerOptions = {
      name: 'default',
      ttl: WINDOW_MS,
      limit: (context) => this.of(request(context)).limit,
    };
    return {
      throttlers: [throttler],
      // HTTP only: the MCP endpoint is counted as the HTTP route it is, not per tool call.
      skipIf: (context) => context.getType() !== 'http',
      getTracker: (req) => this.of(req as Request).key,
      // One bucket per client across every route (the default is one per route).
      generateKey: (_context, tracker) => `rate:${tracker}`,
    };
  }
}

/**
 * How many requests an HTTP request is: one, or each message of a JSON-RPC batch posted to `/mcp`
 * (protocol revisions before 2025-06-18 allow batches), so that a batch of tool calls costs what
 * the calls would one by one (docs/api.md#rate-limits).
 */
function requestsIn(request: Request): number {
  return Array.isArray(request.body) ? Math.max(1, request.body.length) : 1;
}

/**
 * The throttler's guard with the IETF fields of docs/api.md#rate-limit-headers-and-429
 * (`RateLimit-Policy`, `RateLimit`, `Retry-After`) instead of its `X-RateLimit-*`, and the
 * contract's error body on 429. Routes that are not counted (site pages, operations) carry the
 * library's `@SkipThrottle()`.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly metrics: Metrics,
  ) {
    super(options, storage, reflector);
  }

  /**
   * The IETF fields (docs/api.md#rate-limit-headers-and-429) instead of the throttler's
   * `X-RateLimit-*`, and our error body.
   */
  protected override async handleRequest(props: ThrottlerRequest): Promise<boolean> {
    const { context, limit, ttl, throttler, blockDuration, getTracker, generateKey } = props;
    const { req, res } = this.getRequestResponse(context) as { req: Request; res: Response };
    const key = generateKey(context, await getTracker(req, context), throttler.name!);
    const count = () =>
      this.storageService.increment(key, ttl, limit, blockDuration, throttler.name!);
    // A batch counts each of its requests, until one is refused: past that, more change nothing.
    let record = await count();
    for (let counted = 1; counted < requestsIn(req) && !record.isBlocked; counted++) {
      record = await count();
    }
    const reset = record.timeToExpire;
    res.setHeader('RateLimit-Policy', `"default";q=${limit};w=${ttl / 1000}`);
    res.setHeader('RateLimit', `"default";r=${Math.max(0, limit - record.totalHits)};t=${reset}`);
    if (record.isBlocked) {
      res.setHeader('Retry-After', String(reset));
      this.metrics.countRejection();
      throw new DomainError(
        'rate_limited',
        `Rate limit exceeded: ${limit} requests per minute. Retry after ${reset} seconds.`,
      );
    }
    return true;
  }
}
