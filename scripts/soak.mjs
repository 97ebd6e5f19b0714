// `npm run soak`: a time-bounded soak of the built service on loopback. A steady mixed load (REST
// reads, recommendations with random answers, 304s, MCP tool calls, site pages) at a rate below
// saturation, with RSS, heap used, event-loop delay and the 5xx count sampled every 10 s, written to
// bench-results/ as a Markdown table and an SVG chart. Exit code 1, saying why, on any 5xx, on RSS
// growing more than 15 %, or on an event-loop delay p99 over 100 ms in any interval.
//
//   node scripts/soak.mjs [--minutes 5] [--rate 100] [--connections 40] [--warmup 10]
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { closeSync, copyFileSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
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
  START_ARGS,
  startService,
  stopService,
} from './load-support.mjs';
import { markdown, otherUnexpected, round, svgChart } from './soak-report.mjs';

/** Sleeps until `at` (a `performance.now()` time); at once when it has passed. */
const sleepUntil = (at) => sleep(Math.max(0, at - performance.now()));

process.chdir(fileURLToPath(new URL('..', import.meta.url)));

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '5' },
    rate: { type: 'string', default: '100' },
    connections: { type: 'string', default: '40' },
    warmup: { type: 'string', default: '10' },
  },
});
const MINUTES = Number(args.minutes);
const RATE = Number(args.rate);
const CONNECTIONS = Number(args.connections);
/**
 * Seconds of the same load before the measured minutes, as `npm run bench` warms up: JIT and caches
 * warm, as a replica is after its first seconds of traffic. Reported, not checked (but a 5xx in it
 * fails the run).
 */
const WARMUP_S = Number(args.warmup);
const INTERVAL_S = 10;
const SAMPLES = Math.round((MINUTES * 60) / INTERVAL_S);
const DURATION_S = SAMPLES * INTERVAL_S;
/**
 * autocannon paces a connection by sending its quota for the second as fast as it can, then waiting
 * for the next second, and one instance's connections start their seconds together. Instances
 * ("streams") started 50 ms apart spread those bursts over the second.
 */
const STREAMS = 20;
const LIMITS = { rssGrowth: 0.15, eventLoopP99Ms: 100 };

if (!(SAMPLES >= 2)) fail(`--minutes must be at least ${(2 * INTERVAL_S) / 60} (two samples)`);
if (!(RATE >= STREAMS) || !Number.isInteger(RATE)) fail(`--rate must be an integer ≥ ${STREAMS}`);
if (!(WARMUP_S >= 0)) fail('--warmup must be a number of seconds ≥ 0');
if (!(CONNECTIONS >= STREAMS) || !Number.isInteger(CONNECTIONS)) {
  fail(`--connections must be an integer ≥ ${STREAMS}`);
}

function fail(message) {
  console.error(`soak: ${message}`);
  process.exit(1);
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const percentile = (xs, p) => {
  if (xs.length === 0) return NaN;
  const sorted = Float64Array.from(xs).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
/** CPU time (`process.cpuUsage()` difference) as a percentage of one core over `seconds`. */
const cpuPercent = ({ user, system }, seconds) => (user + system) / 1e4 / seconds;
/** Stream `i`'s part of `total`, the parts differing by at most one. */
const share = (total, i) => Math.floor(total / STREAMS) + (i < total % STREAMS ? 1 : 0);

// ---------------------------------------------------------------------------------------------
// The mix

const BOOLEAN_VALUES = new Set(['true', 'false', '1', '0']);

/**
 * Query parameters of GET /courses that take one of a list of values, from the OpenAPI document
 * (the boolean ones as `true`/`false`/`1`/`0`).
 */
async function courseFilters(base) {
  const doc = await (await fetch(`${base}/api/v1/openapi.json`)).json();
  return doc.paths['/courses'].get.parameters
    .filter((p) => p.in === 'query' && Array.isArray(p.schema?.enum))
    .map((p) => ({
      name: p.name,
      values: p.schema.enum,
      boolean: p.schema.enum.every((v) => BOOLEAN_VALUES.has(v)),
    }));
}

/** Each filter present half the time, with a random value; as JSON for a tool call. */
function randomFilters(filters, { json = false } = {}) {
  return Object.fromEntries(
    filters
      .filter(() => Math.random() < 0.5)
      .map((f) => {
        const value = sample(f.values);
        return [f.name, json && f.boolean ? value === 'true' || value === '1' : value];
      }),
  );
}

/** The ETag of each of these paths, fetched once before the run and then sent as If-None-Match. */
async function fetchEtags(base, paths) {
  return Promise.all(
    paths.map(async (path) => {
      // As the load sends it: no Accept-Encoding, so the identity coding and its tag.
      const response = await fetch(`${base}${path}`, {
        headers: { 'accept-encoding': 'identity' },
      });
      await response.arrayBuffer();
      const etag = response.headers.get('etag');
      if (!etag) throw new Error(`${path} answered without an ETag`);
      return { path, etag };
    }),
  );
}

/**
 * The kinds of request and their weights (out of 100). `ok`: the statuses expected (a conditional
 * request may also get 200, if a page's ETag changes during the run, e.g. at midnight).
 */
function buildMix({ slugs, questions, filters, conditional }) {
  const answerSets = drawAnswerSets(questions);
  const answerQueries = answerSets.map((a) => new URLSearchParams(a).toString());
  let drawn = 0;
  const answers = () => answerSets[drawn++ % answerSets.length];
  const answerQuery = () => answerQueries[drawn++ % answerQueries.length];
  const get = (path, headers = {}) => ({ method: 'GET', path, headers, body: '' });
  const mcp = (tool, makeArgs) => () => ({
    method: 'POST',
    path: '/mcp',
    headers: MCP_HEADERS,
    body: mcpToolCall(tool, makeArgs()),
  });
  const ok200 = new Set([200]);
  const kinds = [
    // REST reads: 35
    [
      'GET /api/v1/courses?filters',
      10,
      () => get(`/api/v1/courses?${new URLSearchParams(randomFilters(filters))}`),
    ],
    ['GET /api/v1/courses/{slug}', 10, () => get(`/api/v1/courses/${sample(slugs)}`)],
    [
      'GET /api/v1/comparisons',
      6,
      () =>
        get(
          `/api/v1/comparisons?courses=${distinctSlugs(slugs, Math.random() < 0.5 ? 2 : 3).join(',')}`,
        ),
    ],
    ['GET /api/v1/methodology', 4, () => get('/api/v1/methodology')],
    ['GET /api/v1/finder/questions', 5, () => get('/api/v1/finder/questions')],
    // Recommendations with random answers: 15
    ['GET /api/v1/recommendations', 15, () => get(`/api/v1/recommendations?${answerQuery()}`)],
    // 304s: 10
    [
      'GET with If-None-Match (304)',
      10,
      () => {
        const { path, etag } = sample(conditional);
        return get(path, { 'if-none-match': etag });
      },
      new Set([304, 200]),
    ],
    // MCP tool calls: 15
    ['MCP recommend_courses', 7, mcp('recommend_courses', answers)],
    ['MCP search_courses', 4, mcp('search_courses', () => randomFilters(filters, { json: true }))],
    ['MCP get_course', 4, mcp('get_course', () => ({ slug: sample(slugs) }))],
    // Site pages: 25
    ['GET /ai-seo-courses', 6, () => get('/ai-seo-courses')],
    ['GET /ai-seo-courses/{slug}', 6, () => get(`/ai-seo-courses/${sample(slugs)}`)],
    ['GET /ai-seo-courses/finder?answers', 6, () => get(`/ai-seo-courses/finder?${answerQuery()}`)],
    ['GET /ai-seo-courses/methodology', 3, () => get('/ai-seo-courses/methodology')],
    ['GET /llms.txt', 4, () => get('/llms.txt')],
  ].map(([name, weight, make, ok = ok200]) => ({
    name,
    weight,
    make,
    ok,
    mcp: name.startsWith('MCP'),
    statuses: {},
  }));
  const table = kinds.flatMap((kind) => Array(kind.weight).fill(kind));
  return { kinds, pick: () => table[Math.floor(Math.random() * table.length)] };
}

/** A tool call answered 200 whose JSON-RPC body is an error or a tool error. */
function mcpFailed(body) {
  try {
    const message = JSON.parse(body);
    return Boolean(message.error || message.result?.isError || !message.result);
  } catch {
    return true;
  }
}

/** One request of every kind, before the run: a wrong path or header fails here, not in the table. */
async function preflight(base, kinds) {
  for (const kind of kinds) {
    const { method, path, headers, body } = kind.make();
    const response = await fetch(`${base}${path}`, { method, headers, body: body || undefined });
    const text = await response.text();
    if (!kind.ok.has(response.status) || (kind.mcp && mcpFailed(text))) {
      throw new Error(
        `preflight: ${kind.name} (${method} ${path}) answered ${response.status}: ${text.slice(0, 300)}`,
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Measuring

/** The /metrics endpoint: on METRICS_PORT when the service serves it there, else on the main port. */
async function findMetrics(base, metricsPort, deadlineMs = 5_000) {
  const candidates = [`http://${HOST}:${metricsPort}/metrics`, `${base}/metrics`];
  const start = Date.now();
  for (;;) {
    for (const url of candidates) {
      try {
        const response = await fetch(url);
        if (response.ok && (await response.text()).includes('nodejs_heap_size_used_bytes'))
          return url;
      } catch {
        // not listening
      }
    }
    if (Date.now() - start > deadlineMs)
      throw new Error(`no /metrics on ${candidates.join(' or ')}`);
    await sleep(100);
  }
}

function metric(text, name) {
  const match = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text);
  return match ? Number(match[1]) : NaN;
}

function server5xx(text) {
  let sum = 0;
  for (const match of text.matchAll(/^http_requests_total\{[^}]*status="5\d\d"[^}]*\} (\S+)$/gm)) {
    sum += Number(match[1]);
  }
  return sum;
}

/**
 * One scrape. prom-client reads its event-loop histogram (`monitorEventLoopDelay`) and resets it on
 * every scrape, so the p99 and max are those of the interval since the previous scrape (the soak is
 * the only scraper).
 */
async function scrape(url) {
  const text = await (await fetch(url)).text();
  return { text, readings: readings(text) };
}

function readings(text) {
  return {
    heapMb: metric(text, 'nodejs_heap_size_used_bytes') / 2 ** 20,
    loopP99Ms: metric(text, 'nodejs_eventloop_lag_p99_seconds') * 1000,
    loopMaxMs: metric(text, 'nodejs_eventloop_lag_max_seconds') * 1000,
    cpuSeconds: metric(text, 'process_cpu_seconds_total'),
    server5xx: server5xx(text),
  };
}

/** Requests and mean time in the service per method and route, from its duration histogram. */
function routeTimes(text) {
  const routes = new Map();
  const pattern =
    /^http_request_duration_seconds_(sum|count)\{method="([^"]*)",route="([^"]*)"\} (\S+)$/gm;
  for (const [, part, method, route, value] of text.matchAll(pattern)) {
    const key = `${method} ${route}`;
    routes.set(key, { ...routes.get(key), [part]: Number(value) });
  }
  return [...routes]
    .map(([route, { sum, count }]) => ({ route, count, meanMs: (sum / count) * 1000 }))
    .filter((r) => r.count > 0)
    .sort((a, b) => b.count * b.meanMs - a.count * a.meanMs);
}

function newInterval() {
  return {
    responses: 0,
    s5xx: 0,
    unexpected: 0,
    mcpErrors: 0,
    errors: 0,
    timeouts: 0,
    latencies: [],
  };
}

// ---------------------------------------------------------------------------------------------
// Checks

/** RSS compared between minute 2 and the last minute, or between halves for runs under 3 minutes. */
function rssGrowth(samples) {
  const loaded = samples.filter((s) => s.phase === 'load');
  const n = loaded.length;
  const perMinute = 60 / INTERVAL_S;
  const half = Math.floor(n / 2);
  const [first, last, how] =
    n >= 3 * perMinute
      ? [
          { label: 'minute 2', samples: loaded.slice(perMinute, 2 * perMinute) },
          { label: 'last minute', samples: loaded.slice(n - perMinute) },
          'mean RSS of the samples in minute 2 vs in the last minute',
        ]
      : [
          { label: 'first half', samples: loaded.slice(0, half) },
          { label: 'second half', samples: loaded.slice(n - half) },
          'mean RSS of the samples in the first half vs the second half (under 3 minutes, minute 2 and the last minute are not two distinct minutes)',
        ];
  const window = ({ label, samples: inside }) => ({
    label,
    from: inside[0].t - INTERVAL_S,
    to: inside.at(-1).t,
    rssMb: mean(inside.map((s) => s.rssMb)),
  });
  const a = window(first);
  const b = window(last);
  return { how, first: a, last: b, growth: b.rssMb / a.rssMb - 1 };
}

/**
 * An idle Node process measuring its own event-loop delay as prom-client does in the service: what
 * the host alone (other processes, CPU steal) costs a Node process in each interval. It tells a
 * stall of the service from a stall of the machine; the checks do not use it.
 */
function startCanary() {
  const source = `
    const { monitorEventLoopDelay } = require('node:perf_hooks');
    const delay = monitorEventLoopDelay();
    delay.enable();
    process.on('message', () => {
      process.send({ p99Ms: delay.percentile(99) / 1e6, maxMs: delay.max / 1e6 });
      delay.reset();
    });`;
  const child = spawn(process.execPath, ['-e', source], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return {
    read: () =>
      new Promise((resolve) => {
        child.once('message', resolve);
        child.send('read');
      }),
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) process.kill(child.pid, 'SIGTERM');
    },
  };
}

// ---------------------------------------------------------------------------------------------

async function main() {
  await import('./build-if-needed.mjs');
  mkdirSync('bench-results', { recursive: true });
  const stamp = new Date()
    .toISOString()
    .replace(/:/g, '-')
    .replace(/\.\d+Z$/, 'Z');
  const logPath = `bench-results/soak-${stamp}.server.log`;
  const log = openSync(logPath, 'w');
  const metricsPort = await freePort();
  const service = await startService(
    { LOG_LEVEL: 'warn', METRICS_PORT: String(metricsPort) },
    { stdio: ['ignore', log, log] },
  )
    .catch((error) => {
      throw new Error(`${error.message} (its log: ${logPath})`);
    })
    .finally(() => closeSync(log));
  const canary = startCanary();
  let stopping;
  const stop = () => (stopping ??= stopService(service));
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      console.error(`soak: ${signal}; stopping the service`);
      canary.stop();
      stop().finally(() => process.exit(130));
    });
  }
  try {
    const report = await soak(service, metricsPort, stop, canary);
    return writeReport(report, stamp, logPath);
  } finally {
    canary.stop();
    await stop();
  }
}

/** Runs the load, samples every INTERVAL_S, stops the service and checks the figures. */
async function soak(service, metricsPort, stop, canary) {
  const { base, child } = service;
  const metricsUrl = await findMetrics(base, metricsPort);
  const { slugs, questions } = await fetchCatalog(base);
  const filters = await courseFilters(base);
  const conditional = await fetchEtags(base, [
    '/api/v1/courses',
    '/api/v1/methodology',
    '/api/v1/finder/questions',
    ...slugs.map((slug) => `/api/v1/courses/${slug}`),
    '/ai-seo-courses',
    '/llms.txt',
  ]);
  const { kinds, pick } = buildMix({ slugs, questions, filters, conditional });
  await preflight(base, kinds);

  const meta = {
    date: new Date().toISOString(),
    machine: machine(),
    loadavg: loadavg()
      .map((l) => l.toFixed(2))
      .join(', '),
    command: `npm run soak -- --minutes ${MINUTES} --rate ${RATE} --connections ${CONNECTIONS} --warmup ${WARMUP_S}`,
    startArgs: START_ARGS.join(' '),
    metricsSource: metricsUrl.startsWith(base) ? 'the main port' : 'METRICS_PORT',
  };
  console.error(
    `soak: ${DURATION_S} s at ${RATE} req/s against ${base} (pid ${child.pid}), /metrics from ${meta.metricsSource}`,
  );

  let interval = newInterval();
  // One request entry whose setup draws the kind; autocannon hands the context to onResponse.
  const request = {
    setupRequest: (req, context) => {
      const kind = pick();
      context.kind = kind;
      const { method, path, headers, body } = kind.make();
      return { ...req, method, path, headers: { ...req.headers, ...headers }, body };
    },
    onResponse: (status, body, { kind }) => {
      kind.statuses[status] = (kind.statuses[status] ?? 0) + 1;
      if (status >= 500) interval.s5xx++;
      else if (!kind.ok.has(status)) interval.unexpected++;
      else if (kind.mcp && status === 200 && mcpFailed(body)) interval.mcpErrors++;
    },
  };

  const hostLoad = () => loadavg()[0];
  // The first scrape also resets the service's event-loop histogram.
  const before = {
    rssMb: rssMb(child.pid),
    hostLoad: hostLoad(),
    ...(await scrape(metricsUrl)).readings,
  };
  await canary.read();
  const loadStart = performance.now();
  let ownCpu = process.cpuUsage();
  const streams = [];
  for (let i = 0; i < STREAMS; i++) {
    await sleepUntil(loadStart + (i * 1000) / STREAMS);
    let instance;
    const done = new Promise((resolve, reject) => {
      instance = autocannon(
        {
          url: base,
          connections: share(CONNECTIONS, i),
          overallRate: share(RATE, i),
          duration: WARMUP_S + DURATION_S + 60,
          requests: [request],
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
    });
    instance.on('response', (_client, _status, _bytes, ms) => {
      interval.responses++;
      interval.latencies.push(ms);
    });
    instance.on('reqError', (error) => {
      if (error.message === 'request timed out') interval.timeouts++;
      else interval.errors++;
    });
    streams.push({ instance, done });
  }

  // t = 0 is the end of the warm-up; the row at t = 0 is the warm-up's.
  const t0 = loadStart + WARMUP_S * 1000;
  const samples = [{ t: -WARMUP_S, phase: 'before load', ...before }];
  const allLatencies = [];
  let client5xxTotal = 0;
  let previous = loadStart;
  for (let k = WARMUP_S > 0 ? 0 : 1; k <= SAMPLES; k++) {
    await sleepUntil(t0 + k * INTERVAL_S * 1000);
    const now = performance.now();
    const current = interval;
    interval = newInterval();
    const ownCpuUsed = process.cpuUsage(ownCpu);
    ownCpu = process.cpuUsage();
    client5xxTotal += current.s5xx;
    if (k > 0) for (const ms of current.latencies) allLatencies.push(ms);
    const rss = rssMb(child.pid);
    const [{ readings }, idle] = await Promise.all([scrape(metricsUrl), canary.read()]);
    const seconds = (now - previous) / 1000;
    previous = now;
    const { latencies, ...counts } = current;
    const row = {
      t: k * INTERVAL_S,
      phase: k === 0 ? 'warm-up' : 'load',
      rps: current.responses / seconds,
      latencyP99: percentile(latencies, 99),
      cpuPct: ((readings.cpuSeconds - samples.at(-1).cpuSeconds) / seconds) * 100,
      loadCpuPct: cpuPercent(ownCpuUsed, seconds),
      hostLoad: hostLoad(),
      idleLoopP99Ms: idle.p99Ms,
      idleLoopMaxMs: idle.maxMs,
      rssMb: rss,
      ...readings,
      ...counts,
      client5xxTotal,
    };
    samples.push(row);
    console.error(
      `t=${row.t}s${k === 0 ? ' (end of warm-up)' : ''} ${Math.round(row.rps)} req/s, RSS ${row.rssMb.toFixed(1)} MB, heap ${row.heapMb.toFixed(1)} MB, event-loop p99 ${row.loopP99Ms.toFixed(1)} ms, 5xx ${row.s5xx}`,
    );
  }
  for (const { instance } of streams) instance.stop();
  await Promise.all(streams.map((s) => s.done));
  // Answers that arrived after the last sample count too.
  const tail = interval;
  client5xxTotal += tail.s5xx;
  const final = await scrape(metricsUrl);
  const stopped = await stop();

  const loaded = samples.filter((s) => s.phase === 'load');
  const total = (key) =>
    samples.filter((s) => s.phase !== 'before load').reduce((a, s) => a + s[key], 0) + tail[key];
  const totals = {
    responses: loaded.reduce((a, s) => a + s.responses, 0),
    rps: mean(loaded.map((s) => s.rps)),
    p50: percentile(allLatencies, 50),
    p99: percentile(allLatencies, 99),
    ...Object.fromEntries(
      ['unexpected', 'mcpErrors', 'errors', 'timeouts'].map((key) => [key, total(key)]),
    ),
  };
  const growth = rssGrowth(samples);
  const worst = loaded.reduce((a, s) => (s.loopP99Ms > a.loopP99Ms ? s : a));
  const checks = [
    {
      name: 'no 5xx',
      ok: client5xxTotal === 0 && final.readings.server5xx === 0,
      detail: `${client5xxTotal} received by the load generator, ${final.readings.server5xx} counted by the service (http_requests_total)`,
    },
    {
      name: `RSS growth ≤ ${LIMITS.rssGrowth * 100} %`,
      ok: growth.growth <= LIMITS.rssGrowth,
      detail: `${round(growth.growth * 100)} % (${growth.how})`,
    },
    {
      name: `event-loop delay p99 ≤ ${LIMITS.eventLoopP99Ms} ms in every interval`,
      ok: loaded.every((s) => s.loopP99Ms <= LIMITS.eventLoopP99Ms),
      detail: `highest ${round(worst.loopP99Ms)} ms, in the interval ending at ${worst.t} s (an idle Node process on the same host: ${round(worst.idleLoopP99Ms)} ms)`,
    },
    {
      name: 'every request answered as expected',
      ok: otherUnexpected(totals) === 0,
      detail: `${totals.unexpected} unexpected statuses, ${totals.mcpErrors} MCP errors in a 200, ${totals.errors} connection errors, ${totals.timeouts} timeouts`,
    },
    {
      name: 'the service exits 0 on SIGTERM',
      ok: !stopped.timedOut && stopped.code === 0,
      detail: stopped.timedOut
        ? `still running ${stopped.ms} ms after SIGTERM (killed)`
        : `exit code ${stopped.code}${stopped.signal ? `, signal ${stopped.signal}` : ''}, ${stopped.ms} ms after SIGTERM`,
    },
  ];
  return {
    settings: {
      minutes: MINUTES,
      rate: RATE,
      connections: CONNECTIONS,
      streams: STREAMS,
      intervalS: INTERVAL_S,
      durationS: DURATION_S,
      warmupS: WARMUP_S,
      limits: LIMITS,
    },
    meta,
    samples,
    kinds: kinds.map(({ name, weight, statuses }) => ({ name, weight, statuses })),
    routes: routeTimes(final.text),
    totals,
    growth,
    checks,
  };
}

/** bench-results/soak-<time>.{md,svg,json} and copies as soak-latest.*; the exit code. */
function writeReport(report, stamp, logPath) {
  const files = {
    md: markdown(report),
    svg: svgChart(report),
    json: `${JSON.stringify(report, null, 2)}\n`,
  };
  for (const [ext, content] of Object.entries(files)) {
    writeFileSync(`bench-results/soak-${stamp}.${ext}`, content);
    copyFileSync(`bench-results/soak-${stamp}.${ext}`, `bench-results/soak-latest.${ext}`);
  }
  console.log(files.md);
  if (report.totals.rps < RATE * 0.9) {
    console.log(
      `note: ${Math.round(report.totals.rps)} req/s on average, under 90 % of the ${RATE} targeted: the machine is saturated or busy.`,
    );
  }
  console.log(
    `written to bench-results/soak-${stamp}.{md,svg,json} and bench-results/soak-latest.*; the service's log is ${logPath}`,
  );
  const failed = report.checks.filter((c) => !c.ok);
  if (failed.length) {
    console.error(`soak FAILED: ${failed.map((c) => `${c.name}: ${c.detail}`).join('; ')}`);
    return 1;
  }
  console.error('soak passed');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`soak: ${error.stack ?? error}`);
    process.exit(1);
  },
);
