// What the load scripts (`bench.mjs`, `soak.mjs`) share: starting and stopping the built service as
// `npm start` does on a free loopback port, and drawing random inputs from the service's own data.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, totalmem } from 'node:os';

export const HOST = '127.0.0.1';

/** The headers the MCP endpoint (Streamable HTTP, stateless) wants on a JSON-RPC POST. */
export const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
};

export function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Ready: /readyz answers 200 (or, without /readyz, the API answers). */
export async function waitReady(base, deadlineMs = 15_000) {
  const start = Date.now();
  for (;;) {
    try {
      const ready = await fetch(`${base}/readyz`);
      if (ready.ok) return;
      if (ready.status === 404 && (await fetch(`${base}/api/v1/courses`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - start > deadlineMs) throw new Error(`${base} not ready in ${deadlineMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * `npm start`'s command line, which the Docker image runs too: its environment (`NAME=value`
 * before the command) and Node's arguments (its flags, then the script).
 */
const START = JSON.parse(readFileSync(new URL('../package.json', import.meta.url)))
  .scripts.start.split(' ')
  .filter((word) => word !== 'exec');
const NODE_AT = START.indexOf('node');
export const START_ENV = Object.fromEntries(
  START.slice(0, NODE_AT).map((pair) => pair.split('=', 2)),
);
export const START_ARGS = START.slice(NODE_AT + 1);

/**
 * Starts the service as `npm start` does, with rate limits far above the load (the limiter still
 * counts every request) and without Redis unless `extraEnv` sets REDIS_URL; `nodeOptions` go before
 * `npm start`'s own Node flags (a profiler, say), and `cwd` is the checkout whose build runs (this one by default). `readyTimeoutMs` bounds the wait
 * for `/readyz` (a large DATA_DIR takes longer to load).
 */
export async function startService(
  extraEnv = {},
  {
    stdio = ['ignore', 'ignore', 'inherit'],
    nodeOptions = [],
    cwd = process.cwd(),
    readyTimeoutMs = 15_000,
  } = {},
) {
  const port = await freePort();
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [...nodeOptions, ...START_ARGS], {
    cwd,
    env: {
      ...process.env,
      ...START_ENV,
      PORT: String(port),
      HOST,
      PUBLIC_URL: `http://${HOST}:${port}`,
      RATE_LIMIT_PER_IP: '1000000000',
      RATE_LIMIT_PER_ASSISTANT: '1000000000',
      REDIS_URL: '',
      // A free port for /metrics, so that two services (the bench's second, with Redis) can run.
      METRICS_PORT: '0',
      // Loopback only: the published range files of AI assistants are not fetched.
      ASSISTANT_RANGES: 'static',
      ...extraEnv,
    },
    stdio,
  });
  const base = `http://${HOST}:${port}`;
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  await Promise.race([
    waitReady(base, readyTimeoutMs),
    exited.then(({ code, signal }) => {
      throw new Error(`the service exited before it was ready (code ${code}, signal ${signal})`);
    }),
  ]).catch((error) => {
    child.kill('SIGKILL');
    throw error;
  });
  const readyMs = Number(process.hrtime.bigint() - started) / 1e6;
  return { child, base, port, readyMs, exited };
}

/**
 * SIGTERM to the service's pid, then its exit awaited: `{ code, signal, ms }`, or `{ timedOut }`
 * after `timeoutMs` (and then SIGKILL).
 */
export async function stopService({ child, exited }, timeoutMs = 20_000) {
  const start = Date.now();
  if (child.exitCode === null && child.signalCode === null) process.kill(child.pid, 'SIGTERM');
  let timer;
  const result = await Promise.race([
    exited,
    new Promise((resolve) => {
      timer = setTimeout(() => resolve({ timedOut: true }), timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  if (result.timedOut) process.kill(child.pid, 'SIGKILL');
  return { ...result, ms: Date.now() - start };
}

export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

/** The most resident memory the process has had (VmHWM), in MB. */
export function peakRssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)[1]) / 1024;
}

export function machine() {
  return `${cpus().length} × ${cpus()[0].model}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

export function sample(list) {
  return list[Math.floor(Math.random() * list.length)];
}

/** `count` distinct slugs in random order. */
export function distinctSlugs(slugs, count) {
  const picked = new Set();
  while (picked.size < count) picked.add(sample(slugs));
  return [...picked];
}

/** Every slug (inactive ones too) and the finder's questions, from the running service. */
export async function fetchCatalog(base) {
  const slugs = (
    await (await fetch(`${base}/api/v1/courses?include_inactive=true`)).json()
  ).data.map((c) => c.slug);
  const questions = (await (await fetch(`${base}/api/v1/finder/questions`)).json()).data.questions;
  return { slugs, questions };
}

/**
 * `count` random answer sets (one valid value per question), drawn ahead so that the load
 * generator, which shares this machine's cores with the service, spends no time making them during
 * the measurement.
 */
export function drawAnswerSets(questions, count = 10_000) {
  return Array.from({ length: count }, () =>
    Object.fromEntries(
      Object.entries(questions).map(([name, q]) => [name, sample(Object.keys(q.values))]),
    ),
  );
}

/**
 * A baseline server of the bench (`nest-bare-server.mjs`, `mcp-bare-server.mjs`, a bare
 * `node:http` one) that says `ready` over IPC once it listens: `{ child, exited }`, as
 * `stopService` takes it; rejects if it exits first.
 */
export async function startHelper(args, { env = {}, nodeOptions = [] } = {}) {
  const child = spawn(process.execPath, [...nodeOptions, ...args], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  await Promise.race([
    new Promise((resolve) => child.once('message', resolve)),
    exited.then(({ code, signal }) => {
      const name = args.find((arg) => arg.endsWith('.mjs')) ?? 'the baseline';
      throw new Error(`${name} exited before it listened (code ${code}, signal ${signal})`);
    }),
  ]);
  return { child, exited };
}

/**
 * The bytes and headers of a GET as the service answered it (every header but the connection's
 * own), for the baselines to answer: `{ headers, body }`, the body in base64.
 */
export async function record(url) {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const skip = ['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'];
  return {
    headers: Object.fromEntries([...response.headers].filter(([name]) => !skip.includes(name))),
    body: Buffer.from(await response.arrayBuffer()).toString('base64'),
  };
}

/** An autocannon request of `tools/call recommend_courses`, each with the answers `next()` gives. */
export function mcpRecommendRequest(next) {
  return {
    method: 'POST',
    path: '/mcp',
    headers: MCP_HEADERS,
    setupRequest: (req) => ({ ...req, body: mcpToolCall('recommend_courses', next()) }),
  };
}

/** The body of an MCP `tools/call` request. */
export function mcpToolCall(name, args, id = 1) {
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name, arguments: args },
  });
}
