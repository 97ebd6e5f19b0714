// `npm run bench`: loopback load tests of the built service (docs/benchmarks.md), with four
// baselines measured in the same rounds:
//
// - `baseline`: a bare node:http server answering the identical bytes of GET /api/v1/courses (and
//   304 for its ETag): what this machine can do for that answer at all;
// - `nest-bare`: a bare Nest app on Express answering the same bytes (nest-bare-server.mjs): the
//   framework's share, so that the cost of the service's own pipeline shows apart from it;
// - `nest-hooks`: the same bytes through the hooks the service's pipeline stands on (middleware, a
//   global guard, interceptors and pipe), each doing nothing: what Nest costs for that shape;
// - `mcp-bare`: the same `tools/call recommend_courses` on a bare MCP SDK server (mcp-bare-server.mjs).
//
// `--catalog N` runs the same on every course repeated N times (scripts/catalog.mjs) beside a ×1
// twin on the shipped data, and measures the scale figures: start to ready, memory, /healthz while
// the methodology spread is computed and across a change of date (under faketime, when installed).
// `--against DIR` runs a second build (another checkout, built) as the twin instead, scenario by
// scenario in the same rounds, to compare code with code by CPU per request.
//
//   node scripts/bench.mjs [--catalog 1] [--against DIR] [--rounds 3] [--duration 5] [--warmup 2]
//                          [--connections 50] [--only a,b] [--no-build]
import autocannon from 'autocannon';
import { execSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
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
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { writeCatalog } from './catalog.mjs';
import {
  distinctSlugs,
  drawAnswerSets,
  fetchCatalog,
  freePort,
  HOST,
  machine,
  MCP_HEADERS,
  mcpRecommendRequest,
  mcpToolCall,
  record,
  rssMb,
  sample,
  startHelper,
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
    against: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
  },
});
const [ROUNDS, DURATION, WARMUP, CONNECTIONS, CATALOG] = [
  args.rounds,
  args.duration,
  args.warmup,
  args.connections,
  args.catalog,
].map(Number);
if (!Number.isInteger(CATALOG) || CATALOG < 1)
  throw new Error('--catalog must be a whole number ≥ 1');
const TWIN = CATALOG > 1 ? 'x1' : args.against ? 'start' : null;
/** The acceptance lines (docs/benchmarks.md); the scale ones are set for ×100. */
const TARGETS = {
  readyMs: 10_000,
  rssMb: 250,
  healthzMs: 100,
  recommendToX1: 0.25,
  listToNestBareCpu: 2,
  notModifiedToOkRate: 1.2,
  mcpToBareRate: 0.6,
  readyRedisAwayMs: 1000,
  compressedToIdentity: 4,
  againstCpu: 1.15,
};
/** Where Debian's libfaketime package puts the library, by architecture. */
const LIBFAKETIME = ['x86_64', 'aarch64'].map(
  (arch) => `/usr/lib/${arch}-linux-gnu/faketime/libfaketime.so.1`,
);
/** The steady mixed load under which /healthz is probed: light, the same at every scale. */
const PHASE_LOAD = { connections: 10, overallRate: 200 };
const IDENTITY_SCENARIOS = [
  'courses-200',
  'courses-304',
  'courses-paged',
  'courses-q',
  'course',
  'recommend',
  'compare',
  'page',
  'mcp-recommend',
];
const children = [];
const median = (xs) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (s.length === 0) return null;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round3 = (x) => (x === null ? null : Number(x.toFixed(3)));
const fmt = (n) => (n === null || n === undefined ? '–' : n.toLocaleString('en-US'));

/** CPU time (user + system) a process has used, in ms (clock ticks of 10 ms); null once gone. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** A baseline server (load-support.mjs), killed with the bench's other children at its end. */
async function startTracked(args, env = {}) {
  const { child } = await startHelper(args, { env });
  children.push(child);
  return child;
}

/** The bare node:http baseline, answering a recorded response (or 304 for its ETag). */
async function startBaseline(recorded) {
  const port = await freePort();
  const source = `
    const { headers, body } = ${JSON.stringify(recorded)};
    const bytes = Buffer.from(body, 'base64');
    const notModified = { ...headers };
    delete notModified['content-type'];
    require('node:http').createServer((req, res) => {
      if (req.headers['if-none-match'] === headers.etag) res.writeHead(304, notModified).end();
      else res.writeHead(200, { ...headers, 'content-length': bytes.length }).end(bytes);
    }).listen(${port}, '${HOST}', () => process.send('ready'));`;
  return { child: await startTracked(['-e', source]), base: `http://${HOST}:${port}` };
}

/** The service as `npm start` runs it (from `cwd`, another checkout's build for `--against`). */
async function startMeasured(label, env, options = {}) {
  const service = await startService(env, { readyTimeoutMs: 60_000, ...options });
  children.push(service.child);
  service.label = label;
  service.exited.then(({ code, signal }) => {
    if (!stopping && !['faketime', 'Redis away'].includes(label))
      console.error(`the ${label} service exited (${signal ?? `code ${code}`})`);
  });
  return service;
}

/** Load for `seconds`: rate, latency and, from /proc, the serving process's CPU per request. */
function load(scenario, seconds) {
  const before = cpuMs(scenario.pid());
  return new Promise((resolve, reject) => {
    autocannon(
      { connections: CONNECTIONS, duration: seconds, ...scenario.options() },
      (error, r) => {
        if (error) return reject(error);
        const after = cpuMs(scenario.pid());
        const expected = scenario.expect ?? 200;
        const bad =
          Object.entries(r.statusCodeStats)
            .filter(([status]) => Number(status) !== expected)
            .reduce((sum, [, { count }]) => sum + count, 0) +
          r.errors +
          r.timeouts;
        resolve({
          valid: r.requests.total > 0 && bad <= r.requests.total * 0.01,
          rps: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          bad,
          cpu: before !== null && after !== null ? (after - before) / r.requests.total : null,
        });
      },
    );
  });
}

/** A scenario on a server: its URL, the pid whose CPU it costs, and autocannon's options. */
function scenario(server, path, { headers = {}, requests, expect } = {}) {
  return {
    expect,
    pid: () => server.child.pid,
    options: () => ({
      url: `${server.base}${typeof path === 'function' ? '' : path}`,
      headers: typeof headers === 'function' ? headers() : headers,
      ...(requests ? { requests } : {}),
      ...(typeof path === 'function'
        ? { requests: [{ setupRequest: (req) => ({ ...req, path: path() }) }] }
        : {}),
    }),
  };
}

/** The scenarios every service runs (the twin too); `etag` is the list's current tag. */
async function serviceScenarios(service) {
  const { slugs, questions } = await fetchCatalog(service.base);
  const answers = drawAnswerSets(questions);
  const queries = answers.map((a) => new URLSearchParams(a).toString());
  let drawn = 0;
  const list = await fetch(`${service.base}/api/v1/courses`, {
    headers: { 'accept-encoding': 'identity' },
  });
  await list.arrayBuffer();
  const etag = list.headers.get('etag');
  const searches = await searchQueries(service.base);
  return {
    'courses-200': scenario(service, '/api/v1/courses'),
    'courses-200-br': scenario(service, '/api/v1/courses', {
      headers: { 'accept-encoding': 'br' },
    }),
    'courses-200-gzip': scenario(service, '/api/v1/courses', {
      headers: { 'accept-encoding': 'gzip' },
    }),
    'courses-304': scenario(service, '/api/v1/courses', {
      headers: { 'if-none-match': etag },
      expect: 304,
    }),
    'courses-paged': scenario(service, '/api/v1/courses?limit=20'),
    'courses-q': scenario(service, '/api/v1/courses?q=local'),
    // The search's own cost: every request a URL the response cache has not kept yet.
    'search-term': scenario(service, () => searches.term()),
    'search-typo': scenario(service, () => searches.typo()),
    'search-nothing': scenario(service, () => searches.nothing()),
    course: scenario(service, () => `/api/v1/courses/${sample(slugs)}`),
    recommend: scenario(service, () => `/api/v1/recommendations?${queries[drawn++ % 10_000]}`),
    compare: scenario(
      service,
      () => `/api/v1/comparisons?courses=${distinctSlugs(slugs, 2).join(',')}`,
    ),
    page: scenario(service, '/ai-seo-courses'),
    'mcp-recommend': scenario(service, '', {
      requests: [mcpRecommendRequest(() => answers[drawn++ % 10_000])],
    }),
  };
}

/**
 * Searches drawn ahead, none twice in a run (docs/benchmarks.md#search): a glossary term's name (the
 * terms in turn, each time with another page size, which the search does not read), a catalog
 * word of 5 letters or more with one letter changed, and letters no course holds.
 */
async function searchQueries(base) {
  const terms = (await (await fetch(`${base}/api/v1/glossary`)).json()).data.map((t) => t.name);
  const courses = (await (await fetch(`${base}/api/v1/courses?include_inactive=true`)).json()).data;
  const words = [
    ...new Set(
      courses.flatMap((c) => `${c.name} ${c.description ?? ''}`.toLowerCase().match(/[a-z]{5,}/g)),
    ),
  ];
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const letter = () => sample([...letters]);
  const typo = (word) => {
    const at = Math.floor(Math.random() * word.length);
    return `${word.slice(0, at)}${letter()}${word.slice(at + 1)}`;
  };
  const drawn = { term: 0, typo: 0 };
  const path = (q, n) =>
    `/api/v1/courses?${new URLSearchParams({ q, sort: 'relevance', limit: String(1 + (n % 100)) })}`;
  return {
    term: () => {
      const n = drawn.term++;
      return path(terms[n % terms.length], Math.floor(n / terms.length));
    },
    typo: () => path(typo(sample(words)), drawn.typo++),
    nothing: () => path(`zq${Array.from({ length: 8 }, letter).join('')}`, 0),
  };
}

/** Bytes as sent (node:http does not decode) and decoded, of one request. */
function exchange(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    httpRequest(url, { method, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const wire = Buffer.concat(chunks);
        const coding = response.headers['content-encoding'];
        const decode = { br: brotliDecompressSync, gzip: gunzipSync }[coding] ?? ((b) => b);
        resolve({ status: response.statusCode, wire: wire.length, decoded: decode(wire).length });
      });
    })
      .on('error', reject)
      .end(body);
  });
}

/** The answers of the session's recommendation: a common set, with three matches. */
const SESSION_ANSWERS = {
  experience: 'beginner',
  objective: 'ai_geo',
  learning_style: 'self_paced',
  freshness: 'important',
  budget: 'under_100',
  operating_model: 'brand_client',
};

/**
 * What an assistant pays at one service (docs/benchmarks.md#what-an-assistant-pays), each as a
 * client that accepts br and gzip asks for it: the scripted session (`initialize`, `tools/list`, a
 * search for local SEO courses, one course, a recommendation and a comparison; decoded bytes / 4
 * is a rough token count), a first `search_courses {}`, and the MCP App (`resources/read`).
 */
async function assistantCosts(base) {
  const { slugs } = await fetchCatalog(base);
  const rpc = (method, params) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
  const post = (body) =>
    exchange(`${base}/mcp`, {
      method: 'POST',
      headers: { ...MCP_HEADERS, 'accept-encoding': 'br, gzip' },
      body,
    });
  const steps = {
    initialize: rpc('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'bench', version: '1.0.0' },
    }),
    'tools/list': rpc('tools/list', {}),
    'search_courses {specialty: local}': mcpToolCall('search_courses', { specialty: 'local' }),
    get_course: mcpToolCall('get_course', { slug: slugs[0] }),
    recommend_courses: mcpToolCall('recommend_courses', SESSION_ANSWERS),
    compare_courses: mcpToolCall('compare_courses', { courses: slugs.slice(0, 2) }),
  };
  const each = {};
  for (const [step, body] of Object.entries(steps)) each[step] = await post(body);
  const listed = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: MCP_HEADERS,
    body: steps['tools/list'],
  }).then((response) => response.json());
  const total = (key) => Object.values(each).reduce((sum, step) => sum + step[key], 0);
  return {
    session: {
      steps: each,
      decoded: total('decoded'),
      wire: total('wire'),
      tokens: total('decoded') / 4,
    },
    tools: listed.result.tools.length,
    search_courses: await post(mcpToolCall('search_courses', {})),
    mcp_app: await post(rpc('resources/read', { uri: 'ui://course-finder/finder.html' })),
  };
}

/**
 * /healthz probed every 25 ms under a light mixed load (PHASE_LOAD) from `from` until `until()`
 * holds (or 2 minutes): the slowest answer and the 99th percentile, in ms.
 */
async function probeHealthz(service, until) {
  const { slugs } = await fetchCatalog(service.base);
  let instance;
  const done = new Promise((resolve) => {
    instance = autocannon(
      {
        url: service.base,
        ...PHASE_LOAD,
        duration: 600,
        requests: [
          { setupRequest: (req) => ({ ...req, path: `/api/v1/courses/${sample(slugs)}` }) },
        ],
      },
      resolve,
    );
  });
  const times = [];
  const started = Date.now();
  while (!(await until()) && Date.now() - started < 120_000) {
    const t0 = performance.now();
    await (await fetch(`${service.base}/healthz`)).arrayBuffer();
    times.push(performance.now() - t0);
    await sleep(25);
  }
  instance.stop();
  await done;
  const sorted = [...times].sort((a, b) => a - b);
  return {
    probes: times.length,
    max_ms: Math.round(sorted.at(-1) ?? 0),
    p99_ms: Math.round(sorted[Math.floor(sorted.length * 0.99)] ?? 0),
    ms: Date.now() - started,
  };
}

/**
 * /healthz while a SIGHUP reload reads and validates the data again, synchronously
 * (docs/operations.md#reloading-on-sighup): `courses.json` gains a newline (the same courses, other
 * data), the service its SIGHUP, and the probe runs until the new data is served (a page's cursor
 * names the data) and a second more.
 */
async function reloadPause(service, dataDir) {
  const link = async () =>
    (await fetch(`${service.base}/api/v1/courses?limit=1`)).headers.get('link');
  const before = await link();
  const file = join(dataDir, 'courses.json');
  writeFileSync(file, `${readFileSync(file, 'utf8')}\n`);
  let sent = false;
  let servedAt;
  return probeHealthz(service, async () => {
    if (!sent) {
      sent = true;
      process.kill(service.child.pid, 'SIGHUP');
      return false;
    }
    servedAt ??= (await link()) !== before ? Date.now() : undefined;
    return servedAt !== undefined && Date.now() > servedAt + 1000;
  });
}

/** Whether the methodology page is complete (cacheable: its spread of matches is computed). */
async function spreadReady(service) {
  const page = await fetch(`${service.base}/ai-seo-courses/methodology`);
  await page.arrayBuffer();
  return page.headers.get('cache-control') !== 'no-store';
}

/**
 * /healthz across a change of UTC date: a service started under faketime some seconds before
 * midnight, probed from its start until its first minute of the new day has begun; at midnight
 * the catalog is derived again and the spread recomputed. Null when faketime is not installed.
 */
async function acrossMidnight(env) {
  // libfaketime preloaded into the service itself: the `faketime` command would run it as a
  // child of its own, which a signal to the command leaves running.
  const library = LIBFAKETIME.find((path) => existsSync(path));
  if (!library) return null;
  const lead = CATALOG > 1 ? 20 : 10;
  const midnight = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  midnight.setUTCDate(midnight.getUTCDate() + 1);
  const start = new Date(midnight.getTime() - lead * 1000);
  const at = start.toISOString().slice(0, 19).replace('T', ' ');
  const realMidnight = Date.now() + lead * 1000;
  const service = await startMeasured('faketime', {
    ...env,
    LD_PRELOAD: library,
    FAKETIME: `@${at}`,
  });
  let recomputing = false;
  const healthz = await probeHealthz(service, async () => {
    if (Date.now() < realMidnight + 500) return false;
    recomputing ||= !(await spreadReady(service));
    return Date.now() > realMidnight + 5000;
  });
  service.child.kill('SIGTERM');
  return { ...healthz, spread_recomputed_after_midnight: recomputing };
}

/** The engine alone, on the shipped courses repeated to each size (docs/methodology.md#speed). */
async function engineCost(sizes) {
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
  for (const size of new Set(sizes)) {
    const courses = Array.from({ length: size }, (_, i) => ({
      ...catalog.courses[i % catalog.courses.length],
      slug: `course-${i}`,
    }));
    const times = [];
    for (let i = 0; i < Math.max(50, Math.min(2000, Math.round(200_000 / size))); i++) {
      const t0 = process.hrtime.bigint();
      recommend(answers[(i * 7919) % answers.length], courses, catalog.methodology);
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    out[size] = Number(median(times).toFixed(4));
  }
  return out;
}

let stopping = false;

async function main() {
  if (!args['no-build']) execSync('npm run --silent build', { stdio: 'inherit' });
  const copy = (from = 'data') => {
    const dir = mkdtempSync(join(tmpdir(), 'course-finder-bench-'));
    cpSync(from, dir, { recursive: true });
    return dir;
  };
  const dataDir = CATALOG > 1 ? writeCatalog(CATALOG) : copy();
  // Another build reads its own checkout's data: the files' shapes may differ between the two.
  const twinDir = TWIN ? copy(TWIN === 'start' ? join(args.against, 'data') : 'data') : null;
  const cleanUp = () => {
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    for (const dir of [dataDir, twinDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => {
    cleanUp();
    process.exit(130);
  });
  try {
    await run({ DATA_DIR: dataDir }, twinDir && { DATA_DIR: twinDir });
  } finally {
    cleanUp();
  }
}

async function run(env, twinEnv) {
  // Started alone, its start timed alone; then /healthz while its spread is computed.
  const service = await startMeasured(`×${CATALOG}`, env);
  const duringSpread = await probeHealthz(service, () => spreadReady(service));
  const twin = TWIN
    ? await startMeasured(TWIN, twinEnv, TWIN === 'start' ? { cwd: args.against } : {})
    : null;
  // Started alone too: how long a start waits for a Redis that refuses (it need not wait).
  const redisAway = await startMeasured('Redis away', {
    ...env,
    REDIS_URL: `redis://${HOST}:${await freePort()}`,
  });
  redisAway.child.kill('SIGTERM');
  await redisAway.exited;
  const redis = await startMeasured('Redis', {
    ...env,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  }).catch((error) => console.warn(`courses-200-redis skipped: ${error.message}`));
  // The baselines answer the shipped list's bytes at every scale, so that ratios compare.
  const recorded = await record(`${(CATALOG > 1 ? twin : service).base}/api/v1/courses`);
  const file = join(mkdtempSync(join(tmpdir(), 'bench-')), 'response.json');
  writeFileSync(file, JSON.stringify(recorded));
  const baseline = await startBaseline(recorded);
  const nestPort = await freePort();
  const nestBare = {
    child: await startTracked(['scripts/nest-bare-server.mjs', String(nestPort), file]),
    base: `http://${HOST}:${nestPort}`,
  };
  const hooksPort = await freePort();
  const nestHooks = {
    child: await startTracked(['scripts/nest-bare-server.mjs', String(hooksPort), file, 'hooks']),
    base: `http://${HOST}:${hooksPort}`,
  };
  const mcpPort = await freePort();
  const mcpBare = {
    child: await startTracked(['scripts/mcp-bare-server.mjs', String(mcpPort), service.base], env),
    base: `http://${HOST}:${mcpPort}`,
  };

  const own = await serviceScenarios(service);
  const twinOwn = twin ? await serviceScenarios(twin) : {};
  const all = {
    baseline: scenario(baseline, '/api/v1/courses'),
    'baseline-304': scenario(baseline, '/api/v1/courses', {
      headers: { 'if-none-match': recorded.headers.etag },
      expect: 304,
    }),
    'nest-bare': scenario(nestBare, '/api/v1/courses'),
    'nest-hooks': scenario(nestHooks, '/api/v1/courses'),
    'mcp-bare': {
      ...own['mcp-recommend'],
      pid: () => mcpBare.child.pid,
      options: () => ({ ...own['mcp-recommend'].options(), url: mcpBare.base }),
    },
  };
  for (const [name, s] of Object.entries(own)) {
    all[name] = s;
    if (twinOwn[name]) all[`${TWIN}:${name}`] = twinOwn[name];
  }
  if (redis) all['courses-200-redis'] = scenario(redis, '/api/v1/courses');
  const only =
    args.only &&
    new Set(['baseline', 'nest-bare', 'nest-hooks', 'mcp-bare', ...args.only.split(',')]);
  const names = Object.keys(all).filter((name) => !only || only.has(name.replace(/^\w+:/, '')));

  for (const name of names) if (WARMUP > 0) await load(all[name], WARMUP);
  const rounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const results = {};
    for (const name of names) {
      results[name] = await load(all[name], DURATION);
      const r = results[name];
      console.error(
        `round ${round} ${name}: ${Math.round(r.rps)} req/s, p99 ${r.p99} ms, cpu ${r.cpu?.toFixed(3)} ms/req${r.valid ? '' : ` NOT COUNTED (${r.bad} bad)`}`,
      );
    }
    rounds.push(results);
  }
  /** The median over the rounds where every named scenario answered as it should. */
  const over = (names, value) =>
    median(rounds.filter((r) => names.every((n) => r[n]?.valid)).map(value));
  const cpuRatio = (a, b) => round3(over([a, b], (r) => r[a].cpu / r[b].cpu));
  const table = names.map((name) => ({
    scenario: name,
    rps: Math.round(over([name], (r) => r[name].rps) ?? 0),
    p50_ms: over([name], (r) => r[name].p50),
    p99_ms: over([name], (r) => r[name].p99),
    cpu_ms_per_request: round3(over([name], (r) => r[name].cpu)),
    cpu_x_baseline: cpuRatio(name, 'baseline'),
    cpu_x_nest_bare: cpuRatio(name, 'nest-bare'),
  }));

  const rss = rssMb(service.child.pid);
  const checks = [
    ...['br', 'gzip']
      .filter((coding) => names.includes(`courses-200-${coding}`) && names.includes('courses-200'))
      .map((coding) => {
        const value = cpuRatio(`courses-200-${coding}`, 'courses-200');
        return {
          line: `a ${coding} list costs ≤ ${TARGETS.compressedToIdentity} × the identity list, by CPU`,
          value,
          met: value !== null && value <= TARGETS.compressedToIdentity,
        };
      }),
  ];
  // The pipeline against the framework and the protocol (docs/benchmarks.md#the-pipeline).
  const rateRatio = (a, b) => round3(over([a, b], (r) => r[a].rps / r[b].rps));
  const pipelineLines = [
    [
      `the cached list ≤ ${TARGETS.listToNestBareCpu} × bare Nest, by CPU per request`,
      'courses-200',
      () => cpuRatio('courses-200', 'nest-bare'),
      (v) => v <= TARGETS.listToNestBareCpu,
    ],
    [
      `a 304 ≥ ${TARGETS.notModifiedToOkRate} × the rate of its 200`,
      'courses-304',
      () => rateRatio('courses-304', 'courses-200'),
      (v) => v >= TARGETS.notModifiedToOkRate,
    ],
    [
      `MCP recommend_courses ≥ ${TARGETS.mcpToBareRate} × the rate of a bare SDK server, same body`,
      'mcp-recommend',
      () => rateRatio('mcp-recommend', 'mcp-bare'),
      (v) => v >= TARGETS.mcpToBareRate,
    ],
  ];
  for (const [line, needs, value, met] of pipelineLines) {
    if (!names.includes(needs) || (needs === 'courses-304' && !names.includes('courses-200')))
      continue;
    const v = value();
    checks.push({ line, value: v, met: v !== null && met(v) });
  }
  checks.push({
    line: `start to ready with REDIS_URL at a closed port ≤ ${TARGETS.readyRedisAwayMs} ms`,
    value: Math.round(redisAway.readyMs),
    met: redisAway.readyMs <= TARGETS.readyRedisAwayMs,
  });
  if (TWIN === 'start') {
    for (const name of IDENTITY_SCENARIOS.filter((n) => names.includes(n))) {
      const value = cpuRatio(name, `start:${name}`);
      checks.push({
        line: `${name} within ${Math.round((TARGETS.againstCpu - 1) * 100)} % of the start's CPU per request`,
        value,
        met: value !== null && value <= TARGETS.againstCpu,
      });
    }
  }
  const sizes = {
    list: {
      identity: (await exchange(`${service.base}/api/v1/courses`)).wire,
      br: (
        await exchange(`${service.base}/api/v1/courses`, { headers: { 'accept-encoding': 'br' } })
      ).wire,
      gzip: (
        await exchange(`${service.base}/api/v1/courses`, { headers: { 'accept-encoding': 'gzip' } })
      ).wire,
    },
  };
  const assistant = await assistantCosts(service.base);
  const assistantStart = TWIN === 'start' ? await assistantCosts(twin.base) : undefined;
  if (CATALOG === 1) {
    const { session } = assistant;
    // What an assistant pays, at today's catalog (docs/benchmarks.md#what-an-assistant-pays).
    const kb = (bytes) => Math.round(bytes / 100) / 10;
    // The contract's five tools in 45 KB, and 5 KB for each tool the service adds (docs/mcp.md).
    const toolsBudget = 45_000 + 5_000 * (assistant.tools - 5);
    checks.push(
      ...[
        [
          `tools/list ≤ ${kb(toolsBudget)} KB decoded (${assistant.tools} tools)`,
          session.steps['tools/list'].decoded,
          toolsBudget,
        ],
        ['search_courses {} ≤ 30 KB decoded', assistant.search_courses.decoded, 30_000],
        ['the MCP App ≤ 160 KB on the wire', assistant.mcp_app.wire, 160_000],
        ['the scripted session ≤ 100 KB decoded', session.decoded, 100_000],
        ['the scripted session ≤ 30 KB on the wire', session.wire, 30_000],
      ].map(([line, bytes, limit]) => ({ line, value: `${kb(bytes)} KB`, met: bytes <= limit })),
    );
  }
  const midnight = await acrossMidnight(env);
  const reload = await reloadPause(service, env.DATA_DIR);
  if (CATALOG > 1) {
    const recommend = round3(
      over(['recommend', 'x1:recommend'], (r) => r.recommend.rps / r['x1:recommend'].rps),
    );
    checks.push(
      {
        line: `start to ready ≤ ${TARGETS.readyMs / 1000} s`,
        value: Math.round(service.readyMs),
        met: service.readyMs <= TARGETS.readyMs,
      },
      {
        line: `RSS after the mixed load ≤ ${TARGETS.rssMb} MB`,
        value: Math.round(rss),
        met: rss <= TARGETS.rssMb,
      },
      {
        line: `/healthz ≤ ${TARGETS.healthzMs} ms while the spread is computed`,
        value: duringSpread.max_ms,
        met: duringSpread.max_ms <= TARGETS.healthzMs,
      },
      {
        line: `/healthz ≤ ${TARGETS.healthzMs} ms across a change of date`,
        value: midnight ? midnight.max_ms : 'faketime is not installed',
        met: midnight !== null && midnight.max_ms <= TARGETS.healthzMs,
      },
      {
        line: `recommend ×${CATALOG} ≥ ${TARGETS.recommendToX1} × recommend ×1, by rate`,
        value: recommend,
        met: recommend !== null && recommend >= TARGETS.recommendToX1,
      },
    );
  }
  const report = {
    date: new Date().toISOString(),
    machine: machine(),
    command: `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim(),
    courses: (await fetchCatalog(service.base)).slugs.length,
    table,
    checks,
    start_to_ready_ms: Math.round(service.readyMs),
    start_to_ready_redis_away_ms: Math.round(redisAway.readyMs),
    rss_after_load_mb: Math.round(rss),
    healthz_during_spread: duringSpread,
    healthz_across_midnight: midnight,
    healthz_during_reload: reload,
    sizes,
    assistant,
    ...(assistantStart && { assistant_start: assistantStart }),
    engine_ms_per_recommendation: await engineCost([34, 1000, 3400, 10_000]),
  };
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/latest.json', `${JSON.stringify(report, null, 2)}\n`);
  console.table(table);
  for (const c of checks) console.log(`${c.met ? '✓' : '✗'} ${c.line}: ${fmt(c.value)}`);
  console.log(JSON.stringify({ ...report, table: undefined, checks: undefined }, null, 2));
  console.log('written to bench-results/latest.json');
}

main().catch((error) => {
  console.error(error);
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  process.exit(1);
});
