// `npm run bench`: loopback load tests of the built service against a bare node:http server that
// answers the identical bytes of GET /api/v1/courses from memory (this machine's physical limit for
// that response). Ratios to that baseline, measured in the same rounds, are what to compare. MCP has
// its own baseline, `mcp-bare`: the same tools/call answered by a bare SDK server
// (mcp-bare-server.mjs); `mcp-recommend / mcp-bare` is the cost of everything the service adds.
//
//
// `--catalog N` (docs/benchmarks.md#scale) runs the same on a catalog of every course repeated N
// times (scripts/catalog.mjs, in a temporary directory removed afterwards) and, in the same rounds,
// a second service on the shipped data, so that each figure at ×N stands beside its ×1 figure
// measured under the same conditions of this shared host. Every run also measures the start, the
// memory, the size of the largest answers and the event loop while the first methodology page and a
// SIGHUP reload happen under load.
//
//   node scripts/bench.mjs [--catalog 1] [--rounds 3] [--duration 5] [--warmup 2] [--connections 50]
//                          [--only a,b]
import autocannon from 'autocannon';
import { execSync, spawn } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { writeCatalog } from './catalog.mjs';
import {
  HOST,
  MCP_HEADERS,
  distinctSlugs,
  drawAnswerSets,
  fetchCatalog,
  freePort,
  machine,
  mcpRecommendRequest,
  mcpToolCall,
  peakRssMb,
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
    catalog: { type: 'string', default: '1' },
    'no-build': { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(args.rounds);
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const CONNECTIONS = Number(args.connections);
const CATALOG = Number(args.catalog);
if (!Number.isInteger(CATALOG) || CATALOG < 1)
  throw new Error('--catalog must be a whole number ≥ 1');
/** At ×N > 1 a second service serves the shipped data: the ×1 reference, named `x1:<scenario>`. */
const SCALED = CATALOG > 1;
const REF = 'x1:';
/** The ×1 twin of a scenario: the reference's at ×N, the scenario itself at ×1. */
const ref = (name) => (SCALED ? `${REF}${name}` : name);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const METHODOLOGY_PAGE = '/ai-seo-courses/methodology';
/**
 * The event-loop phase's load: steady and the same at every scale. A load that saturates the
 * service would add its own queueing to the delay (each turn of the loop serving tens of requests)
 * and differ from one scale to the next.
 */
const PHASE_LOAD = { connections: 10, overallRate: 200 };
/** The acceptance targets at scale (docs/benchmarks.md#scale); KB read as 1,000 bytes. */
const SCALE_TARGETS = {
  readyMs: 5_000,
  rssMb: 250,
  eventLoopP99Ms: 50,
  pagedToList: 0.9,
  recommendToRecommend: 0.3,
  llmsBytes: 100_000,
  mcpSearchBytes: 60_000,
};

/** The median, or null for no values (a scenario that never answered as it should). */
const median = (xs) => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const round3 = (x) => (x === null || x === undefined ? null : Number(x.toFixed(3)));

/** Every process this run started, stopped however the run ends. */
const children = [];
/** What is being loaded, for the record of a service that dies under it. */
let loading = null;
let stopping = false;

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
  children.push(child);
  await new Promise((resolve) => child.once('message', resolve));
  return { child, base: `http://${HOST}:${port}${path}` };
}

/**
 * CPU time (user + system) a process has used, in ms (Linux clock ticks of 10 ms); null once it
 * has exited.
 */
function cpuMs(pid) {
  let stat;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  const fields = stat.split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Load for `duration` seconds; `bad` counts answers other than `expect` (default 2xx), and errors.
 * With the serving process's `pid`, also the CPU it spent per request: unlike the rate, that does
 * not depend on what else this shared machine is doing. A round where more than 1 % of the answers
 * are bad is not `valid`: fast error answers are not throughput.
 */
function load(name, { expect, pid, service: _service, ...opts }, duration = DURATION) {
  const cpuBefore = pid ? cpuMs(pid) : null;
  loading = name;
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration, ...opts }, (error, result) => {
      loading = null;
      if (error) return reject(error);
      const cpuAfter = pid ? cpuMs(pid) : null;
      const unexpected = expect
        ? Object.entries(result.statusCodeStats)
            .filter(([status]) => Number(status) !== expect)
            .reduce((sum, [, { count }]) => sum + count, 0)
        : result.non2xx;
      const bad = unexpected + result.errors + result.timeouts;
      resolve({
        name,
        valid: bad <= result.requests.total * 0.01,
        // A service that answers nothing in the whole duration has a rate of 0, and no CPU per answer.
        answered: result.requests.total,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        bad,
        statusCodes: result.statusCodeStats,
        cpuMsPerRequest:
          cpuBefore !== null && cpuAfter !== null && result.requests.total > 0
            ? (cpuAfter - cpuBefore) / result.requests.total
            : null,
      });
    });
  });
}

/** The MCP baseline (scripts/mcp-bare-server.mjs), answering with the service's URLs and data. */
async function startMcpBare(siteUrl, dataEnv) {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/mcp-bare-server.mjs', String(port), siteUrl], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, ...dataEnv },
  });
  children.push(child);
  await new Promise((resolve) => child.once('message', resolve));
  return { child, base: `http://${HOST}:${port}` };
}

/** One tools/call answered by a server's `/mcp`, as its `result`. */
async function mcpResult(base, body) {
  const response = await fetch(`${base}/mcp`, { method: 'POST', headers: MCP_HEADERS, body });
  return (await response.json()).result;
}

/** A service started as `npm start` does, with a /metrics port of its own that this run knows. */
async function startMeasured(env) {
  const metricsPort = await freePort();
  // A ×100 catalog takes longer to load than the default wait allows on a busy host.
  const service = await startService(
    { ...env, METRICS_PORT: String(metricsPort) },
    { readyTimeoutMs: 60_000 },
  );
  children.push(service.child);
  return { ...service, metrics: `http://${HOST}:${metricsPort}/metrics` };
}

/**
 * Waits until a process is quiet (under 5 % of a core over a second), at most two minutes; returns
 * the wait in ms. A service answers /readyz before the work it starts in worker threads (the
 * methodology distribution) is done, and that work would count in the CPU of the first scenarios.
 */
async function settle(pid) {
  const started = performance.now();
  let before = cpuMs(pid);
  while (before !== null && performance.now() - started < 120_000) {
    await sleep(1000);
    const after = cpuMs(pid);
    if (after === null || after - before <= 50) break;
    before = after;
  }
  return Math.round(performance.now() - started);
}

/**
 * A service this run loads, started again if it dies, so that the scenarios after the death are
 * still measured (a large catalog can exhaust the heap `npm start` allows): `current` is the
 * running process, `deaths` the scenarios under which earlier ones exited, `readyMs` the first
 * start's time to ready.
 */
async function startHandle(label, env) {
  const handle = { label, env, dataDir: env.DATA_DIR, deaths: [] };
  handle.restart = async () => {
    const service = await startMeasured(env);
    service.exited.then(({ code, signal }) => {
      if (stopping) return;
      // What was loaded on it last: a process can die after its own scenario has ended, while it
      // still writes out the answers queued for it.
      const death = { during: loading ?? 'no scenario', after: handle.lastLoaded, code, signal };
      handle.deaths.push(death);
      console.error(`the ${label} service exited: ${describeDeaths([death])}`);
    });
    // The list's ETag, for courses-304: the body names the process's own URL, so a new process
    // (another port) has another.
    const list = await fetch(`${service.base}/api/v1/courses`, {
      headers: { 'accept-encoding': 'identity' },
    });
    await list.arrayBuffer();
    service.listEtag = list.headers.get('etag');
    service.settleMs = await settle(service.child.pid);
    handle.current = service;
  };
  await handle.restart();
  handle.readyMs = handle.current.readyMs;
  handle.settleMs = handle.current.settleMs;
  return handle;
}

const alive = ({ current: { child } }) => child.exitCode === null && child.signalCode === null;

async function ensureAlive(handle) {
  if (alive(handle)) return;
  console.error(`starting the ${handle.label} service again`);
  await handle.restart();
}

/**
 * A scenario on a service: its URL, pid and headers (given as a function of the process, when they
 * depend on it) are those of the process running when it is loaded.
 */
const at = (handle, path, { headers = {}, ...extra } = {}) => ({
  service: handle,
  get url() {
    return `${handle.current.base}${path}`;
  },
  get pid() {
    return handle.current.child.pid;
  },
  get headers() {
    return typeof headers === 'function' ? headers(handle.current) : headers;
  },
  ...extra,
});

/** Random inputs drawn from one service's own data (its slugs differ with the catalog). */
async function inputsFor(base) {
  const { slugs, questions } = await fetchCatalog(base);
  const answerSets = drawAnswerSets(questions);
  const queries = answerSets.map((answers) => new URLSearchParams(answers).toString());
  let drawn = 0;
  return {
    slugs,
    answerSets,
    randomAnswers: () => answerSets[drawn++ % answerSets.length],
    randomQuery: () => queries[drawn++ % queries.length],
    randomPair: () => distinctSlugs(slugs, 2).join(','),
  };
}

const withPath = (make) => ({
  requests: [{ setupRequest: (req) => ({ ...req, path: make() }) }],
});

/** `tools/call recommend_courses` with random answers. */
function mcpCall(inputs) {
  return { requests: [mcpRecommendRequest(() => inputs.randomAnswers())] };
}

/** The scenarios a service runs at every scale (the ×1 reference runs these too). */
function serviceScenarios(handle, inputs) {
  return {
    'courses-200': at(handle, '/api/v1/courses'),
    course: at(
      handle,
      '',
      withPath(() => `/api/v1/courses/${sample(inputs.slugs)}`),
    ),
    recommend: at(
      handle,
      '',
      withPath(() => `/api/v1/recommendations?${inputs.randomQuery()}`),
    ),
    compare: at(
      handle,
      '',
      withPath(() => `/api/v1/comparisons?courses=${inputs.randomPair()}`),
    ),
    'mcp-recommend': at(handle, '', mcpCall(inputs)),
    page: at(handle, '/ai-seo-courses'),
    // The first page of the list, as a client that pages reads it.
    'courses-paged': at(handle, '/api/v1/courses?limit=20'),
    // Free-text search: a word in many names, descriptions and tags.
    'courses-q': at(handle, '/api/v1/courses?q=local'),
  };
}

/**
 * The status a scenario's first request answers, asked once before any load with the headers
 * autocannon sends (none but the scenario's: fetch would add an Accept-Encoding, and an ETag is
 * per coding).
 */
async function probeStatus({ url, headers = {}, requests: [request = {}] = [] }) {
  const target = new URL(url);
  let req = {
    method: request.method ?? 'GET',
    path: request.path ?? `${target.pathname}${target.search}`,
    headers: { ...headers, ...request.headers },
  };
  if (request.setupRequest) req = request.setupRequest(req);
  const { status } = await bodyBytes(new URL(req.path, target), req);
  return status;
}

/** The event-loop delay percentiles since the previous scrape (prom-client resets them), in ms. */
async function eventLoopLag(metricsUrl) {
  const text = await (await fetch(metricsUrl)).text();
  const ms = (name) => {
    const value = new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1];
    return value === undefined ? null : Math.round(Number(value) * 1000 * 10) / 10;
  };
  return {
    p99_ms: ms('nodejs_eventloop_lag_p99_seconds'),
    max_ms: ms('nodejs_eventloop_lag_max_seconds'),
  };
}

async function timedGet(url) {
  const start = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return { status: response.status, ms: Math.round(performance.now() - start) };
}

/**
 * What names the dataset version a service serves: the cursor of the list's next page, which is
 * bound to the version (null from a build without pages).
 */
async function servedVersion(base) {
  const response = await fetch(`${base}/api/v1/courses?limit=1`);
  await response.arrayBuffer();
  const next = /<([^>]*)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
  return next ? new URL(next, base).searchParams.get('cursor') : null;
}

/**
 * The event loop while the two slow things a replica does happen under load: the first methodology
 * page (it scores every answer combination against every course) and a SIGHUP reload after a data
 * edit (the files re-read and validated, the version derived, and what is kept per version done
 * again). With a steady mix of course and recommendation requests running (PHASE_LOAD): two seconds of that
 * load alone (its own delay, for comparison); then the page requested for the first time since the
 * start and, while it is answered, courses.json edited (a newline appended: the same courses, a new
 * version) and SIGHUP sent to the service's own process; then, once the new version is served, the
 * page requested again (the first page of that version), and one more second of load. /metrics is
 * scraped before and after each part: prom-client resets its event-loop histogram at every scrape.
 */
async function eventLoopPhase(handle, inputs) {
  await ensureAlive(handle);
  const service = handle.current;
  let turn = 0;
  const path = () =>
    turn++ % 2
      ? `/api/v1/courses/${sample(inputs.slugs)}`
      : `/api/v1/recommendations?${inputs.randomQuery()}`;
  let instance;
  const loaded = new Promise((resolve, reject) => {
    instance = autocannon(
      {
        url: service.base,
        ...PHASE_LOAD,
        duration: 600,
        requests: [{ setupRequest: (req) => ({ ...req, path: path() }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  await sleep(1000);
  await eventLoopLag(service.metrics);
  await sleep(2000);
  const loadAlone = await eventLoopLag(service.metrics);
  const before = await servedVersion(service.base);
  const started = performance.now();
  const first = timedGet(`${service.base}${METHODOLOGY_PAGE}`);
  await sleep(50);
  appendFileSync(join(handle.dataDir, 'courses.json'), '\n');
  process.kill(service.child.pid, 'SIGHUP');
  const signalled = performance.now();
  const firstPage = await first;
  // Without a version to watch (a build without pages), the reload is given a few seconds; a
  // reload that serves no new version within a minute is reported as such.
  let reload = 'not observable: this build gives no page cursor';
  if (before === null) await sleep(3000);
  else {
    reload = 'no new version served within 60 s';
    while (performance.now() - signalled < 60_000) {
      if ((await servedVersion(service.base)) !== before) {
        reload = Math.round(performance.now() - signalled);
        break;
      }
      await sleep(20);
    }
  }
  const afterReload = await timedGet(`${service.base}${METHODOLOGY_PAGE}`);
  await sleep(1000);
  const phase = await eventLoopLag(service.metrics);
  const phaseMs = Math.round(performance.now() - started);
  instance.stop();
  const result = await loaded;
  return {
    event_loop_delay_p99_ms: phase.p99_ms,
    event_loop_delay_max_ms: phase.max_ms,
    phase_ms: phaseMs,
    methodology_first: firstPage,
    // SIGHUP to the new version served, in ms (or why there is no figure).
    reload_ms: reload,
    methodology_after_sighup: afterReload,
    load_alone: loadAlone,
    load: {
      rps: Math.round(result.requests.average),
      p99_ms: result.latency.p99,
      max_ms: result.latency.max,
      bad: result.non2xx + result.errors + result.timeouts,
    },
  };
}

/** One answer's body as sent (node:http does not decode): its status and bytes. */
function bodyBytes(url, { method = 'GET', headers = {}, body } = {}, coding) {
  const sent = coding ? { ...headers, 'accept-encoding': coding } : headers;
  return new Promise((resolve, reject) => {
    httpRequest(url, { method, headers: sent }, (response) => {
      let bytes = 0;
      response
        .on('data', (chunk) => (bytes += chunk.length))
        .on('end', () => resolve({ status: response.statusCode, bytes }));
    })
      .on('error', reject)
      .end(body);
  });
}

/** The sizes of the answers that grow with the catalog, identity and br. */
async function responseSizes(base) {
  const targets = {
    'GET /api/v1/courses': {},
    'GET /api/v1/courses?limit=20': {},
    'GET /ai-seo-courses': {},
    'GET /ai-seo-courses.json': {},
    'GET /ai-seo-courses.md': {},
    'GET /llms.txt': {},
    'MCP tools/call search_courses {}': {
      path: '/mcp',
      method: 'POST',
      headers: MCP_HEADERS,
      body: mcpToolCall('search_courses', {}),
    },
  };
  const sizes = {};
  for (const [label, { path = label.split(' ')[1], ...options }] of Object.entries(targets)) {
    const identity = await bodyBytes(`${base}${path}`, options, 'identity');
    const br = await bodyBytes(`${base}${path}`, options, 'br');
    sizes[label] = { status: identity.status, identity: identity.bytes, br: br.bytes };
  }
  return sizes;
}

async function main() {
  if (!args['no-build']) execSync('npm run --silent build', { stdio: 'inherit' });
  // Every service reads a directory of this run's own, which the event-loop phase edits: the ×N
  // catalog, and for ×1 a copy of data/ byte for byte (the same version and ETags as data/ itself).
  const shipped = () => {
    const dir = mkdtempSync(join(tmpdir(), 'course-finder-x1-'));
    cpSync('data', dir, { recursive: true });
    return dir;
  };
  const dataDir = SCALED ? writeCatalog(CATALOG) : shipped();
  const referenceDir = SCALED ? shipped() : null;
  const cleanUp = () => {
    stopping = true;
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    }
    for (const dir of [dataDir, referenceDir]) {
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
  };
  // An interrupted run leaves neither services nor data directories behind.
  process.once('SIGINT', () => {
    cleanUp();
    process.exit(130);
  });
  try {
    await run({ DATA_DIR: dataDir }, referenceDir && { DATA_DIR: referenceDir });
  } finally {
    cleanUp();
  }
}

async function run(dataEnv, referenceEnv) {
  // Started first and alone: its start-to-ready is not shared with another start.
  const service = await startHandle(`×${CATALOG}`, dataEnv);
  const reference = referenceEnv ? await startHandle('×1 reference', referenceEnv) : null;
  const redisService = await startHandle('Redis', { ...dataEnv, REDIS_URL }).catch((error) => {
    console.warn(`courses-200-redis skipped: ${error.message}`);
    return null;
  });
  const { base } = service.current;
  const mcpBare = await startMcpBare(base, dataEnv);

  // The body as it is (fetch would ask for br or gzip): the baseline answers the identical bytes,
  // those of the shipped list at every scale, so that ratios to it compare across scales.
  const identity = { headers: { 'accept-encoding': 'identity' } };
  const coursesResponse = await fetch(`${base}/api/v1/courses`, identity);
  // The courses a recommendation scores (the enrolling ones, which the list gives).
  const enrolling = (await coursesResponse.clone().json()).meta.count;
  const baselineResponse = reference
    ? await fetch(`${reference.current.base}/api/v1/courses`, identity)
    : coursesResponse.clone();
  const baselineEtag = baselineResponse.headers.get('etag');
  const compressed = await compressedSizes(`${base}/api/v1/courses`);
  const baseline = await startBaseline('/api/v1/courses', baselineResponse);
  const inputs = await inputsFor(base);
  const referenceInputs = reference ? await inputsFor(reference.current.base) : null;
  // The baseline must answer what the service answers, or the ratio means nothing.
  const probe = mcpToolCall('recommend_courses', inputs.answerSets[0]);
  const [served, bare] = await Promise.all([
    mcpResult(base, probe),
    mcpResult(mcpBare.base, probe),
  ]);
  if (JSON.stringify(served) !== JSON.stringify(bare)) {
    throw new Error('the bare MCP server does not answer what the service answers');
  }
  const sizes = await responseSizes(base);
  const referenceSizes = reference ? await responseSizes(reference.current.base) : null;

  // Every scenario names the process that serves it, for its CPU per request.
  const own = serviceScenarios(service, inputs);
  const byName = {
    baseline: { url: baseline.base, pid: baseline.child.pid },
    // The same bare server answering 304: the most any server here gains from a 304.
    'baseline-304': {
      url: baseline.base,
      pid: baseline.child.pid,
      headers: { 'if-none-match': baselineEtag },
      expect: 304,
    },
    'courses-200': own['courses-200'],
    // Next to the whole list, which is what they are compared with.
    'courses-paged': own['courses-paged'],
    'courses-q': own['courses-q'],
    // The same list for a client that accepts br, as browsers and most HTTP clients do.
    'courses-200-br': at(service, '/api/v1/courses', { headers: { 'accept-encoding': 'br' } }),
    'courses-304': at(service, '/api/v1/courses', {
      headers: (current) => ({ 'if-none-match': current.listEtag }),
      expect: 304,
    }),
    course: own.course,
    recommend: own.recommend,
    compare: own.compare,
    // The same tools/call on a bare SDK server: the most MCP can do here (mcp-bare-server.mjs).
    'mcp-bare': { url: mcpBare.base, pid: mcpBare.child.pid, ...mcpCall(inputs) },
    'mcp-recommend': own['mcp-recommend'],
    page: own.page,
    ...(redisService
      ? {
          'courses-200-redis': at(redisService, '/api/v1/courses'),
        }
      : {}),
  };
  // Each ×1 scenario runs right after its ×N twin, in the same round.
  const referenceScenarios = reference ? serviceScenarios(reference, referenceInputs) : {};
  const scenarios = {};
  for (const [name, scenario] of Object.entries(byName)) {
    scenarios[name] = scenario;
    if (referenceScenarios[name]) scenarios[`${REF}${name}`] = referenceScenarios[name];
  }
  const only = args.only ? new Set(['baseline', ...args.only.split(',')]) : null;
  const unavailable = {};
  const names = [];
  for (const name of Object.keys(scenarios)) {
    if (only && !only.has(name.replace(REF, ''))) continue;
    // A scenario whose first answer is an error (a parameter this build does not know: 422) is
    // reported as such, not loaded: its fast error answers would read as throughput.
    const status = await probeStatus(scenarios[name]);
    if (status !== (scenarios[name].expect ?? 200)) {
      unavailable[name] = status;
      console.error(`${name}: answers ${status}, not loaded`);
    } else names.push(name);
  }

  // JIT-compiled and caches filled before anything is measured, as a replica is after its first
  // seconds of traffic.
  const loadAlive = async (name, duration, label = name) => {
    const { service: handle } = scenarios[name];
    if (handle) {
      await ensureAlive(handle);
      handle.lastLoaded = label;
    }
    return load(label, scenarios[name], duration);
  };
  if (WARMUP > 0) for (const name of names) await loadAlive(name, WARMUP, `${name} (warm-up)`);

  const rounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const results = {};
    for (const name of names) {
      results[name] = await loadAlive(name);
      const r = results[name];
      console.error(
        `round ${round} ${name}: ${Math.round(r.rps)} req/s p50 ${r.p50} ms p99 ${r.p99} ms${r.cpuMsPerRequest ? ` cpu ${r.cpuMsPerRequest.toFixed(2)} ms/req` : ''}${r.bad ? ` (${r.bad} unexpected statuses or errors ${JSON.stringify(r.statusCodes)})` : ''}${r.answered ? '' : ' (no answer at all)'}${r.valid ? '' : ' NOT COUNTED'}`,
      );
    }
    rounds.push(results);
  }

  /** The median over the rounds where every named scenario answered as it should. */
  const over = (scenarioNames, value) => {
    const valid = rounds.filter((r) => scenarioNames.every((name) => r[name]?.valid));
    return median(valid.map(value).filter(Number.isFinite));
  };
  const table = [
    ...names.map((name) => {
      const cpu = rounds.some((r) => r[name].cpuMsPerRequest !== null);
      const rps = over([name], (r) => r[name].rps);
      return {
        scenario: name,
        rps: rps === null ? null : Math.round(rps),
        p50_ms: over([name], (r) => r[name].p50),
        p99_ms: over([name], (r) => r[name].p99),
        ratio_to_baseline: round3(over([name, 'baseline'], (r) => r[name].rps / r.baseline.rps)),
        cpu_ms_per_request: cpu ? round3(over([name], (r) => r[name].cpuMsPerRequest)) : null,
        // The baseline's CPU per request over this scenario's, per round: the ratio the serving
        // process's own work allows, which the shared host's other load moves far less than the rate.
        cpu_ratio_to_baseline: cpu
          ? round3(
              over([name, 'baseline'], (r) => r.baseline.cpuMsPerRequest / r[name].cpuMsPerRequest),
            )
          : null,
        unexpected_or_errors: rounds.reduce((sum, r) => sum + r[name].bad, 0),
      };
    }),
    ...Object.entries(unavailable).map(([name, status]) => ({
      scenario: name,
      rps: null,
      unexpected_or_errors: `not loaded: answers ${status}`,
    })),
  ];
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
    ['courses-paged', 'courses-200'],
    ['courses-q', 'courses-200'],
  ];
  const relative = (key) =>
    Object.fromEntries(PAIRS.map(([a, b]) => [`${a} / ${b}`, ratio(a, b, key)]));

  // ×N against ×1, per round (the two ran minutes apart at most, on the same host); at ×1 the
  // reference is this run's own scenario.
  const SCALE_PAIRS = [
    ['courses-paged', 'courses-200'],
    ['recommend', 'recommend'],
    ['courses-q', 'courses-200'],
    ['courses-200', 'courses-200'],
    ['course', 'course'],
    ['compare', 'compare'],
    ['mcp-recommend', 'mcp-recommend'],
    ['page', 'page'],
  ];
  const scaleRatios = Object.fromEntries(
    SCALE_PAIRS.filter(([a, b]) => SCALED || a !== b).map(([a, b]) => [
      `${a} ×${CATALOG} / ${b} ×1`,
      {
        by_rate: round3(over([a, ref(b)], (r) => r[a].rps / r[ref(b)].rps)),
        by_cpu: round3(over([a, ref(b)], (r) => r[ref(b)].cpuMsPerRequest / r[a].cpuMsPerRequest)),
      },
    ]),
  );

  // After every scenario: the memory the mixed load left (none if the process died under it), then
  // the event-loop phase.
  const memory = (h) => ({
    rss_after_load_mb: alive(h) ? Math.round(rssMb(h.current.child.pid)) : null,
  });
  const serviceMemory = memory(service);
  const referenceMemory = reference ? memory(reference) : null;
  const phase = await eventLoopPhase(service, inputs);
  const referencePhase = reference ? await eventLoopPhase(reference, referenceInputs) : null;
  const afterPhase = (h) =>
    alive(h)
      ? {
          rss_after_phase_mb: Math.round(rssMb(h.current.child.pid)),
          rss_peak_mb: Math.round(peakRssMb(h.current.child.pid)),
        }
      : { rss_after_phase_mb: null, rss_peak_mb: null };

  const engine = await engineCost(SCALED ? enrolling : undefined);
  const figures = (h, mem, sizesOf, phaseOf) => ({
    start_to_ready_ms: Math.round(h.readyMs),
    // From ready to quiet: the start's work in worker threads.
    ready_to_quiet_ms: h.settleMs,
    ...mem,
    ...afterPhase(h),
    // Each time the process exited under the load; the run went on with a new one.
    deaths: h.deaths,
    response_sizes: sizesOf,
    event_loop_phase: phaseOf,
  });
  const scaled = figures(service, serviceMemory, sizes, phase);
  const scale = {
    catalog: CATALOG,
    courses: inputs.slugs.length,
    enrolling_courses: enrolling,
    // At ×1 there is one service: its figures are the ×1 figures.
    figures: {
      [`x${CATALOG}`]: scaled,
      ...(reference
        ? { x1: figures(reference, referenceMemory, referenceSizes, referencePhase) }
        : {}),
    },
    ratios_to_x1: scaleRatios,
  };
  const acceptance = scaleAcceptance(scaled, scaleRatios, unavailable, names);
  const report = {
    date: new Date().toISOString(),
    machine: machine(),
    command: `npm run bench -- --catalog ${CATALOG} --rounds ${ROUNDS} --duration ${DURATION} --warmup ${WARMUP} --connections ${CONNECTIONS}`,
    table,
    relative: relative('ratio_to_baseline'),
    relative_by_cpu: relative('cpu_ratio_to_baseline'),
    courses_body_bytes: compressed,
    // Where a tools/call's CPU goes, from three measurements of this run
    // (docs/mcp.md#the-cost-of-each-layer): the bare SDK server is the transport and SDK plus the
    // service's work; REST /recommendations is the HTTP pipeline (Express, Nest, guards, logging)
    // plus the same work; the rest of mcp-recommend is the library's hop (mcp-nest, Nest's RPC
    // pipeline, the tool's pipe and interceptor).
    mcp_layers_cpu_ms_per_request: mcpLayers(row, engine[SCALED ? enrolling : 30]),
    // The MCP targets (docs/benchmarks.md#latest-run), from the same run: at least 0.8 × the bare
    // SDK server, p99 <= 150 ms.
    mcp_targets: row('mcp-recommend')?.rps
      ? {
          ratio_to_bare: ratio('mcp-recommend', 'mcp-bare'),
          p99_ms: row('mcp-recommend').p99_ms,
          met: ratio('mcp-recommend', 'mcp-bare') >= 0.8 && row('mcp-recommend').p99_ms <= 150,
        }
      : null,
    start_to_ready_ms: scaled.start_to_ready_ms,
    rss_after_load_mb: scaled.rss_after_load_mb,
    engine_ms_per_recommendation: engine,
    scale,
    scale_acceptance: acceptance,
    ...(SCALED ? {} : { x1_targets: x1Targets(row, ratio, compressed) }),
  };

  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/latest.json', `${JSON.stringify(report, null, 2)}\n`);
  console.table(table);
  console.log(JSON.stringify({ ...report, table: undefined }, null, 2));
  printScale(scale, acceptance, report.x1_targets);
  console.log('written to bench-results/latest.json');
}

const describeDeaths = (deaths) =>
  deaths
    .map(
      ({ during, after, code, signal }) =>
        `during ${during}${after ? `, its last scenario ${after}` : ''} (${signal ?? `exit code ${code}`})`,
    )
    .join(', ');
const fmt = (n) => (n === null || n === undefined ? '–' : n.toLocaleString('en-US'));
const mark = (met) => (met ? '✓' : '✗');

/** The acceptance lines at scale (their targets are for ×100; at other scales they are a guide). */
function scaleAcceptance(x, ratios, unavailable, ran) {
  const size = (label) => x.response_sizes[label];
  const sizeLine = (label, limit) => {
    const s = size(label);
    const ok = s.status === 200;
    return {
      value: ok ? s.identity : null,
      met: ok && s.identity <= limit,
      note: ok ? `${fmt(s.identity)} bytes (br ${fmt(s.br)})` : `answers ${s.status}`,
    };
  };
  const ratioKey = (a, b) => `${a} ×${CATALOG} / ${b} ×1`;
  const ratioLine = (a, b, target) => {
    const value = ratios[ratioKey(a, b)]?.by_rate ?? null;
    const why = () => {
      for (const name of [a, ref(b)]) {
        if (unavailable[name]) return `${name} answers ${unavailable[name]}`;
        if (!ran.includes(name)) return `${name} not run`;
      }
      return 'no round where both answered as they should';
    };
    return {
      value,
      met: value !== null && value >= target,
      note:
        value !== null
          ? `${value} (by CPU ${ratios[ratioKey(a, b)].by_cpu})`
          : `not measured: ${why()}`,
    };
  };
  const t = SCALE_TARGETS;
  const phase = x.event_loop_phase;
  return [
    {
      line: `start to ready ≤ ${t.readyMs / 1000} s`,
      value: x.start_to_ready_ms,
      met: x.start_to_ready_ms <= t.readyMs,
      note: `${(x.start_to_ready_ms / 1000).toFixed(2)} s`,
    },
    {
      line: `RSS after the mixed load ≤ ${t.rssMb} MB`,
      value: x.rss_after_load_mb,
      // A process that died under the load did not hold it within any limit.
      met: x.deaths.length === 0 && x.rss_after_load_mb !== null && x.rss_after_load_mb <= t.rssMb,
      note: `${fmt(x.rss_after_load_mb)} MB (after the phase ${fmt(x.rss_after_phase_mb)}, peak ${fmt(x.rss_peak_mb)})${x.deaths.length ? `; the process died ${x.deaths.length} time(s) under the load: ${describeDeaths(x.deaths)}, and the figures after that are of a new one` : ''}`,
    },
    {
      line: `event-loop delay p99 ≤ ${t.eventLoopP99Ms} ms, first methodology page + SIGHUP under load`,
      value: phase.event_loop_delay_p99_ms,
      met:
        phase.event_loop_delay_p99_ms !== null &&
        phase.event_loop_delay_p99_ms <= t.eventLoopP99Ms &&
        typeof phase.reload_ms === 'number' &&
        phase.methodology_first.status === 200 &&
        phase.methodology_after_sighup.status === 200,
      note: `${fmt(phase.event_loop_delay_p99_ms)} ms (max ${fmt(phase.event_loop_delay_max_ms)}; load alone ${fmt(phase.load_alone.p99_ms)}); page ${phase.methodology_first.status} in ${fmt(phase.methodology_first.ms)} ms; new version served ${typeof phase.reload_ms === 'number' ? `${fmt(phase.reload_ms)} ms after SIGHUP` : `– ${phase.reload_ms}`}; its first page ${phase.methodology_after_sighup.status} in ${fmt(phase.methodology_after_sighup.ms)} ms`,
    },
    {
      line: `courses-paged ×${CATALOG} ≥ ${t.pagedToList} × courses-200 ×1`,
      ...ratioLine('courses-paged', 'courses-200', t.pagedToList),
    },
    {
      line: `recommend ×${CATALOG} ≥ ${t.recommendToRecommend} × recommend ×1`,
      ...(SCALED
        ? ratioLine('recommend', 'recommend', t.recommendToRecommend)
        : { value: 1, met: true, note: 'itself at ×1' }),
    },
    {
      line: `/llms.txt ≤ ${t.llmsBytes / 1000} KB`,
      ...sizeLine('GET /llms.txt', t.llmsBytes),
    },
    {
      line: `MCP search_courses {} ≤ ${t.mcpSearchBytes / 1000} KB`,
      ...sizeLine('MCP tools/call search_courses {}', t.mcpSearchBytes),
    },
  ];
}

/** The targets of the ×1 run (docs/benchmarks.md#latest-run). */
function x1Targets(row, ratio, compressed) {
  const line = (text, a, b, target) => {
    const byRate = b ? ratio(a, b) : row(a)?.ratio_to_baseline;
    const byCpu = b ? ratio(a, b, 'cpu_ratio_to_baseline') : null;
    return {
      line: text,
      by_rate: byRate ?? null,
      by_cpu: byCpu,
      met: byRate !== null && byRate !== undefined && byRate >= target,
    };
  };
  const rest = [
    'courses-200',
    'courses-200-br',
    'courses-304',
    'course',
    'recommend',
    'compare',
    'page',
    'courses-paged',
    'courses-q',
    'courses-200-redis',
  ]
    .map(row)
    .filter((r) => r?.p99_ms !== null && r?.p99_ms !== undefined);
  const p99s = rest.map((r) => r.p99_ms);
  const mcp = row('mcp-recommend');
  return [
    line('courses-200 ≥ 0.25 × baseline', 'courses-200', null, 0.25),
    line('courses-304 ≥ 1.15 × courses-200', 'courses-304', 'courses-200', 1.15),
    line('course ≥ 0.9 × courses-200', 'course', 'courses-200', 0.9),
    line('compare ≥ 0.9 × courses-200', 'compare', 'courses-200', 0.9),
    line('recommend ≥ 0.6 × courses-200', 'recommend', 'courses-200', 0.6),
    line('courses-200-br ≥ 0.9 × courses-200', 'courses-200-br', 'courses-200', 0.9),
    {
      line: `br body ≤ 25 % of identity (${fmt(compressed.identity)} bytes)`,
      by_rate: compressed.br_share,
      met: compressed.br_share <= 0.25,
    },
    {
      line: 'p99 ≤ 80 ms in every REST scenario',
      by_rate: p99s.length ? `${Math.min(...p99s)}–${Math.max(...p99s)} ms` : null,
      met: p99s.length > 0 && Math.max(...p99s) <= 80,
    },
    line('mcp-recommend ≥ 0.8 × mcp-bare', 'mcp-recommend', 'mcp-bare', 0.8),
    {
      line: 'mcp-recommend p99 ≤ 150 ms',
      by_rate: mcp?.p99_ms ?? null,
      met: mcp?.p99_ms !== null && mcp?.p99_ms !== undefined && mcp.p99_ms <= 150,
    },
  ];
}

function printScale(scale, acceptance, x1) {
  const x = scale.figures[`x${CATALOG}`];
  const one = scale.figures.x1;
  const col = `×${CATALOG} (${fmt(scale.courses)} courses)`;
  const rows = [
    ['start to ready, ms', x.start_to_ready_ms, one.start_to_ready_ms],
    ['ready to quiet (worker threads done), ms', x.ready_to_quiet_ms, one.ready_to_quiet_ms],
    ['RSS after the load, MB', x.rss_after_load_mb, one.rss_after_load_mb],
    ['RSS after the phase, MB', x.rss_after_phase_mb, one.rss_after_phase_mb],
    ['RSS peak, MB', x.rss_peak_mb, one.rss_peak_mb],
    [
      'exits under the load',
      describeDeaths(x.deaths) || 'none',
      describeDeaths(one.deaths) || 'none',
    ],
    [
      'event-loop p99 / max in the phase, ms',
      `${x.event_loop_phase.event_loop_delay_p99_ms} / ${x.event_loop_phase.event_loop_delay_max_ms}`,
      `${one.event_loop_phase.event_loop_delay_p99_ms} / ${one.event_loop_phase.event_loop_delay_max_ms}`,
    ],
    [
      'event-loop p99 under the load alone, ms',
      x.event_loop_phase.load_alone.p99_ms,
      one.event_loop_phase.load_alone.p99_ms,
    ],
    [
      'first methodology page, ms',
      x.event_loop_phase.methodology_first.ms,
      one.event_loop_phase.methodology_first.ms,
    ],
    [
      'SIGHUP to new version served, ms',
      x.event_loop_phase.reload_ms,
      one.event_loop_phase.reload_ms,
    ],
    [
      'methodology page of the new version, ms',
      x.event_loop_phase.methodology_after_sighup.ms,
      one.event_loop_phase.methodology_after_sighup.ms,
    ],
    ...Object.keys(x.response_sizes).map((label) => {
      const sizeCell = (s) =>
        s.status === 200 ? `${fmt(s.identity)} (br ${fmt(s.br)})` : `answers ${s.status}`;
      return [
        `${label}, bytes`,
        sizeCell(x.response_sizes[label]),
        sizeCell(one.response_sizes[label]),
      ];
    }),
  ];
  console.log(`\nScale: ×${CATALOG}${SCALED ? ' beside ×1 (the shipped data, same rounds)' : ''}`);
  const cell = (v) => (typeof v === 'string' ? v : fmt(v));
  console.table(
    rows.map(([figure, a, b]) => ({
      figure,
      [col]: cell(a),
      ...(SCALED ? { '×1': cell(b) } : {}),
    })),
  );
  for (const [key, { by_rate, by_cpu }] of Object.entries(scale.ratios_to_x1)) {
    console.log(`${key}: ${by_rate ?? '–'} by rate, ${by_cpu ?? '–'} by CPU`);
  }
  console.log(
    `\nAcceptance at ×${CATALOG}${CATALOG === 100 ? '' : ' (the targets are set for ×100)'}:`,
  );
  for (const a of acceptance) console.log(`${mark(a.met)} ${a.line}: ${a.note}`);
  if (x1) {
    console.log('\nThe ×1 targets:');
    for (const t of x1) {
      console.log(
        `${mark(t.met)} ${t.line}: ${t.by_rate ?? '–'}${t.by_cpu ? ` (by CPU ${t.by_cpu})` : ''}`,
      );
    }
  }
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

/** `engine`: the engine's cost at the number of courses the service scores. */
function mcpLayers(row, engine) {
  const cpu = (name) => row(name)?.cpu_ms_per_request ?? null;
  const [bare, rest, mcp] = [cpu('mcp-bare'), cpu('recommend'), cpu('mcp-recommend')];
  if (bare === null || rest === null || mcp === null) return null;
  const service = engine.median;
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

/**
 * The pure engine alone, on synthetic datasets made by repeating the shipped courses; `scaled`
 * adds the size a ×N catalog scores.
 */
async function engineCost(scaled) {
  const { recommend } = await import('../dist/recommendations/engine.js');
  const { allAnswers } = await import('../dist/recommendations/distribution.js');
  const { loadDataset } = await import('../dist/catalog/dataset.js');
  const { buildCatalog } = await import('../dist/catalog/derive.js');
  const catalog = buildCatalog(loadDataset('./data'), '2026-01-01', {
    siteUrl: 'http://x',
    baseUrl: 'http://x/api/v1',
  });
  const answers = allAnswers();
  const out = {};
  for (const size of new Set([30, 1000, 10000, scaled ?? 30])) {
    const courses = Array.from({ length: size }, (_, i) => ({
      ...catalog.courses[i % catalog.courses.length],
      slug: `course-${i}`,
    }));
    const calls = Math.max(50, Math.min(2000, Math.round(200_000 / size)));
    for (let i = 0; i < 20; i++) recommend(answers[i], courses, catalog.methodology);
    const times = [];
    for (let i = 0; i < calls; i++) {
      const a = answers[(i * 7919) % answers.length];
      const start = process.hrtime.bigint();
      recommend(a, courses, catalog.methodology);
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
