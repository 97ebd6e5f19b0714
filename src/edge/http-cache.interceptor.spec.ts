import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CacheModule } from '@nestjs/cache-manager';
import { Controller, Get, HttpCode, NotFoundException, Post, Req, Res } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import type { Request, Response } from 'express';
import { Keyv } from 'keyv';
import { type Served, serveModule } from '../../test/support/testing-app';
import { CatalogService } from '../catalog/catalog.service';
import { type CachedAnswer, HttpCacheInterceptor } from './http-cache.interceptor';
import { NoStore, VaryOn } from './policies';

/**
 * The response cache (docs/api.md#caching-and-conditional-requests, #compression) as a request
 * meets it, on routes of the spec's own that count their calls: the kept answer, the 304, the
 * codings, and routes marked `@NoStore()` or `@VaryOn()`. The catalog is reduced to its version,
 * the one thing the cache reads of it.
 */

const calls: Record<string, number> = {};
const count = (route: string) => (calls[route] = (calls[route] ?? 0) + 1);
/** Over 1 KB as JSON: compressed when a client asks. */
const words = () => Array.from({ length: 300 }, (_, i) => `word ${i}`);

@Controller('t')
class Routes {
  @Get('big')
  big() {
    count('big');
    return { words: words() };
  }

  /** A body of its own per URL. */
  @Get('echo')
  echo(@Req() request: Request) {
    count('echo');
    return { asked: request.query, words: words() };
  }

  @Get('small')
  small() {
    count('small');
    return { small: true };
  }

  // Set with Node's own setHeader: Nest's @Header would set them again on every request, and
  // Express's `res.set` would add the charset itself.
  @Get('markdown')
  markdown(@Res({ passthrough: true }) response: Response) {
    count('markdown');
    response.setHeader('Content-Type', 'text/markdown');
    response.setHeader('Link', '</t/big>; rel="next"');
    return '# Title\n';
  }

  @Get('html')
  html() {
    return '<p>A page</p>';
  }

  @Get('answers')
  @NoStore()
  answers(@Req() request: Request) {
    count('answers');
    return { asked: request.query, words: words() };
  }

  @Get('negotiated')
  @VaryOn('Accept')
  negotiated(@Req() request: Request) {
    count('negotiated');
    return { for: request.get('accept') ?? null };
  }

  @Get('own')
  own(@Res({ passthrough: true }) response: Response) {
    count('own');
    response.setHeader('Cache-Control', 'no-store');
    return { words: words() };
  }

  @Get('accepted')
  @HttpCode(202)
  accepted() {
    count('accepted');
    return { words: words() };
  }

  @Get('missing')
  missing() {
    count('missing');
    throw new NotFoundException();
  }

  @Post('big')
  post() {
    return { posted: true };
  }
}

const catalog = { version: 'v1' };
/** The cache's store: what it keeps, read as any Map. */
const kept = new Map<string, { value: CachedAnswer }>();

let served: Served;
beforeAll(async () => {
  served = await serveModule(
    {
      imports: [
        // As the edge keeps answers: as they are, not serialised.
        CacheModule.register({
          stores: [new Keyv({ store: kept, serialize: undefined, deserialize: undefined })],
        }),
      ],
      controllers: [Routes],
      providers: [
        { provide: CatalogService, useValue: { current: () => ({ version: catalog.version }) } },
        { provide: APP_INTERCEPTOR, useClass: HttpCacheInterceptor },
      ],
    },
    // As the edge sets Express: the tags are the cache's, Express makes none.
    (app) => app.set('etag', false),
  );
});
afterAll(() => served.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  served.request(path, { headers });
const tagOf = (bytes: Buffer | string) =>
  `W/"${createHash('sha1').update(bytes).digest('base64url')}"`;

describe('a kept answer', () => {
  it('is a 200 with a weak ETag of its bytes, cacheable by anyone for 5 minutes', async () => {
    const response = await get('/t/big?first');
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ words: words() });
    expect(response.headers['etag']).toBe(tagOf(response.body));
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-length']).toBe(String(response.body.length));
  });

  it('answers the next request for its URL without the handler, its parameters in any order', async () => {
    const first = await get('/t/big?a=1&b=2');
    const before = calls.big;
    const again = await get('/t/big?b=2&a=1');
    expect(calls.big).toBe(before);
    expect(again.body.equals(first.body)).toBe(true);
    expect(again.headers['etag']).toBe(first.headers['etag']);
    await get('/t/big?a=1&b=3');
    expect(calls.big).toBe(before + 1);
  });

  it('is kept per catalog version', async () => {
    await get('/t/big?versioned');
    const before = calls.big;
    catalog.version = 'v2';
    try {
      await get('/t/big?versioned');
      expect(calls.big).toBe(before + 1);
    } finally {
      catalog.version = 'v1';
    }
  });

  it('keeps the headers that describe it; a text keeps its type, with UTF-8 said', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await get('/t/markdown');
      expect(response.text).toBe('# Title\n');
      expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
      expect(response.headers['link']).toBe('</t/big>; rel="next"');
    }
    expect(calls.markdown).toBe(1);
    expect((await get('/t/html')).headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('is sent without its body to HEAD, with the headers GET gets', async () => {
    const full = await get('/t/big?head', { 'Accept-Encoding': 'gzip' });
    const head = await served.request('/t/big?head', {
      method: 'HEAD',
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of ['etag', 'cache-control', 'content-encoding', 'content-length', 'vary']) {
      expect([name, head.headers[name]]).toEqual([name, full.headers[name]]);
    }
  });
});

describe('If-None-Match', () => {
  it('is a 304 without a body when it names the current tag, with the tag and Cache-Control', async () => {
    const { headers } = await get('/t/big?conditional');
    const etag = headers['etag']!;
    const strong = etag.slice(2);
    for (const ifNoneMatch of [etag, strong, `W/"other", ${etag}`, '*']) {
      const response = await get('/t/big?conditional', { 'If-None-Match': ifNoneMatch });
      expect([ifNoneMatch, response.status]).toEqual([ifNoneMatch, 304]);
      expect(response.body.length).toBe(0);
      expect(response.headers['etag']).toBe(etag);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
    }
  });

  it('is evaluated whatever the request’s own Cache-Control says (fetch adds no-cache)', async () => {
    const { headers } = await get('/t/big?no-cache');
    const response = await get('/t/big?no-cache', {
      'If-None-Match': headers['etag']!,
      'Cache-Control': 'no-cache',
    });
    expect(response.status).toBe(304);
  });

  it('is a 200 with the body when it names another tag', async () => {
    const response = await get('/t/big?other', { 'If-None-Match': 'W/"other"' });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ words: words() });
  });
});

describe('codings', () => {
  it('sends br or gzip as asked, one tag for every coding, and says it varies', async () => {
    const plain = await get('/t/big?coded', { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBe('Accept-Encoding');

    const br = await get('/t/big?coded', { 'Accept-Encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length);
    expect(br.headers['content-length']).toBe(String(br.body.length));

    const gzip = await get('/t/big?coded', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);

    for (const response of [br, gzip]) {
      expect(response.headers['etag']).toBe(plain.headers['etag']);
      expect(response.headers['vary']).toBe('Accept-Encoding');
    }
  });

  it.each([
    ['gzip, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', undefined],
    ['deflate', undefined],
    ['', undefined],
  ])('Accept-Encoding: %j is sent as %s', async (accept, coding) => {
    const response = await get('/t/big?negotiation', { 'Accept-Encoding': accept });
    expect(response.headers['content-encoding']).toBe(coding);
  });

  it('keeps each coding with the answer once asked for: a kept answer in br runs no handler', async () => {
    const plain = await get('/t/echo?kept-br', { 'Accept-Encoding': 'identity' });
    const keptAnswer = () =>
      [...kept.values()].find(({ value }) => value.etag === plain.headers['etag'])!.value;
    expect(keptAnswer().codings?.br).toBeUndefined();
    const first = await get('/t/echo?kept-br', { 'Accept-Encoding': 'br' });
    expect(keptAnswer().codings?.br?.equals(first.body)).toBe(true);
    expect(calls.echo).toBe(1);
    const again = await get('/t/echo?kept-br', { 'Accept-Encoding': 'br' });
    expect(calls.echo).toBe(1);
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.body.equals(first.body)).toBe(true);
  });

  it('leaves an answer under 1 KB as it is, and does not vary it', async () => {
    const response = await get('/t/small', { 'Accept-Encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['vary']).toBeUndefined();
    expect(response.json()).toEqual({ small: true });
  });
});

describe('@NoStore()', () => {
  it('runs the handler for every request, with the caching headers, 304 and codings all the same', async () => {
    const path = '/t/answers?experience=beginner';
    const first = await get(path, { 'Accept-Encoding': 'identity' });
    const before = calls.answers;
    const again = await get(path, { 'Accept-Encoding': 'identity' });
    expect(calls.answers).toBe(before + 1);
    expect(again.headers['etag']).toBe(tagOf(again.body));
    expect(again.headers['etag']).toBe(first.headers['etag']);
    expect(again.headers['cache-control']).toBe('public, max-age=300');

    const conditional = await get(path, { 'If-None-Match': first.headers['etag']! });
    expect(conditional.status).toBe(304);
    expect(calls.answers).toBe(before + 2);

    const br = await get(path, { 'Accept-Encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(first.body)).toBe(true);
  });
});

describe('@VaryOn()', () => {
  it('names the header in Vary and keeps one answer per value of it', async () => {
    const json = await get('/t/negotiated', { Accept: 'application/json' });
    const markdown = await get('/t/negotiated', { Accept: 'text/markdown' });
    expect(json.json()).toEqual({ for: 'application/json' });
    expect(markdown.json()).toEqual({ for: 'text/markdown' });
    expect(json.headers['vary']?.toLowerCase()).toBe('accept');
    const before = calls.negotiated;
    expect((await get('/t/negotiated', { Accept: 'text/markdown' })).json()).toEqual({
      for: 'text/markdown',
    });
    expect(calls.negotiated).toBe(before);
  });
});

describe('what is not kept', () => {
  it('a handler’s own Cache-Control: left as it is, no tag, no coding, run every time', async () => {
    await get('/t/own');
    const response = await get('/t/own', { 'Accept-Encoding': 'br' });
    expect(calls.own).toBe(2);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['etag']).toBeUndefined();
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('another status than 200: as the handler made it, run every time', async () => {
    await get('/t/accepted');
    const response = await get('/t/accepted', { 'Accept-Encoding': 'br' });
    expect(response.status).toBe(202);
    expect(calls.accepted).toBe(2);
    expect(response.headers['etag']).toBeUndefined();
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('an error: run every time, no tag', async () => {
    const first = await get('/t/missing');
    await get('/t/missing');
    expect(first.status).toBe(404);
    expect(first.headers['etag']).toBeUndefined();
    expect(calls.missing).toBe(2);
  });

  it('another method than GET and HEAD: no-store', async () => {
    const response = await served.request('/t/big', { method: 'POST' });
    expect(response.status).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['etag']).toBeUndefined();
  });
});
