// `npm run profile`: where a request spends its CPU. Starts the built service as `npm start` does,
// under `node --cpu-prof`, loads it with one of the bench's requests for a while, stops it, and sums
// the profile's self time by layer (the HTTP server and Express, Nest's pipeline, the MCP library,
// the MCP SDK, validation, the service's own code, logging, JSON, the garbage collector) and by
// function (the top entries). docs/benchmarks.md reports the results.
//
//   node scripts/profile.mjs [--scenario list|304|mcp] [--seconds 10] [--connections 50]
//                            [--top 25] [--keep]
//
// `list`: the cached `GET /api/v1/courses`; `304`: the same with its current ETag in
// `If-None-Match`; `mcp`: `tools/call recommend_courses` with drawn answers.
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
    scenario: { type: 'string', default: 'mcp' },
    seconds: { type: 'string', default: '10' },
    top: { type: 'string', default: '25' },
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
/** autocannon's options for the scenario asked for. */
async function scenarioOptions(name) {
  if (name === 'mcp') {
    const { questions } = await fetchCatalog(service.base);
    const answerSets = drawAnswerSets(questions);
    let drawn = 0;
    return { requests: [mcpRecommendRequest(() => answerSets[drawn++ % answerSets.length])] };
  }
  const list = await fetch(`${service.base}/api/v1/courses`);
  await list.arrayBuffer();
  if (name === 'list') return { path: '/api/v1/courses' };
  if (name === '304')
    return { path: '/api/v1/courses', headers: { 'if-none-match': list.headers.get('etag') } };
  throw new Error(`--scenario: list, 304 or mcp, not ${name}`);
}
const options = await scenarioOptions(args.scenario);
// The profile covers the whole process; only samples taken under the load count (V8's sample
// timestamps and hrtime read the same monotonic clock, in µs and ns).
const loadStartUs = Number(process.hrtime.bigint() / 1000n);
const result = await new Promise((resolve, reject) =>
  autocannon(
    {
      url: `${service.base}${options.path ?? ''}`,
      connections: Number(args.connections),
      duration: Number(args.seconds),
      ...(options.headers && { headers: options.headers }),
      ...(options.requests && { requests: options.requests }),
    },
    (error, r) => (error ? reject(error) : resolve(r)),
  ),
);
await stopService(service);

// The main thread's profile (`CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile`, thread 0); the
// methodology spread's worker writes one of its own.
const file = readdirSync(dir).find((name) => /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/.test(name));
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
const byFunction = new Map();
for (const [id, us] of selfUs) {
  const { url, functionName, lineNumber } = byId.get(id).callFrame;
  const [layer] = LAYERS.find(([, match]) => match(url, functionName));
  totals.set(layer, totals.get(layer) + us);
  const where = url.replace(/^.*\/node_modules\//, '').replace(/^.*\/dist\//, 'dist/');
  const key = `${functionName || '(anonymous)'} ${where}${url ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
}
const busy = [...totals].filter(([name]) => name !== 'idle').reduce((sum, [, us]) => sum + us, 0);
const requests = result.requests.total;
const row = (us) => ({
  'share of CPU': `${((100 * us) / busy).toFixed(1)} %`,
  'µs per request': Number((us / requests).toFixed(1)),
});
console.log(
  `${args.scenario}: ${requests} requests in ${args.seconds} s (${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms); CPU busy ${Math.round(busy / 1000)} ms, ${(busy / requests).toFixed(1)} µs a request`,
);
console.table(
  [...totals]
    .filter(([name, us]) => name !== 'idle' && us > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([layer, us]) => ({ layer, ...row(us) })),
);
console.table(
  [...byFunction]
    .filter(([name]) => !name.startsWith('(idle)') && !name.startsWith('(program)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(args.top))
    .map(([fn, us]) => ({ function: fn, ...row(us) })),
);
if (args.keep) console.log(`profile kept: ${join(dir, file)}`);
else rmSync(dir, { recursive: true, force: true });
