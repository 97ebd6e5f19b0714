import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CatalogService } from '../src/catalog/catalog.service';
import { runWorker } from '../src/core/worker-task';
import { copyOfData, startTestApp } from './support/app';
import { eventually, logCapture } from './support/edge';

/**
 * Work done in worker threads, when a worker is slow or fails: a reload's reading of the data
 * (src/catalog/catalog.service.ts) and the methodology page's spread of matches, computed per
 * version of the data (src/recommendations/distribution.service.ts). The workers are the real
 * ones; this suite only decides when one starts, or that it fails.
 */
jest.mock('../src/core/worker-task', () => {
  const actual = jest.requireActual('../src/core/worker-task');
  return { ...actual, runWorker: jest.fn(actual.runWorker) };
});
const { runWorker: realRunWorker } = jest.requireActual('../src/core/worker-task');
const workers = jest.mocked(runWorker);
const isDistribution = (file: string) => file.includes('distribution');
const isLoad = (file: string) => file.includes('load.worker');

/**
 * Workers the test holds back, at their start or (having read what they read) at their result;
 * each is let go by calling it, in the order the test chooses. `asked` counts the workers asked for.
 */
function holdWorkers(which: (file: string) => boolean, at: 'start' | 'result') {
  const held: (() => void)[] = [];
  const hold = () => new Promise<void>((resolve) => held.push(resolve));
  let asked = 0;
  workers.mockImplementation((file, data, options) => {
    if (!which(file)) return realRunWorker(file, data, options);
    asked++;
    return at === 'start'
      ? hold().then(() => realRunWorker(file, data, options))
      : realRunWorker(file, data, options).then((result: unknown) => hold().then(() => result));
  });
  return { held, asked: () => asked };
}

/** Makes the methodology's objective weigh `points`, in the data directory `dir`. */
function weighObjective(dir: string, points: number, threshold?: number): void {
  const file = join(dir, 'methodology.json');
  const methodology = JSON.parse(readFileSync(file, 'utf8'));
  methodology.weights.objective = points;
  if (threshold !== undefined) methodology.match_threshold = threshold;
  writeFileSync(file, JSON.stringify(methodology));
}

const HTML = { headers: { Accept: 'text/html' } };
const NBSP = '\u00a0';

afterEach(() => workers.mockImplementation(realRunWorker));

it('two reloads asked for at once serve the files the later one read, however the workers finish', async () => {
  const dir = copyOfData();
  const app = await startTestApp({ env: { DATA_DIR: dir } });
  const { held, asked } = holdWorkers(isLoad, 'result');
  try {
    const catalog = app.app.get(CatalogService);
    weighObjective(dir, 6);
    const first = catalog.reload();
    await eventually(async () => held.length === 1);
    weighObjective(dir, 7);
    const second = catalog.reload();
    let done = false;
    void Promise.all([first, second]).then(() => (done = true));
    // Whenever both workers have run at once, the newer one's result is let go first, so that the
    // older would be served last.
    let released = 0;
    while (!done) {
      await eventually(async () => done || (held.length > 0 && held.length === asked() - released));
      held.pop()?.();
      released++;
    }
    await expect(Promise.all([first, second])).resolves.toEqual([true, true]);
    const { data } = await app.json('/api/v1/methodology');
    expect(data.weights.objective).toBe(7);
  } finally {
    await app.close();
  }
});

it('a reload while the spread of matches is computed serves the page of the new data, whole', async () => {
  const { held } = holdWorkers(isDistribution, 'start');
  const dir = copyOfData();
  const app = await startTestApp({ env: { DATA_DIR: dir } });
  try {
    await eventually(async () => held.length === 1);
    const page = app.get('/ai-seo-courses/methodology', HTML);
    weighObjective(dir, 7, 40);
    await expect(app.app.get(CatalogService).reload()).resolves.toBe(true);
    // The new version's worker is asked for; the first one is stopped by the reload.
    await eventually(async () => held.length === 2);
    for (const release of held) release();
    const response = await page;
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain('Main objective (7 points)');
    expect(body).toContain(`40–49${NBSP}%`);
  } finally {
    await app.close();
  }
});

it('when the spread of matches cannot be computed, the methodology page is served without it, saying so, and the failure is logged once', async () => {
  workers.mockImplementation((file, data, options) =>
    isDistribution(file)
      ? Promise.reject(new Error('worker ran out of memory'))
      : realRunWorker(file, data, options),
  );
  const log = logCapture();
  const app = await startTestApp({ logStream: log.stream });
  try {
    for (const _ of [1, 2]) {
      const response = await app.get('/ai-seo-courses/methodology', HTML);
      expect(response.status).toBe(200);
      const body = await response.text();
      expect(body).toContain('Main objective (');
      expect(body).toContain('could not be worked out');
      expect(body).not.toContain('distribution-chart');
    }
    const failures = log.lines().filter((line) => line.includes('worker ran out of memory'));
    expect(failures).toHaveLength(1);
  } finally {
    await app.close();
  }
});
