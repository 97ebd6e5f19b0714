// `npm run conformance`: the official MCP conformance suite against the built service on loopback,
// once per protocol revision it serves (2026-07-28, stateless; 2025-11-25, the initialize
// handshake), each run held to its baseline in test/conformance/<revision>.yml (what the suite
// reports that does not apply to a server with these tools; docs/mcp.md#conformance says why).
// Exits non-zero on any other failure, or on a baselined check that now passes.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { startService, stopService } from './load-support.mjs';

// The suite is a devDependency (@modelcontextprotocol/conformance, pinned); it runs under this Node.
const suite = join(
  createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json'),
  '..',
  'dist',
  'index.js',
);
const REVISIONS = ['2026-07-28', '2025-11-25'];
const OUTPUT = 'test-output/conformance';

await import('./build-if-needed.mjs');
// PUBLIC_URL is the loopback address the suite calls, so its DNS-rebinding checks see our own origin.
const service = await startService();
const failed = [];
try {
  for (const revision of REVISIONS) {
    const output = join(OUTPUT, revision);
    rmSync(output, { recursive: true, force: true });
    mkdirSync(output, { recursive: true });
    console.log(`\nconformance: --requirements ${revision} against ${service.base}/mcp`);
    const code = await new Promise((resolve) => {
      spawn(
        process.execPath,
        [
          suite,
          'server',
          '--url',
          `${service.base}/mcp`,
          '--requirements',
          revision,
          '--expected-failures',
          `test/conformance/${revision}.yml`,
          '--output-dir',
          output,
        ],
        { stdio: 'inherit' },
      ).on('exit', resolve);
    });
    if (code !== 0) failed.push(revision);
  }
} finally {
  await stopService(service);
}
if (failed.length) {
  console.error(`conformance: unexpected results for ${failed.join(', ')} (details in ${OUTPUT}/)`);
  process.exit(1);
}
console.log(`conformance: ${REVISIONS.join(' and ')} as baselined (details in ${OUTPUT}/)`);
