import { Global, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { HttpErrorFilter } from './http-error.filter';
import { MethodNotAllowedMiddleware } from './method-not-allowed.middleware';

/** Cross-cutting HTTP pieces, registered as APP_* providers so tests behave like production. */
@Global()
@Module({ providers: [{ provide: APP_FILTER, useClass: HttpErrorFilter }] })
export class CoreModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(MethodNotAllowedMiddleware).forRoutes('{*path}');
  }
}
