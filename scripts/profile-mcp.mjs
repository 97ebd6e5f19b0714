// `npm run profile:mcp`: where a `tools/call recommend_courses` spends its CPU. Starts the built
// service as `npm start` does, under `node --cpu-prof`, loads it with the bench's mcp-recommend
// request for a while, stops it, and sums the profile's self time by layer: the HTTP server and
// Express, Nest's pipeline (guards, interceptors, filters, the microservice hop), the MCP library,
// the MCP SDK (protocol and transport), validation (zod, ajv, class-validator), the service's own
// code, JSON, and the garbage collector. docs/benchmarks.md#mcp reports the result.
//
//   node scripts/profile-mcp.mjs [--seconds 10] [--connections 50] [--keep]
import autocannon from 'autocannon';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  drawAnswerSets,
  fetchCatalog,
  mcpRecommendRequest,
  startService,
  stopService,
} from './load-support.mjs';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    keep: { type: 'boolean', default: false },
  },
});

/** Layers, first match wins, by the script URL of the function that spent the time. */
const LAYERS = [
  ['garbage collector', (url, name) => name === '(garbage collector)'],
  ['idle', (url, name) => name === '(idle)' || name === '(program)'],
  ['MCP library (@rekog/mcp-nest)', (url) => url.includes('/@rekog/mcp-nest/')],
  ['MCP SDK (protocol, transport)', (url) => url.includes('/@modelcontextprotocol/')],
  [
    'validation (zod, ajv, class-validator)',
    (url) => /\/(zod|ajv|ajv-formats|class-validator|class-transformer)\//.test(url),
  ],
  [
    'Nest pipeline (guards, interceptors, microservice hop)',
    (url) => /\/(@nestjs|rxjs|reflect-metadata)\//.test(url),
  ],
  [
    'HTTP server and Express',
    (url) =>
      /\/(express|router|body-parser|raw-body|finalhandler|send|on-finished|type-is|accepts|negotiator|content-type|qs|iconv-lite|mime-types|vary|depd)\//.test(
        url,
      ) ||
      url.startsWith('node:_http') ||
      url.startsWith('node:net') ||
      url.startsWith('node:internal/http') ||
      url.startsWith('node:internal/streams') ||
      url.startsWith('node:stream'),
  ],
  [
    'logging and metrics (pino, prom-client)',
    (url) => /\/(pino|pino-std-serializers|prom-client|sonic-boom|thread-stream)\//.test(url),
  ],
  [
    'service: edge (rate limit, CORS, response cache)',
    (url) => url.includes('/dist/edge/') || url.includes('/@nestjs/throttler/'),
  ],
  ['service: MCP adapters (src/mcp)', (url) => url.includes('/dist/mcp/')],
  [
    'service: recommendations and data',
    (url) =>
      /\/dist\/(recommendations|catalog|core|courses|comparisons|methodology|finder)\//.test(url),
  ],
  ['other node internals', (url) => url.startsWith('node:')],
  ['(native, JSON, builtins)', (url) => url === ''],
  ['other', () => true],
];

const dir = mkdtempSync(join(tmpdir(), 'course-finder-profile-'));
await import('./build-if-needed.mjs');
const service = await startService(
  {},
  {
    nodeOptions: [`--cpu-prof`, `--cpu-prof-dir=${dir}`],
  },
);
const { questions } = await fetchCatalog(service.base);
const answerSets = drawAnswerSets(questions);
let drawn = 0;
// The profile covers the whole process; only samples taken under the load count (V8's sample
// timestamps and hrtime read the same monotonic clock, in µs and ns).
const loadStartUs = Number(process.hrtime.bigint() / 1000n);
const result = await new Promise((resolve, reject) =>
  autocannon(
    {
      url: service.base,
      connections: Number(args.connections),
      duration: Number(args.seconds),
      requests: [mcpRecommendRequest(() => answerSets[drawn++ % answerSets.length])],
    },
    (error, r) => (error ? reject(error) : resolve(r)),
  ),
);
await stopService(service);

const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map();
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  at += profile.timeDeltas[i] ?? 0;
  if (at < loadStartUs) continue;
  const id = profile.samples[i];
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const totals = new Map(LAYERS.map(([name]) => [name, 0]));
for (const [id, us] of selfUs) {
  const { url, functionName } = byId.get(id).callFrame;
  const [layer] = LAYERS.find(([, match]) => match(url, functionName));
  totals.set(layer, totals.get(layer) + us);
}
const busy = [...totals].filter(([name]) => name !== 'idle').reduce((sum, [, us]) => sum + us, 0);
const requests = result.requests.total;
console.log(
  `${requests} requests in ${args.seconds} s (${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms); CPU busy ${Math.round(busy / 1000)} ms`,
);
console.table(
  [...totals]
    .filter(([name, us]) => name !== 'idle' && us > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([layer, us]) => ({
      layer,
      'share of CPU': `${((100 * us) / busy).toFixed(1)} %`,
      'µs per request': Math.round(us / requests),
    })),
);
if (args.keep) console.log(`profile kept: ${join(dir, file)}`);
else rmSync(dir, { recursive: true, force: true });
