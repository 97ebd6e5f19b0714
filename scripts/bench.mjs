// `npm run bench`: loopback load tests of the built service against a bare node:http server that
// answers the identical bytes of GET /api/v1/courses from memory (this machine's physical limit for
// that response). Ratios to that baseline, measured in the same rounds, are what to compare. MCP has
// its own baseline, `mcp-bare`: the same tools/call answered by a bare SDK server
// (mcp-bare-server.mjs); `mcp-recommend / mcp-bare` is the cost of everything the service adds.
//
//   node scripts/bench.mjs [--rounds 3] [--duration 5] [--warmup 2] [--connections 50] [--only a,b]
import autocannon from 'autocannon';
import { execSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  HOST,
  MCP_HEADERS,
  distinctSlugs,
  drawAnswerSets,
  fetchCatalog,
  freePort,
  machine,
  mcpToolCall,
  rssMb,
  sample,
  startService,
} from './load-support.mjs';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(args.rounds);
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const CONNECTIONS = Number(args.connections);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** The baseline: a child process answering the recorded response (or 304 for its ETag) from memory. */
async function startBaseline(path, response) {
  const port = await freePort();
  const headers = Object.fromEntries(
    [...response.headers].filter(
      ([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name),
    ),
  );
  const body = Buffer.from(await response.arrayBuffer()).toString('base64');
  const source = `
    const http = require('node:http');
    const body = Buffer.from(${JSON.stringify(body)}, 'base64');
    const headers = ${JSON.stringify(headers)};
    const notModified = { ...headers };
    delete notModified['content-type'];
    delete notModified['content-length'];
    http.createServer((req, res) => {
      if (req.headers['if-none-match'] === headers.etag) { res.writeHead(304, notModified); res.end(); }
      else { res.writeHead(200, headers); res.end(body); }
    })
      .listen(${port}, '${HOST}', () => process.send('ready'));`;
  const child = spawn(process.execPath, ['-e', source], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise((resolve) => child.once('message', resolve));
  return { child, base: `http://${HOST}:${port}${path}` };
}

/** CPU time (user + system) a process has used, in ms (Linux clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Load for `duration` seconds; `bad` counts answers other than `expect` (default 2xx), and errors.
 * With the serving process's `pid`, also the CPU it spent per request: unlike the rate, that does
 * not depend on what else this shared machine is doing.
 */
function load(name, { expect, pid, ...opts }, duration = DURATION) {
  const cpuBefore = pid ? cpuMs(pid) : 0;
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration, ...opts }, (error, result) => {
      if (error) return reject(error);
      const unexpected = expect
        ? Object.entries(result.statusCodeStats)
            .filter(([status]) => Number(status) !== expect)
            .reduce((sum, [, { count }]) => sum + count, 0)
        : result.non2xx;
      const bad = unexpected + result.errors + result.timeouts;
      resolve({
        name,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        bad,
        statusCodes: result.statusCodeStats,
        cpuMsPerRequest: pid ? (cpuMs(pid) - cpuBefore) / result.requests.total : null,
      });
    });
  });
}

/** The MCP baseline (scripts/mcp-bare-server.mjs), answering with the service's URLs. */
async function startMcpBare(siteUrl) {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/mcp-bare-server.mjs', String(port), siteUrl], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise((resolve) => child.once('message', resolve));
  return { child, base: `http://${HOST}:${port}` };
}

/** One tools/call answered by a server's `/mcp`, as its `result`. */
async function mcpResult(base, body) {
  const response = await fetch(`${base}/mcp`, { method: 'POST', headers: MCP_HEADERS, body });
  return (await response.json()).result;
}

async function main() {
  if (!args['no-build']) execSync('npm run --silent build', { stdio: 'inherit' });
  const service = await startService();
  const redisService = await startService({ REDIS_URL }).catch((error) => {
    console.warn(`courses-200-redis skipped: ${error.message}`);
    return null;
  });
  const { base } = service;
  const mcpBare = await startMcpBare(base);

  // The body as it is (fetch would ask for br or gzip): the baseline answers the identical bytes.
  const coursesResponse = await fetch(`${base}/api/v1/courses`, {
    headers: { 'accept-encoding': 'identity' },
  });
  const etag = coursesResponse.headers.get('etag');
  const compressed = await compressedSizes(`${base}/api/v1/courses`);
  const baseline = await startBaseline('/api/v1/courses', coursesResponse.clone());
  const { slugs, questions } = await fetchCatalog(base);
  const answerSets = drawAnswerSets(questions);
  const queries = answerSets.map((answers) => new URLSearchParams(answers).toString());
  let drawn = 0;
  const randomAnswers = () => answerSets[drawn++ % answerSets.length];
  const randomQuery = () => queries[drawn++ % queries.length];
  const randomPair = () => distinctSlugs(slugs, 2).join(',');
  const withPath = (make) => ({
    requests: [{ setupRequest: (req) => ({ ...req, path: make() }) }],
  });
  const mcpBody = () => mcpToolCall('recommend_courses', randomAnswers());
  // The baseline must answer what the service answers, or the ratio means nothing.
  const probe = mcpToolCall('recommend_courses', answerSets[0]);
  const [served, bare] = await Promise.all([
    mcpResult(base, probe),
    mcpResult(mcpBare.base, probe),
  ]);
  if (JSON.stringify(served) !== JSON.stringify(bare)) {
    throw new Error('the bare MCP server does not answer what the service answers');
  }
  const mcpCall = (url, pid) => ({
    url,
    pid,
    requests: [
      {
        method: 'POST',
        path: '/mcp',
        headers: MCP_HEADERS,
        setupRequest: (req) => ({ ...req, body: mcpBody() }),
      },
    ],
  });

  // Every scenario names the process that serves it, for its CPU per request.
  const pid = service.child.pid;
  const scenarios = {
    baseline: { url: baseline.base, pid: baseline.child.pid },
    // The same bare server answering 304: the most any server here gains from a 304.
    'baseline-304': {
      url: baseline.base,
      pid: baseline.child.pid,
      headers: { 'if-none-match': etag },
      expect: 304,
    },
    'courses-200': { url: `${base}/api/v1/courses`, pid },
    // The same list for a client that accepts br, as browsers and most HTTP clients do.
    'courses-200-br': {
      url: `${base}/api/v1/courses`,
      pid,
      headers: { 'accept-encoding': 'br' },
    },
    'courses-304': {
      url: `${base}/api/v1/courses`,
      pid,
      headers: { 'if-none-match': etag },
      expect: 304,
    },
    course: { url: base, pid, ...withPath(() => `/api/v1/courses/${sample(slugs)}`) },
    recommend: { url: base, pid, ...withPath(() => `/api/v1/recommendations?${randomQuery()}`) },
    compare: {
      url: base,
      pid,
      ...withPath(() => `/api/v1/comparisons?courses=${randomPair()}`),
    },
    // The same tools/call on a bare SDK server: the most MCP can do here (mcp-bare-server.mjs).
    'mcp-bare': mcpCall(mcpBare.base, mcpBare.child.pid),
    'mcp-recommend': mcpCall(base, pid),
    page: { url: `${base}/ai-seo-courses`, pid },
    ...(redisService
      ? {
          'courses-200-redis': {
            url: `${redisService.base}/api/v1/courses`,
            pid: redisService.child.pid,
          },
        }
      : {}),
  };
  const only = args.only ? new Set(['baseline', ...args.only.split(',')]) : null;
  const names = Object.keys(scenarios).filter((name) => !only || only.has(name));

  // JIT-compiled and caches filled before anything is measured, as a replica is after its first
  // seconds of traffic.
  if (WARMUP > 0) for (const name of names) await load(name, scenarios[name], WARMUP);

  const rounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const results = {};
    for (const name of names) {
      results[name] = await load(name, scenarios[name]);
      const r = results[name];
      console.error(
        `round ${round} ${name}: ${Math.round(r.rps)} req/s p50 ${r.p50} ms p99 ${r.p99} ms${r.cpuMsPerRequest ? ` cpu ${r.cpuMsPerRequest.toFixed(2)} ms/req` : ''}${r.bad ? ` (${r.bad} unexpected statuses or errors ${JSON.stringify(r.statusCodes)})` : ''}`,
      );
    }
    rounds.push(results);
  }

  const table = names.map((name) => {
    const ratio = median(rounds.map((r) => r[name].rps / r.baseline.rps));
    return {
      scenario: name,
      rps: Math.round(median(rounds.map((r) => r[name].rps))),
      p50_ms: median(rounds.map((r) => r[name].p50)),
      p99_ms: median(rounds.map((r) => r[name].p99)),
      ratio_to_baseline: Number(ratio.toFixed(3)),
      cpu_ms_per_request:
        rounds[0][name].cpuMsPerRequest === null
          ? null
          : Number(median(rounds.map((r) => r[name].cpuMsPerRequest)).toFixed(3)),
      // The baseline's CPU per request over this scenario's, per round: the ratio the serving
      // process's own work allows, which the shared host's other load moves far less than the rate.
      cpu_ratio_to_baseline:
        rounds[0][name].cpuMsPerRequest === null
          ? null
          : Number(
              median(
                rounds.map((r) => r.baseline.cpuMsPerRequest / r[name].cpuMsPerRequest),
              ).toFixed(3),
            ),
      unexpected_or_errors: rounds.reduce((sum, r) => sum + r[name].bad, 0),
    };
  });
  const row = (name) => table.find((r) => r.scenario === name);
  const ratio = (a, b, key = 'ratio_to_baseline') =>
    row(a)?.[key] && row(b)?.[key] ? Number((row(a)[key] / row(b)[key]).toFixed(3)) : null;
  const PAIRS = [
    ['courses-304', 'courses-200'],
    ['courses-200-br', 'courses-200'],
    ['baseline-304', 'baseline'],
    ['course', 'courses-200'],
    ['recommend', 'courses-200'],
    ['compare', 'courses-200'],
    ['mcp-recommend', 'courses-200'],
    ['mcp-recommend', 'mcp-bare'],
    ['courses-200-redis', 'courses-200'],
  ];
  const relative = (key) =>
    Object.fromEntries(PAIRS.map(([a, b]) => [`${a} / ${b}`, ratio(a, b, key)]));

  const engine = await engineCost();
  const report = {
    date: new Date().toISOString(),
    machine: machine(),
    command: `npm run bench -- --rounds ${ROUNDS} --duration ${DURATION} --warmup ${WARMUP} --connections ${CONNECTIONS}`,
    table,
    relative: relative('ratio_to_baseline'),
    relative_by_cpu: relative('cpu_ratio_to_baseline'),
    courses_body_bytes: compressed,
    // Where a tools/call's CPU goes, from three measurements of this run
    // (docs/mcp.md#the-cost-of-each-layer): the bare SDK server is the transport and SDK plus the
    // service's work; REST /recommendations is the HTTP pipeline (Express, Nest, guards, logging)
    // plus the same work; the rest of mcp-recommend is the library's hop (mcp-nest, Nest's RPC
    // pipeline, the tool's pipe and interceptor).
    mcp_layers_cpu_ms_per_request: mcpLayers(row, engine),
    // The MCP targets (docs/benchmarks.md#latest-run), from the same run: at least 0.8 × the bare
    // SDK server, p99 <= 150 ms.
    mcp_targets: row('mcp-recommend')
      ? {
          ratio_to_bare: ratio('mcp-recommend', 'mcp-bare'),
          p99_ms: row('mcp-recommend').p99_ms,
          met: ratio('mcp-recommend', 'mcp-bare') >= 0.8 && row('mcp-recommend').p99_ms <= 150,
        }
      : null,
    start_to_ready_ms: Math.round(service.readyMs),
    rss_after_load_mb: Math.round(rssMb(service.child.pid)),
    engine_ms_per_recommendation: engine,
  };

  for (const child of [service.child, redisService?.child, baseline.child, mcpBare.child]) {
    child?.kill('SIGTERM');
  }
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/latest.json', `${JSON.stringify(report, null, 2)}\n`);
  console.table(table);
  console.log(JSON.stringify({ ...report, table: undefined }, null, 2));
  console.log('written to bench-results/latest.json');
}

/** The list's body in each coding, as sent (node:http does not decode), and its share of identity. */
async function compressedSizes(url) {
  const { request } = await import('node:http');
  const size = (coding) =>
    new Promise((resolve, reject) => {
      request(url, { headers: { 'accept-encoding': coding } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk) => (bytes += chunk.length)).on('end', () => resolve(bytes));
      })
        .on('error', reject)
        .end();
    });
  const [identity, br, gzip] = [await size('identity'), await size('br'), await size('gzip')];
  const share = (bytes) => Number((bytes / identity).toFixed(3));
  return { identity, br, gzip, br_share: share(br), gzip_share: share(gzip) };
}

function mcpLayers(row, engine) {
  const cpu = (name) => row(name)?.cpu_ms_per_request ?? null;
  const [bare, rest, mcp] = [cpu('mcp-bare'), cpu('recommend'), cpu('mcp-recommend')];
  if (bare === null || rest === null || mcp === null) return null;
  const service = engine[30].median;
  const round = (ms) => Number(ms.toFixed(2));
  return {
    'transport and SDK': round(bare - service),
    'HTTP pipeline (Express, Nest, guards, logging)': round(rest - service),
    'library hop (mcp-nest, Nest RPC pipeline, tool pipe and interceptor)': round(
      mcp - bare - (rest - service),
    ),
    'the service (recommendation engine)': round(service),
    total: mcp,
  };
}

/** The pure engine alone, on synthetic datasets made by repeating the shipped courses. */
async function engineCost() {
  const { recommend } = await import('../dist/recommendations/engine.js');
  const { allAnswers } = await import('../dist/recommendations/distribution.js');
  const { loadDataset } = await import('../dist/catalog/dataset.js');
  const { buildSnapshot } = await import('../dist/catalog/derive.js');
  const snapshot = buildSnapshot(loadDataset('./data'), '2026-01-01', {
    siteUrl: 'http://x',
    baseUrl: 'http://x/api/v1',
  });
  const answers = allAnswers();
  const out = {};
  for (const size of [30, 1000, 10000]) {
    const courses = Array.from({ length: size }, (_, i) => ({
      ...snapshot.courses[i % snapshot.courses.length],
      slug: `course-${i}`,
    }));
    const calls = Math.max(50, Math.min(2000, Math.round(200_000 / size)));
    for (let i = 0; i < 20; i++) recommend(answers[i], courses, snapshot.methodology);
    const times = [];
    for (let i = 0; i < calls; i++) {
      const a = answers[(i * 7919) % answers.length];
      const start = process.hrtime.bigint();
      recommend(a, courses, snapshot.methodology);
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    out[size] = {
      median: Number(median(times).toFixed(4)),
      p99: Number([...times].sort((a, b) => a - b)[Math.floor(times.length * 0.99)].toFixed(4)),
    };
  }
  return out;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
