import { Global, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { HttpErrorFilter } from './http-error.filter';
import { MethodNotAllowedMiddleware } from './method-not-allowed.middleware';
import { InputValidationPipe } from './validation/input-validation.pipe';

/** Cross-cutting HTTP pieces, registered as APP_* providers so tests behave like production. */
@Global()
@Module({
  providers: [
    { provide: APP_FILTER, useClass: HttpErrorFilter },
    // Every controller input is an input class validated here, from the query string's text.
    { provide: APP_PIPE, useValue: new InputValidationPipe('query') },
  ],
})
export class CoreModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(MethodNotAllowedMiddleware).forRoutes('{*path}');
  }
}
