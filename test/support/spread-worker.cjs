// The methodology page's worker as the end-to-end suites run it (test/support/app.ts): the real one,
// dist/workers/distribution.worker.js, behind a cache of its answers on disk, keyed by the bundle and
// what it is given. The suites start some seventy apps, most on the same data: each spread is
// computed once, where each app would compute it again (a quarter of a second of CPU each). A new
// engine is a new bundle, so a new key.
const { createHash } = require('node:crypto');
const { mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { parentPort, resourceLimits, threadId, Worker, workerData } = require('node:worker_threads');

const ROOT = join(__dirname, '..', '..');
const REAL = join(ROOT, 'dist', 'workers', 'distribution.worker.js');
const KEPT = join(ROOT, 'test-output', 'spreads');

const key = createHash('sha256')
  .update(readFileSync(REAL))
  .update(JSON.stringify(workerData))
  .digest('hex');
const file = join(KEPT, `${key}.json`);

let kept;
try {
  kept = JSON.parse(readFileSync(file, 'utf8'));
} catch {
  kept = undefined;
}
if (kept) {
  parentPort.postMessage(kept);
} else {
  // Within the limits DistributionService gave this thread.
  const real = new Worker(REAL, { workerData, resourceLimits });
  real.once('message', (spread) => {
    mkdirSync(KEPT, { recursive: true });
    // Written whole, then renamed: another suite may read it meanwhile.
    const partial = `${file}.${process.pid}-${threadId}`;
    writeFileSync(partial, JSON.stringify(spread));
    renameSync(partial, file);
    parentPort.postMessage(spread);
  });
  real.once('error', (error) => {
    throw error;
  });
}
