// jest globalSetup of the `*.process.e2e-spec.ts` suites, which run the built service (dist/) as a
// process of its own: `npm run build` when a file of src/ is newer than the build
// (scripts/build-if-needed.mjs), once before any of them starts.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export default function globalSetup() {
  execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], {
    cwd: join(import.meta.dirname, '..', '..'),
    stdio: 'inherit',
  });
}
