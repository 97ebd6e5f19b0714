// A bare Nest app on Express, the framework's share for the bench (docs/benchmarks.md): one
// controller answering GET /api/v1/courses with the bytes and headers the service sent for it
// (given as a JSON file: `{ headers, body }`, the body in base64; every header but the
// connection's own), through Nest's router and Express's `res.send` of a Buffer read once, and
// nothing else: no guard, interceptor, pipe, middleware or log. Express's `res.send` answers 304
// when `If-None-Match` matches the recorded ETag, as the service does.
//
//   node scripts/nest-bare-server.mjs PORT RESPONSE.json
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { Controller, Get, Module, Res } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

const [port, file] = process.argv.slice(2);
const recorded = JSON.parse(readFileSync(file, 'utf8'));
const body = Buffer.from(recorded.body, 'base64');
const headers = Object.entries(recorded.headers);

// Decorators applied as functions: this file is plain JavaScript.
class BareController {
  list(response) {
    for (const [name, value] of headers) response.setHeader(name, value);
    response.send(body);
  }
}
const list = Object.getOwnPropertyDescriptor(BareController.prototype, 'list');
Res()(BareController.prototype, 'list', 0);
Get('courses')(BareController.prototype, 'list', list);
Controller('api/v1')(BareController);
class BareModule {}
Module({ controllers: [BareController] })(BareModule);

const app = await NestFactory.create(BareModule, { logger: false });
app.getHttpAdapter().getInstance().set('etag', false);
await app.listen(Number(port), '127.0.0.1');
process.send?.('ready');
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
