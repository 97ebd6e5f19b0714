// `npm run profile`: where a request spends its CPU. Starts the built service as `npm start` does,
// under `node --cpu-prof`, loads it with one of the bench's requests for a while, stops it, and sums
// the profile's self time by layer (the HTTP server and Express, Nest's pipeline, the MCP library,
// the MCP SDK, validation, the service's own code, logging, JSON, the garbage collector) and by
// function (the top entries). docs/benchmarks.md reports the results.
//
//   node scripts/profile.mjs [--scenario list|304|mcp] [--server service|nest-bare|nest-hooks|mcp-bare]
//                            [--seconds 10] [--warmup 2] [--connections 50] [--top 25] [--keep]
//
// `list`: the cached `GET /api/v1/courses`; `304`: the same with its current ETag in
// `If-None-Match`; `mcp`: `tools/call recommend_courses` with drawn answers. `--server` profiles
// one of the bench's baselines instead (docs/benchmarks.md#how-it-runs), answering what the service
// answered (the service runs beside it, unprofiled, to say it): bare Nest for the list and the
// 304, Nest with the pipeline's hooks for the list, the bare MCP SDK server for the call. Only the
// samples taken under the load, after the warm-up, count; the first line says the answers' statuses.
import autocannon from 'autocannon';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  drawAnswerSets,
  fetchCatalog,
  freePort,
  HOST,
  mcpRecommendRequest,
  record,
  startHelper,
  startService,
  stopService,
} from './load-support.mjs';

const { values: args } = parseArgs({
  options: {
    scenario: { type: 'string', default: 'mcp' },
    server: { type: 'string', default: 'service' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
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

/** Which servers answer which scenario. */
const SERVES = {
  service: ['list', '304', 'mcp'],
  'nest-bare': ['list', '304'],
  // Its controller writes the body whatever the request says: it answers no 304.
  'nest-hooks': ['list'],
  'mcp-bare': ['mcp'],
};
if (!SERVES[args.server]?.includes(args.scenario)) {
  throw new Error(
    `--server ${args.server} --scenario ${args.scenario}: ${Object.entries(SERVES)
      .map(([server, scenarios]) => `${server} answers ${scenarios.join(', ')}`)
      .join('; ')}`,
  );
}

const dir = mkdtempSync(join(tmpdir(), 'course-finder-profile-'));
const profiling = [`--cpu-prof`, `--cpu-prof-dir=${dir}`];
await import('./build-if-needed.mjs');
const service = await startService({}, { nodeOptions: args.server === 'service' ? profiling : [] });
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
  return { path: '/api/v1/courses', headers: { 'if-none-match': list.headers.get('etag') } };
}
const options = await scenarioOptions(args.scenario);

/** A baseline of the bench under the profiler, once it says it listens; stopped by SIGTERM. */
async function startBaseline(server) {
  const port = await freePort();
  let script = ['scripts/mcp-bare-server.mjs', String(port), service.base];
  if (server !== 'mcp-bare') {
    const file = join(dir, 'response.json');
    writeFileSync(file, JSON.stringify(await record(`${service.base}/api/v1/courses`)));
    script = [
      'scripts/nest-bare-server.mjs',
      String(port),
      file,
      server === 'nest-hooks' ? 'hooks' : '',
    ];
  }
  return {
    ...(await startHelper(script, { nodeOptions: profiling })),
    base: `http://${HOST}:${port}`,
  };
}

/** The server under the profiler: the service, or the baseline asked for. */
let profiled = service;
/** autocannon's run against the profiled server, for `seconds`. */
const load = (seconds) =>
  new Promise((resolve, reject) =>
    autocannon(
      {
        url: `${profiled.base}${options.path ?? ''}`,
        connections: Number(args.connections),
        duration: seconds,
        ...(options.headers && { headers: options.headers }),
        ...(options.requests && { requests: options.requests }),
      },
      (error, r) => (error ? reject(error) : resolve(r)),
    ),
  );
let loadStartUs, result, loadEndUs;
try {
  if (args.server !== 'service') profiled = await startBaseline(args.server);
  if (Number(args.warmup) > 0) await load(Number(args.warmup));
  // The profile covers the whole process; only samples taken under the load count (V8's sample
  // timestamps and hrtime read the same monotonic clock, in µs and ns).
  loadStartUs = Number(process.hrtime.bigint() / 1000n);
  result = await load(Number(args.seconds));
  loadEndUs = Number(process.hrtime.bigint() / 1000n);
} finally {
  if (profiled !== service) await stopService(profiled);
  await stopService(service);
}

// The main thread's profile (`CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile`, thread 0); the
// methodology spread's worker writes one of its own.
const file = readdirSync(dir).find((name) => /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/.test(name));
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map();
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  at += profile.timeDeltas[i] ?? 0;
  if (at < loadStartUs || at > loadEndUs) continue;
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
/** The answers' statuses, so that a profile of the wrong answer shows itself ("304 × 11538"). */
const statuses = Object.entries(result.statusCodeStats)
  .map(([status, { count }]) => `${status} × ${count}`)
  .join(', ');
console.log(
  `${args.server} ${args.scenario}: ${requests} requests in ${args.seconds} s (${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms; ${statuses}); CPU busy ${Math.round(busy / 1000)} ms, ${(busy / requests).toFixed(1)} µs a request`,
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
