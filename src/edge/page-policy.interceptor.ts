import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';
import { type PagePolicy, SERVES_PAGES } from './policies';
import { SecurityHeaders } from './security-headers';

/** Puts a page's security headers on the responses of routes marked `@ServesPages()`. */
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
      this.headers.applyPagePolicy(
        policy,
        http.getRequest<Request>(),
        http.getResponse<Response>(),
      );
    }
    return next.handle();
  }
}
