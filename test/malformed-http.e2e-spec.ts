import { errorBodySchema } from '../src/core/envelope.schema';
import { MAX_IF_NONE_MATCH_LENGTH, MAX_URL_LENGTH } from '../src/core/request-limits';
import { startTestApp, type TestApp } from './support/app';
import { rawRequest, type RawResponse } from './support/raw-http';
import { expectValid } from './support/schemas';

/**
 * Requests `fetch` would never send, over bare sockets
 * (docs/api.md#requests-the-service-will-not-read): each gets the contract's error body (Node's own
 * parser refusals included), and the server keeps answering.
 */

/** The slow-client test shortens the header timeout so that it runs in about a second. */
const HEADERS_MS = 1000;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ timeouts: { headersMs: HEADERS_MS, checkEveryMs: 100 } });
});
afterAll(() => t.close());

const get = (target: string, extraHeaders = '') =>
  rawRequest(
    t.url,
    `GET ${target} HTTP/1.1\r\nHost: localhost\r\n${extraHeaders}Connection: close\r\n\r\n`,
  );

const post = (headers: string, body: string) =>
  rawRequest(
    t.url,
    `POST /mcp HTTP/1.1\r\nHost: localhost\r\n${headers}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );

function expectError(response: RawResponse, status: number, code = 'bad_request') {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['access-control-allow-origin']).toBe('*');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  const body = JSON.parse(response.body);
  expectValid(errorBodySchema, body);
  expect(body.error.code).toBe(code);
  return body;
}

describe('invalid percent-encoding', () => {
  it.each([
    '/api/v1/courses/%E0%A4%A',
    '/api/v1/courses/%zz',
    '/ai-seo-courses/%zz',
    '/%zz',
    '/api/v1/%C0%AF',
  ])('in the path %s is 400', async (target) => {
    expectError(await get(target), 400);
  });

  it('in a query value or name is the parameter problem, echoed as sent', async () => {
    const value = expectError(await get('/api/v1/courses?level=%zz'), 422, 'invalid_parameters');
    expect(value.error.details.parameters).toEqual([
      expect.objectContaining({ name: 'level', value: '%zz' }),
    ]);
    // node:querystring keeps what does not decode and replaces a broken UTF-8 sequence.
    const name = expectError(await get('/api/v1/courses?%zz=1'), 422, 'invalid_parameters');
    expect(name.error.details.parameters[0].name).toBe('%zz');
    expectError(await get('/api/v1/courses?%E0%A4%A=1'), 422, 'invalid_parameters');
  });
});

describe('over-long requests', () => {
  it(`a URL over ${MAX_URL_LENGTH} characters is 414`, async () => {
    expectError(await get(`/api/v1/courses?q=${'a'.repeat(MAX_URL_LENGTH)}`), 414);
  });

  it(`an If-None-Match over ${MAX_IF_NONE_MATCH_LENGTH} characters is 431; one of that length is read`, async () => {
    const tags = (length: number) => `"${'a'.repeat(length - 2)}"`;
    const over = await get(
      '/api/v1/courses',
      `If-None-Match: ${tags(MAX_IF_NONE_MATCH_LENGTH + 1)}\r\n`,
    );
    expect(expectError(over, 431).error.message).toBe(
      `If-None-Match is longer than ${MAX_IF_NONE_MATCH_LENGTH} characters.`,
    );
    const longest = await get(
      '/api/v1/courses',
      `If-None-Match: ${tags(MAX_IF_NONE_MATCH_LENGTH)}\r\n`,
    );
    expect(longest.status).toBe(200);
  });

  it("a 16 KB query is over Node's 16 KB limit for the request line and headers: 431", async () => {
    expectError(await get(`/api/v1/courses?q=${'a'.repeat(16 * 1024)}`), 431);
  });

  it('a 100 KB header is 431', async () => {
    expectError(await get('/api/v1/courses', `X-Padding: ${'a'.repeat(100 * 1024)}\r\n`), 431);
  });
});

describe('unreadable request lines', () => {
  it.each([
    ['an unknown method', 'FOO /api/v1/courses HTTP/1.1\r\nHost: localhost\r\n\r\n'],
    ['garbage', 'hello\r\n\r\n'],
    ['an unknown HTTP version', 'GET /api/v1/courses HTTP/9.9\r\nHost: localhost\r\n\r\n'],
    [
      'both Transfer-Encoding and Content-Length (request smuggling)',
      'GET /api/v1/courses HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n',
    ],
    ['a NUL in a header value', 'GET /api/v1/courses HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n'],
    ['a space in the target', 'GET /api/v1/ courses HTTP/1.1\r\nHost: localhost\r\n\r\n'],
    ['a header without a colon', 'GET /api/v1/courses HTTP/1.1\r\nHost localhost\r\n\r\n'],
    [
      'a bad Content-Length',
      'GET /api/v1/courses HTTP/1.1\r\nHost: x\r\nContent-Length: x\r\n\r\n',
    ],
  ])('%s is 400', async (_name, request) => {
    expectError(await rawRequest(t.url, request), 400);
  });

  it('a method Node knows but the service does not serve is 405 with Allow', async () => {
    const response = await rawRequest(
      t.url,
      'PROPFIND /api/v1/courses HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expectError(response, 405, 'method_not_allowed');
    expect(response.headers.allow).toBe('GET, HEAD, OPTIONS');
  });
});

describe('a slow client', () => {
  it(`sending its headers a byte at a time is answered 408 and dropped after ${HEADERS_MS} ms`, async () => {
    const request = `GET /api/v1/courses HTTP/1.1\r\nHost: localhost\r\nX-Slow: ${'a'.repeat(200)}\r\n\r\n`;
    // 100 ms a byte: the whole request would take 25 s to arrive.
    const response = await rawRequest(t.url, [...request], 100);
    expectError(response, 408);
    expect(response.written).toBeLessThan(request.length);
  }, 15_000);
});

describe('MCP bodies', () => {
  const mcpHeaders =
    'Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n';

  it('a body over the 100 KB JSON limit is 413', async () => {
    const huge = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'ping',
      padding: 'x'.repeat(200_000),
    });
    expectError(await post(mcpHeaders, huge), 413);
  });

  it('a body that is not JSON is 400 with JSON-RPC -32700 (no message: -32600), one that is not declared JSON 415', async () => {
    for (const [text, code] of [
      ['{"jsonrpc": "2.0", ', -32700],
      ['null', -32600],
    ] as const) {
      const response = await post(mcpHeaders, text);
      expect(response.status).toBe(400);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(JSON.parse(response.body)).toMatchObject({ id: null, error: { code } });
    }
    expectError(await post('Content-Type: text/plain\r\n', 'ping'), 415);
  });
});

it('keeps answering after all of the above', async () => {
  expect((await t.get('/healthz')).status).toBe(200);
  expect((await t.get('/api/v1/courses')).status).toBe(200);
});
