import {
  Controller,
  Get,
  Header,
  HttpException,
  Logger,
  NotFoundException,
  Param,
  PayloadTooLargeException,
  Res,
} from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import type { Response } from 'express';
import { type Served, serveModule } from '../../test/support/testing-app';
import { DomainError, type ErrorCode } from '../core/domain-error';
import { HttpErrorFilter, NOT_FOUND_PAGE, type NotFoundPage } from './http-error.filter';
import { SecurityHeaders } from './security-headers';

/**
 * Every error as the contract's body (docs/api.md#errors), and the site's 404 page for a person,
 * as a request meets them: routes of the spec's own throw what services, Nest and Express throw.
 */

const page: NotFoundPage = { render: (message) => `<!doctype html><h1>${message}</h1>` };

@Controller()
class Routes {
  @Get('api/v1/domain/:code')
  domain(@Param('code') code: ErrorCode) {
    throw new DomainError(
      code,
      `A ${code}.`,
      code === 'not_found' ? { missing: ['x'] } : undefined,
    );
  }

  @Get('api/v1/http/:status')
  http(@Param('status') status: string) {
    throw new HttpException('library text', Number(status));
  }

  @Get('api/v1/too-large')
  tooLarge() {
    throw new PayloadTooLargeException();
  }

  @Get('api/v1/express/:expose')
  express(@Param('expose') expose: string) {
    // As body-parser and Express's other middleware mark what they refuse.
    throw Object.assign(new Error('request entity too large at /secret/parser.js'), {
      status: 413,
      expose: expose === 'true',
    });
  }

  @Get('api/v1/bug')
  bug() {
    throw new TypeError('undefined is not a function at /srv/secret/module.ts:12');
  }

  @Get('api/v1/markdown-then-bug')
  @Header('Content-Type', 'text/markdown; charset=utf-8')
  markdownThenBug() {
    throw new Error('late');
  }

  @Get('api/v1/own-allow')
  ownAllow(@Res() response: Response) {
    response.setHeader('Allow', 'GET, POST');
    throw new DomainError('method_not_allowed', 'Method not allowed.');
  }

  @Get('api/v1/half-sent')
  halfSent(@Res() response: Response) {
    response.status(200).write('part of an answer');
    throw new Error('after the headers');
  }

  @Get('ai-seo-courses/gone')
  gonePage() {
    throw new NotFoundException();
  }
}

let served: Served;
beforeAll(async () => {
  // A 500 is logged with its stack: not this spec's subject.
  Logger.overrideLogger(false);
  served = await serveModule({
    controllers: [Routes],
    providers: [
      { provide: SecurityHeaders, useValue: new SecurityHeaders('http://localhost:3000') },
      { provide: NOT_FOUND_PAGE, useValue: page },
      { provide: APP_FILTER, useClass: HttpErrorFilter },
    ],
  });
});
afterAll(() => served.close());

const HTML = { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

function expectErrorHeaders(response: { headers: Record<string, unknown> }) {
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
}

describe('a service’s DomainError', () => {
  it.each([
    ['not_found', 404],
    ['invalid_parameters', 422],
    ['invalid_answers', 422],
    ['forbidden', 403],
    ['rate_limited', 429],
    ['method_not_allowed', 405],
    ['bad_request', 400],
    ['internal_error', 500],
  ])('%s is %i, its code, message and details as thrown', async (code, status) => {
    const response = await served.request(`/api/v1/domain/${code}`);
    expect(response.status).toBe(status);
    expectErrorHeaders(response);
    expect(response.json()).toEqual({
      error: {
        code,
        message: `A ${code}.`,
        ...(code === 'not_found' ? { details: { missing: ['x'] } } : {}),
      },
    });
  });
});

describe('what Nest and Express throw', () => {
  it.each([
    [400, 'bad_request', 'The request could not be read.'],
    [404, 'not_found', 'No resource at this path.'],
    [405, 'method_not_allowed', 'Method not allowed.'],
    [408, 'bad_request', 'The request took too long to arrive.'],
    [414, 'bad_request', 'The request URL is too long.'],
    [418, 'bad_request', 'The request could not be read.'],
    [429, 'rate_limited', 'Rate limit exceeded.'],
    [431, 'bad_request', 'The request headers are too large.'],
    [503, 'internal_error', 'Internal server error.'],
  ])('an HttpException %i is %s, in the service’s words', async (status, code, message) => {
    const response = await served.request(`/api/v1/http/${status}`);
    expect(response.status).toBe(status === 503 ? 500 : status);
    expectErrorHeaders(response);
    expect(response.json()).toEqual({ error: { code, message } });
  });

  it('a 413 of Nest or of Express middleware is bad_request; an error not marked for clients is 500', async () => {
    const tooLarge = { error: { code: 'bad_request', message: 'The request body is too large.' } };
    for (const path of ['/api/v1/too-large', '/api/v1/express/true']) {
      const response = await served.request(path);
      expect([path, response.status, response.json()]).toEqual([path, 413, tooLarge]);
    }
    const hidden = await served.request('/api/v1/express/false');
    expect(hidden.status).toBe(500);
  });

  it('405 says the methods allowed, unless the route said its own', async () => {
    const response = await served.request('/api/v1/http/405');
    expect(response.headers['allow']).toBe('GET, HEAD, OPTIONS');
    expect((await served.request('/api/v1/own-allow')).headers['allow']).toBe('GET, POST');
  });
});

describe('a bug', () => {
  it('is a 500 with a generic message: no stack, path or library text', async () => {
    const response = await served.request('/api/v1/bug');
    expect(response.status).toBe(500);
    expectErrorHeaders(response);
    expect(response.json()).toEqual({
      error: { code: 'internal_error', message: 'Internal server error.' },
    });
    expect(response.text).not.toMatch(/secret|TypeError|function/);
  });

  it('after the handler typed its answer, is still JSON', async () => {
    const response = await served.request('/api/v1/markdown-then-bug');
    expect(response.status).toBe(500);
    expectErrorHeaders(response);
  });

  it('after the headers went out, ends the response as it stands', async () => {
    const response = await served.request('/api/v1/half-sent');
    expect(response.status).toBe(200);
    expect(response.text).toBe('part of an answer');
  });
});

describe('a path with nothing at it', () => {
  it('is the site’s 404 page for a browser outside the API and /mcp', async () => {
    for (const path of ['/nothing-here', '/ai-seo-courses/gone']) {
      const response = await served.request(path, { headers: HTML });
      expect([path, response.status]).toEqual([path, 404]);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['vary']).toBe('Accept');
      // A page's policy: its own files only.
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.text).toBe(page.render('No resource at this path.'));
    }
  });

  it.each(['/api/v1/nothing-here', '/api/v1', '/API/v1/x', '/mcp', '/mcp/'])(
    'is the JSON body under %s, even for a browser',
    async (path) => {
      const response = await served.request(path, { headers: HTML });
      expect(response.status).toBe(404);
      expectErrorHeaders(response);
      expect(response.json()).toEqual({
        error: { code: 'not_found', message: 'No resource at this path.' },
      });
    },
  );

  it('is the JSON body for a client that prefers JSON, and says it varies on Accept', async () => {
    for (const accept of ['application/json', '*/*']) {
      const response = await served.request('/nothing-here', { headers: { Accept: accept } });
      expect(response.status).toBe(404);
      expectErrorHeaders(response);
      expect(response.headers['vary']).toBe('Accept');
      expect(response.json().error.code).toBe('not_found');
    }
  });
});
