import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogService } from '../src/catalog/catalog.service';
import { DistributionService, WORKER_FILE } from '../src/recommendations/distribution.service';
import { copyOfData, startTestApp, type TestApp } from './support/app';
import { onShippedDay, TestClock } from './support/clock';
import { logCapture } from './support/edge';

/**
 * The methodology page's spread of matches, computed in its one worker thread per catalog version
 * (docs/architecture.md#the-one-worker): the page is served without it, uncached, until it is
 * ready; it follows the data and the date; a worker that fails or runs past its time limit is
 * logged once and the page says so.
 */

const HTML = { headers: { Accept: 'text/html' } };
/** The real worker, not the suites' cache of its answers: this suite is about it. */
const REAL_WORKER = { file: WORKER_FILE, timeLimitMs: 60_000 };
const PAGE = '/ai-seo-courses/methodology';
const NBSP = '\u00a0';

/** A worker script of the test's own, in place of the real one. */
function workerScript(source: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'spread-worker-')), 'worker.js');
  writeFileSync(file, source);
  return file;
}

async function page(t: TestApp) {
  const response = await t.get(PAGE, HTML);
  expect(response.status).toBe(200);
  return { cacheControl: response.headers.get('cache-control'), body: await response.text() };
}

it('is served without the spread and uncached while it is computed, then with it and cacheable', async () => {
  const hangs = workerScript('setInterval(() => undefined, 1000);');
  const t = await startTestApp({ spreadWorker: { file: hangs, timeLimitMs: 60_000 } });
  try {
    const pending = await page(t);
    expect(pending.cacheControl).toBe('no-store');
    expect(pending.body).toContain('is being worked out');
    expect(pending.body).toContain('Main objective (');
    expect(pending.body).not.toContain('distribution-chart');
  } finally {
    await t.close();
  }
  const real = await startTestApp({ spreadWorker: REAL_WORKER });
  try {
    const dist = await real.app.get(DistributionService).settled();
    expect(dist?.combinations).toBe(7560);
    const ready = await page(real);
    expect(ready.cacheControl).toBe('public, max-age=300');
    expect(ready.body).toContain('distribution-chart');
    expect(ready.body).not.toContain('is being worked out');
  } finally {
    await real.close();
  }
});

it('follows a reload: the page shows the spread of the new data', async () => {
  const dir = copyOfData();
  const t = await startTestApp({ env: { DATA_DIR: dir }, spreadWorker: REAL_WORKER });
  try {
    await t.app.get(DistributionService).settled();
    const file = join(dir, 'methodology.json');
    const methodology = JSON.parse(readFileSync(file, 'utf8'));
    methodology.weights.objective = 7;
    methodology.match_threshold = 40;
    writeFileSync(file, JSON.stringify(methodology));
    expect(t.app.get(CatalogService).reload()).toBe(true);
    expect((await page(t)).body).toContain('is being worked out');
    await t.app.get(DistributionService).settled();
    const { body } = await page(t);
    expect(body).toContain('Main objective (7 points)');
    expect(body).toContain(`40–49${NBSP}%`);
  } finally {
    await t.close();
  }
});

it('follows the date: a new UTC day computes it again', async () => {
  const clock = new TestClock(onShippedDay('23:59:00'));
  const t = await startTestApp({ clock, spreadWorker: REAL_WORKER });
  try {
    const before = await t.app.get(DistributionService).settled();
    expect((await page(t)).body).toContain('distribution-chart');
    clock.current = onShippedDay('00:01:00', 1);
    expect((await page(t)).body).toContain('is being worked out');
    expect(await t.app.get(DistributionService).settled()).toEqual(before);
    expect((await page(t)).body).toContain('distribution-chart');
  } finally {
    await t.close();
  }
});

it.each([
  [
    'fails',
    workerScript("throw new Error('worker ran out of memory');"),
    60_000,
    'worker ran out of memory',
  ],
  ['exits without an answer', workerScript('process.exit(3);'), 60_000, 'exit code 3'],
  [
    'runs past its time limit',
    workerScript('setInterval(() => undefined, 1000);'),
    50,
    'it took longer than 0.05 s',
  ],
])(
  'when the worker %s, the page is served without the spread, saying so, and it is logged once',
  async (_, file, limit, logged) => {
    const log = logCapture();
    const t = await startTestApp({
      logStream: log.stream,
      spreadWorker: { file, timeLimitMs: limit },
    });
    try {
      expect(await t.app.get(DistributionService).settled()).toBeUndefined();
      for (const _ of [1, 2]) {
        const { body } = await page(t);
        expect(body).toContain('could not be worked out');
        expect(body).not.toContain('distribution-chart');
      }
      const failures = log.entries().filter((entry) => entry.msg.includes(logged));
      expect(failures).toHaveLength(1);
      expect(failures[0].level).toBe(50);
    } finally {
      await t.close();
    }
  },
);
