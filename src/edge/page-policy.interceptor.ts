import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';
import { NO_STORE, type NoStorePolicy, type PagePolicy, SERVES_PAGES } from './policies';
import { SecurityHeaders } from './security-headers';

/**
 * Puts a page's security headers on the responses of routes marked `@ServesPages()`; a page whose
 * address holds answers (`@NoStore()`) sends no `Referer` at all, not even to its own files, so
 * that no log on the way keeps them (docs/privacy.md#caches).
 */
@Injectable()
export class PagePolicyInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly headers: SecurityHeaders,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const policy = this.reflector.getAllAndOverride<PagePolicy | undefined>(SERVES_PAGES, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (policy) {
      const http = context.switchToHttp();
      const request = http.getRequest<Request>();
      const response = http.getResponse<Response>();
      this.headers.applyPagePolicy(policy, request, response);
      const answers = this.reflector.get<NoStorePolicy | undefined>(NO_STORE, context.getHandler());
      if (answers && (answers.holdsAnswers?.(request) ?? true)) {
        response.setHeader('Referrer-Policy', 'no-referrer');
      }
    }
    return next.handle();
  }
}
