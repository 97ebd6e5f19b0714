import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import type { Request } from 'express';
import { type Observable, of } from 'rxjs';
import { RecommendationsService } from './recommendations.service';

/**
 * Answers a valid set of answers from the table of every combination, as Nest's CacheInterceptor
 * answers from its store, except that nothing here was stored by a request (decisions §8). The
 * handler, with its validation pipe, runs for whatever the table cannot answer: a query that is not
 * exactly six allowed answers (422 `invalid_answers`), or data whose table is still being built.
 */
@Injectable()
export class RecommendationTableInterceptor implements NestInterceptor {
  constructor(private readonly recommendations: RecommendationsService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const query = context.switchToHttp().getRequest<Request>().query;
    const encoded = this.recommendations.fromTable(query);
    return encoded ? of(encoded) : next.handle();
  }
}
