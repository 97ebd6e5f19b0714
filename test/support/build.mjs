// jest globalSetup: the suites run the server from src/, but some of what it serves runs from its
// build, as in production: the MCP App (dist/mcp-app/) and the worker threads (dist/**/*.worker.js).
// So dist/ is built first, when src/ is newer than it (scripts/build-if-needed.mjs).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export default function globalSetup() {
  execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], {
    cwd: join(import.meta.dirname, '..', '..'),
    stdio: 'inherit',
  });
}
