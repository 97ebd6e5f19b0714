import type { Server } from 'node:http';
import express from 'express';
import { rawRequest } from '../../test/support/raw-http';
import { send } from '../../test/support/testing-app';
import { redirectToOneUrl } from './redirects.middleware';

/**
 * One URL per answer (docs/api.md#addresses), as Express runs the middleware: a request it does not
 * redirect reaches the route behind it, which answers `reached`.
 */

let server: Server;
let url: string;
beforeAll(async () => {
  const app = express();
  app.use(redirectToOneUrl);
  app.use((request, response) => response.send(`reached ${request.method} ${request.originalUrl}`));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const request = (target: string, method = 'GET') => send(`${url}${target}`, { method });

// Public like the answer it leads to, unless the URL has a query: the redirect comes before the
// route, which alone knows whether its query holds answers.
const PUBLIC = 'public, max-age=300';
it.each([
  ['/api/v1/courses/some-course/', '/api/v1/courses/some-course', PUBLIC],
  ['/api/v1/courses///', '/api/v1/courses', PUBLIC],
  ['/ai-seo-courses/', '/ai-seo-courses', PUBLIC],
  ['/api', '/api/v1', PUBLIC],
  ['/API/', '/api/v1', PUBLIC],
  [
    '/api/v1/courses/?level=beginner&sort=price-asc',
    '/api/v1/courses?level=beginner&sort=price-asc',
    'no-store',
  ],
  ['/api//?x=1', '/api/v1?x=1', 'no-store'],
  [
    '/ai-seo-courses/finder/?experience=beginner',
    '/ai-seo-courses/finder?experience=beginner',
    'no-store',
  ],
])('GET %s is 308 to %s, Cache-Control: %s', async (from, to, cacheControl) => {
  const response = await request(from);
  expect(response.status).toBe(308);
  expect(response.headers['location']).toBe(to);
  expect(response.headers['cache-control']).toBe(cacheControl);
});

it('redirects HEAD as GET', async () => {
  const response = await request('/ai-seo-courses/', 'HEAD');
  expect([response.status, response.headers['location']]).toEqual([308, '/ai-seo-courses']);
});

it.each(['OPTIONS', 'POST', 'DELETE'])(
  'never redirects %s (a preflight cannot follow)',
  async (method) => {
    const response = await request('/api/v1/courses/', method);
    expect(response.status).toBe(200);
    expect(response.text).toBe(`reached ${method} /api/v1/courses/`);
  },
);

it.each(['/', '/api/v1', '/api/v1/courses', '/api/v1/courses?q=a/', '/ai-seo-courses.json'])(
  'leaves %s, which has one URL already, to its route',
  async (path) => {
    const response = await request(path);
    expect(response.status).toBe(200);
    expect(response.text).toBe(`reached GET ${path}`);
  },
);

it.each([
  ['//evil.example/', '/evil.example'],
  ['/\\evil.example/', '/evil.example'],
  ['///evil.example//', '/evil.example'],
])('sends %s to a path of this origin (%s), never to //host', async (from, to) => {
  const response = await request(from);
  expect(response.status).toBe(308);
  expect(response.headers['location']).toBe(to);
});

it('takes the path as routed from an absolute-form target, not its host', async () => {
  const response = await rawRequest(
    url,
    'GET http://evil.example/ai-seo-courses/ HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n',
  );
  expect([response.status, response.headers['location']]).toEqual([308, '/ai-seo-courses']);
});
