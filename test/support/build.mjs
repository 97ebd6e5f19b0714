// jest globalSetup of the `*.process.e2e-spec.ts` suites, which run the built service (dist/) as a
// process of their own. The bundles are made now (a no-op when the end-to-end suites' setup made
// them); the server is compiled (`nest build`) when a file of src/ is newer than dist/main.js, in
// the background, beside the first suites, rather than before any of them: each process suite waits
// for it (wait-for-build.ts) and the other suites need none of it. `npm run build`'s emptying of
// dist/ is left out: the end-to-end suites read the bundles meanwhile, and a file of a deleted
// source changes nothing the suites run.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  APP_HTML,
  bundleMcpApp,
  bundleWorker,
  newestSource,
  stale,
  WORKER_JS,
} from '../../scripts/bundle.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const SERVER = join(ROOT, 'dist', 'main.js');
export const BUILD_STATE = join(ROOT, 'test-output', 'build.json');
export const BUILD_LOG = join(ROOT, 'test-output', 'build.log');

const record = (state) => writeFileSync(BUILD_STATE, JSON.stringify(state));

export default async function globalSetup() {
  if (stale(APP_HTML)) await bundleMcpApp();
  if (stale(WORKER_JS)) await bundleWorker();
  mkdirSync(join(ROOT, 'test-output'), { recursive: true });
  if (existsSync(SERVER) && statSync(SERVER).mtimeMs >= newestSource()) {
    record({ state: 'built' });
    return;
  }
  record({ state: 'building' });
  const log = openSync(BUILD_LOG, 'w');
  const cli = join(ROOT, 'node_modules', '@nestjs', 'cli', 'bin', 'nest.js');
  spawn(process.execPath, [cli, 'build'], { cwd: ROOT, stdio: ['ignore', log, log] }).on(
    'exit',
    (code) => record(code === 0 ? { state: 'built' } : { state: 'failed', code }),
  );
}
