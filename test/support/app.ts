import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { type AppOptions, startApp } from '../../src/bootstrap';

export const DATA_DIR = join(__dirname, '..', '..', 'data');

export interface TestApp {
  app: NestExpressApplication;
  url: string;
  get(path: string, init?: RequestInit): Promise<Response>;
  /** GET and parse the JSON body, whatever the status. */
  json(path: string, init?: RequestInit): Promise<any>;
  close(): Promise<void>;
}

/** Boots the real app on a free port of 127.0.0.1, as production runs it. */
export async function startTestApp(options: AppOptions = {}): Promise<TestApp> {
  const { app, url } = await startApp({
    logger: false,
    ...options,
    env: { PORT: '0', HOST: '127.0.0.1', PUBLIC_URL: 'http://localhost:3000', ...options.env },
  });
  return {
    app,
    url,
    get: (path, init) => fetch(`${url}${path}`, init),
    json: async (path, init) => (await fetch(`${url}${path}`, init)).json(),
    close: () => app.close(),
  };
}

/** A private copy of the shipped data, for tests that edit files. */
export function copyOfData(): string {
  const dir = mkdtempSync(join(tmpdir(), 'course-finder-data-'));
  cpSync(DATA_DIR, dir, { recursive: true });
  return dir;
}
