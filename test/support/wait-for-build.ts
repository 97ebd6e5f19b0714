import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Every `*.process.e2e-spec.ts` suite waits here, before its own setup, for the build its project's
 * setup started (build.mjs): a few seconds at most for the suites that come first, none for the
 * rest.
 */
const OUTPUT = join(__dirname, '..', '..', 'test-output');

beforeAll(async () => {
  for (;;) {
    const { state, code } = JSON.parse(readFileSync(join(OUTPUT, 'build.json'), 'utf8'));
    if (state === 'built') return;
    if (state === 'failed') {
      const log = readFileSync(join(OUTPUT, 'build.log'), 'utf8');
      throw new Error(`nest build failed (exit code ${code}):\n${log.slice(-4000)}`);
    }
    await sleep(250);
  }
}, 300_000);
