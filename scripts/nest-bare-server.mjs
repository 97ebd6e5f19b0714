// A bare Nest app on Express, the framework's share for the bench (docs/benchmarks.md): one
// controller answering GET /api/v1/courses with the bytes and headers the service sent for it
// (given as a JSON file: `{ headers, body }`, the body in base64; every header but the
// connection's own), through Nest's router and Express's `res.send` of a Buffer read once, and
// nothing else: no guard, interceptor, pipe, middleware or log. Express's `res.send` answers 304
// when `If-None-Match` matches the recorded ETag, as the service does.
//
// With `hooks`, the same bytes through the hooks the service's pipeline stands on, each doing
// nothing (`nest-hooks`): six middleware applied with a MiddlewareConsumer for every path, a
// global guard that lets every request through, four global interceptors that pass the handler's
// result on, a global pipe over the query, and the answer written as the service's response cache
// writes it (the bytes on the response, then Nest's own reply). What Nest costs for the pipeline's
// shape, before any of its work.
//
//   node scripts/nest-bare-server.mjs PORT RESPONSE.json [hooks]
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { Controller, Get, Injectable, Module, Query, Res } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR, APP_PIPE, NestFactory } from '@nestjs/core';

const [port, file, mode] = process.argv.slice(2);
const recorded = JSON.parse(readFileSync(file, 'utf8'));
const body = Buffer.from(recorded.body, 'base64');
const headers = Object.entries(recorded.headers);

// Decorators applied as functions: this file is plain JavaScript.
const method = (target, name) => Object.getOwnPropertyDescriptor(target.prototype, name);

class BareController {
  list(response) {
    for (const [name, value] of headers) response.setHeader(name, value);
    response.send(body);
  }
}
Res()(BareController.prototype, 'list', 0);
Get('courses')(BareController.prototype, 'list', method(BareController, 'list'));
Controller('api/v1')(BareController);

class HooksController {
  list(_query, response) {
    for (const [name, value] of headers) response.setHeader(name, value);
    response.setHeader('Content-Length', body.length);
    response.write(body);
  }
}
Query()(HooksController.prototype, 'list', 0);
Res({ passthrough: true })(HooksController.prototype, 'list', 1);
Get('courses')(HooksController.prototype, 'list', method(HooksController, 'list'));
Controller('api/v1')(HooksController);

class Allow {
  canActivate() {
    return true;
  }
}
class Pass {
  intercept(_context, next) {
    return next.handle();
  }
}
class Same {
  transform(value) {
    return value;
  }
}
for (const hook of [Allow, Pass, Same]) Injectable()(hook);
const onward = (_request, _response, next) => next();

class BareModule {}
class HooksModule {
  configure(consumer) {
    consumer.apply(onward, onward, onward, onward, onward, onward).forRoutes('/');
  }
}
Module({ controllers: [BareController] })(BareModule);
Module({
  controllers: [HooksController],
  providers: [
    { provide: APP_GUARD, useClass: Allow },
    ...Array.from({ length: 4 }, () => ({ provide: APP_INTERCEPTOR, useClass: Pass })),
    { provide: APP_PIPE, useClass: Same },
  ],
})(HooksModule);

const app = await NestFactory.create(mode === 'hooks' ? HooksModule : BareModule, {
  logger: false,
});
app.getHttpAdapter().getInstance().set('etag', false);
await app.listen(Number(port), '127.0.0.1');
process.send?.('ready');
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
