import { join } from 'node:path';
import { Global, Module } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { type AppOptions, startApp } from '../../src/bootstrap';
import {
  DISTRIBUTION_WORKER,
  type DistributionWorker,
  WORKER_TIME_LIMIT_MS,
} from '../../src/recommendations/distribution.service';
import { OpenApiDocument } from '../../src/openapi/openapi.controller';
import { type Contract, contractFor } from './contract';

// The data files, kept apart so that the unit specs read them without loading the app.
export { copyOfData, DATA_DIR } from './data-dir';
/** Files tests generate (documents, clients); git-ignored. */
export const OUTPUT_DIR = join(__dirname, '..', '..', 'test-output');

/**
 * The citation a test app gives (docs/data.md: data/policies.json's text, `{canonical_url}` filled
 * in with the site's list page of PUBLIC_URL).
 */
export const CITATION =
  'Course Finder, "AI SEO Courses" dataset, http://localhost:3000/ai-seo-courses. Facts as of each course\'s last-verified date.';

export interface TestApp {
  app: NestExpressApplication;
  url: string;
  /** `/metrics`: on the app's own port, or on METRICS_PORT when a test sets it. */
  metricsUrl: string;
  /** GET (or `init.method`); rejects when an API response is outside the OpenAPI document. */
  get(path: string, init?: RequestInit): Promise<Response>;
  /** GET and parse the JSON body, whatever the status. */
  json(path: string, init?: RequestInit): Promise<any>;
  close(): Promise<void>;
  /** The service's own OpenAPI document, every response of `get`/`json` is held to. */
  contract: Contract;
}

export interface TestAppOptions extends AppOptions {
  /**
   * The methodology page's worker. By default the real one behind a cache of its answers
   * (spread-worker.cjs): the same spread, computed once per dataset for all the suites.
   */
  spreadWorker?: DistributionWorker;
}

const KEPT_SPREADS: DistributionWorker = {
  file: join(__dirname, 'spread-worker.cjs'),
  timeLimitMs: WORKER_TIME_LIMIT_MS,
};

function spreadWorker(worker: DistributionWorker) {
  @Global()
  @Module({
    providers: [{ provide: DISTRIBUTION_WORKER, useValue: worker }],
    exports: [DISTRIBUTION_WORKER],
  })
  class SpreadWorker {}
  return SpreadWorker;
}

/**
 * Boots the real app on a free port of 127.0.0.1, as production runs it. Every API response
 * fetched through `get`/`json` is checked against the OpenAPI document the app serves, so every
 * e2e test is also a contract test.
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { spreadWorker: worker = KEPT_SPREADS, ...appOptions } = options;
  const { app, url, metricsUrl } = await startApp({
    logger: false,
    ...appOptions,
    imports: [spreadWorker(worker), ...(appOptions.imports ?? [])],
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:3000',
      // Suites about something else must not trip the limiter; rate-limit tests set their own.
      RATE_LIMIT_PER_IP: '1000000',
      // Off the network: suites about the range files serve them locally and set `fetch`.
      ASSISTANT_RANGES: 'static',
      ...options.env,
    },
  });
  // The document the app serves at /api/v1/openapi.json, taken in-process so that no test's
  // request count (rate limits) includes it.
  const contract = contractFor(JSON.stringify(app.get(OpenApiDocument).get()));
  const get = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${url}${path}`, init);
    contract.check({
      method: init?.method ?? 'GET',
      url: response.url,
      status: response.status,
      contentType: response.headers.get('content-type'),
      body: await response.clone().text(),
    });
    return response;
  };
  return {
    app,
    url,
    metricsUrl,
    get,
    json: async (path, init) => (await get(path, init)).json(),
    close: () => app.close(),
    contract,
  };
}
