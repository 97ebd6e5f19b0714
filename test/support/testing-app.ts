import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import type { ModuleMetadata } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';

/**
 * One piece of the pipeline (a guard, an interceptor, a filter) in a testing module of its own, with
 * the stub routes a spec declares, served on a free port of 127.0.0.1: the unit specs of `src/edge/`
 * and `src/ops/` ask it what a request gets, nothing else of the app booted.
 */

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent: node:http decodes no content coding. */
  body: Buffer;
  text: string;
  json(): any;
}

export interface Served {
  app: NestExpressApplication;
  url: string;
  request(path: string, init?: SendInit): Promise<Reply>;
  close(): Promise<void>;
}

export async function serveModule(
  metadata: ModuleMetadata,
  /** What the app needs before it listens (Express settings, a middleware of the test's own). */
  prepare?: (app: NestExpressApplication) => void,
): Promise<Served> {
  const module = await Test.createTestingModule(metadata).compile();
  const app = module.createNestApplication<NestExpressApplication>({
    logger: false,
    bodyParser: false,
  });
  prepare?.(app);
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  return {
    app,
    url,
    request: (path, init) => send(`${url}${path}`, init),
    close: () => app.close(),
  };
}

export interface SendInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One request on a connection of its own, its answer as sent. */
export function send(
  url: string,
  { method = 'GET', headers = {}, body }: SendInit = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const text = body.toString('utf8');
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          body,
          text,
          json: () => JSON.parse(text),
        });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}
