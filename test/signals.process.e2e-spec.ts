import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { copyOfData } from './support/app';
import { dataWithTestAssistant, eventually, mcpCall, whenReady } from './support/edge';
import { fixtureEvents } from './support/fixture';
import { startTraffic } from './support/load';
import { freePort } from './support/redis';
import { describeWithPidNamespace } from './support/requirements';

/**
 * Signals to the built service in its own process (docs/operations.md#signals; jest gives tests a
 * process object of their own, whose listeners a real signal never reaches). SIGTERM: `/readyz`
 * turns 503, requests in flight complete, the process exits 0. SIGHUP: the data is reloaded, and
 * a broken file is refused while the old data keeps serving.
 */

const ROOT = join(__dirname, '..');

/** The built service on loopback, on free ports, its Redis keys (CI sets REDIS_URL) its own. */
const serviceEnv = (env: Record<string, string>) => ({
  ...process.env,
  PORT: '0',
  METRICS_PORT: '0',
  HOST: '127.0.0.1',
  REDIS_KEY_PREFIX: `test:${randomUUID()}:`,
  RATE_LIMIT_PER_IP: '1000000',
  ...env,
});
const IN_FLIGHT = 5;

describe('SIGTERM', () => {
  const children: ChildProcess[] = [];
  afterAll(() => children.forEach((child) => child.exitCode === null && child.kill('SIGKILL')));

  it('turns /readyz to 503, completes the requests in flight and exits 0', async () => {
    const child = spawn('node', ['test/fixtures/slow-app.cjs'], {
      cwd: ROOT,
      env: serviceEnv({ LOG_LEVEL: 'warn', SHUTDOWN_DELAY_SECONDS: '1', SLOW_MS: '1500' }),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    const exited = once(child, 'exit');
    const events = fixtureEvents(child);
    const { url, metricsUrl } = await events('listening');
    expect((await fetch(`${url}/readyz`)).status).toBe(200);

    // Five requests in flight, each for a page of its own.
    const inFlight = Array.from({ length: IN_FLIGHT }, (_, i) =>
      fetch(`${url}/api/v1/courses?limit=${10 + i}`).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as any,
      })),
    );
    await events('started', IN_FLIGHT);
    child.kill('SIGTERM');

    // The signal arrives asynchronously; until then the replica is still ready.
    await eventually(
      async () =>
        (await fetch(`${url}/readyz`, { headers: { Connection: 'close' } })).status === 503,
    );

    // Still scraped while draining.
    expect((await fetch(metricsUrl)).status).toBe(200);

    // Draining: answers close their connection, so none is reused while the server closes.
    const late = await fetch(`${url}/healthz`);
    expect(late.status).toBe(200);
    expect(late.headers.get('connection')).toBe('close');

    const answers = await Promise.all(inFlight);
    expect(answers.map((a) => a.status)).toEqual(Array(IN_FLIGHT).fill(200));
    for (const answer of answers) expect(answer.body.data.length).toBeGreaterThan(0);

    const [code, signal] = await exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    await expect(fetch(metricsUrl)).rejects.toThrow();
  }, 60_000);

  it('under load: every request sent before SIGTERM is answered 200, later ones 200 or refused, never a 5xx; exit 0', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn('node', ['dist/main'], {
      cwd: ROOT,
      env: serviceEnv({ PORT: String(port), LOG_LEVEL: 'warn', SHUTDOWN_DELAY_SECONDS: '1' }),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    const exited = once(child, 'exit');
    await whenReady(url, exited);

    const requests: Array<[string, RequestInit?]> = [
      ['/api/v1/courses?sort=price-asc'],
      ['/mcp', mcpCall('search_courses', { level: 'beginner' })],
      ['/ai-seo-courses/answer-engine-foundations'],
    ];
    const results: Array<{ afterSigterm: boolean; status?: number; error?: string }> = [];
    let sigtermSent = false;
    const clients = Array.from({ length: 8 }, async (_, client) => {
      for (let i = client; ; i++) {
        const [path, init] = requests[i % requests.length];
        const afterSigterm = sigtermSent;
        try {
          const response = await fetch(`${url}${path}`, init);
          await response.arrayBuffer();
          results.push({ afterSigterm, status: response.status });
        } catch (error) {
          const cause = (error as Error & { cause?: { code?: string } }).cause;
          results.push({ afterSigterm, error: cause?.code ?? (error as Error).message });
          // The server is gone for this client; more attempts would only spin.
          if (afterSigterm) return;
        }
      }
    });
    await eventually(async () => results.length >= 200);
    sigtermSent = true;
    child.kill('SIGTERM');
    const [code, signal] = await exited;
    await Promise.all(clients);

    expect({ code, signal }).toEqual({ code: 0, signal: null });
    const before = results.filter((r) => !r.afterSigterm);
    const after = results.filter((r) => r.afterSigterm);
    expect(new Set(before.map((r) => r.status ?? r.error))).toEqual(new Set([200]));
    // During the readiness delay the replica still serves. Once it stops listening, a new
    // connection is refused, or reset when it was still in the kernel's accept queue as the
    // listening socket closed; either way the request was never read (seen: 2 to 8 such in 400).
    expect(after.filter((r) => r.status === 200).length).toBeGreaterThan(0);
    const allowed = new Set([200, 'ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET']);
    expect(
      after.map((r) => r.status ?? r.error).filter((outcome) => !allowed.has(outcome!)),
    ).toEqual([]);
  }, 60_000);
});

/**
 * Signals from the first instant (docs/operations.md#signals). As PID 1 (a container without an
 * init) a signal with no handler is dropped by the kernel, and the pod would wait out its whole
 * grace period. The built server runs here as PID 1 of a PID namespace of its own, its start held
 * up by an assistants' range file that never answers, and gets SIGTERM as soon as it writes its
 * first line. It must exit 0 without finishing the start; a lost signal would leave it serving,
 * and the test would time out.
 */
describeWithPidNamespace('SIGTERM during the start, as PID 1', () => {
  let ranges: Server;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    ranges = createServer(() => {});
    await new Promise<void>((resolve) => ranges.listen(0, '127.0.0.1', resolve));
  }, 180_000);
  afterAll(() => {
    if (child?.exitCode === null) child.kill('SIGKILL');
    ranges.closeAllConnections();
    ranges.close();
  });

  it('exits 0 without finishing the start', async () => {
    const hanging = `http://127.0.0.1:${(ranges.address() as AddressInfo).port}/ranges.json`;
    child = spawn('unshare', ['--pid', '--fork', '--kill-child', 'node', 'dist/main'], {
      cwd: ROOT,
      env: serviceEnv({
        LOG_LEVEL: 'info',
        DATA_DIR: dataWithTestAssistant([hanging]),
        ASSISTANT_RANGES: 'fetch',
      }),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    // 'close', not 'exit': the lines are read once it has come, and only then have all arrived.
    const exited = once(child, 'close');
    const lines: string[] = [];
    const output = createInterface({ input: child.stdout! });
    output.on('line', (line) => lines.push(line));
    await once(output, 'line');

    // unshare's only child is node, PID 1 of the new namespace.
    const [node] = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8')
      .trim()
      .split(' ')
      .map(Number);
    expect(readFileSync(`/proc/${node}/status`, 'utf8')).toMatch(/^NSpid:\s+\d+\s+1$/m);

    process.kill(node, 'SIGTERM');
    const [code, signal] = await exited;

    expect({ code, signal }).toEqual({ code: 0, signal: null });
    const messages = lines.map((line) => JSON.parse(line).msg);
    expect(messages).toContain('SIGTERM during start: stopping before serving');
    expect(messages).not.toContain('Nest application successfully started');
  }, 30_000);
});

describe('SIGHUP under load', () => {
  let child: ChildProcess | undefined;
  afterAll(() => child?.exitCode === null && child.kill('SIGKILL'));

  it('reloads the data; a broken file is refused and the data before it keeps serving, without an error', async () => {
    const dir = copyOfData();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    child = spawn('node', ['dist/main'], {
      cwd: ROOT,
      env: serviceEnv({ PORT: String(port), DATA_DIR: dir, LOG_LEVEL: 'info', LOG_FORMAT: 'json' }),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const reloads: string[] = [];
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (/Data reloaded|Reload failed/.test(line)) reloads.push(line);
    });
    await whenReady(url, once(child, 'exit'));
    const traffic = startTraffic(url, [
      ['/api/v1/finder/questions'],
      ['/api/v1/courses?level=beginner&sort=price-asc'],
      ['/mcp', mcpCall('search_courses', { level: 'beginner' })],
      ['/ai-seo-courses/answer-engine-foundations'],
    ]);
    const file = join(dir, 'courses.json');
    const nameOf = async () =>
      ((await (await fetch(`${url}/api/v1/courses/answer-engine-foundations`)).json()) as any).data
        .name;
    try {
      await traffic.more(40);
      const data = JSON.parse(readFileSync(file, 'utf8'));
      data.courses.find((c: { slug: string }) => c.slug === 'answer-engine-foundations').name =
        'Answer Engine Foundations, Reloaded';
      writeFileSync(file, JSON.stringify(data));
      child.kill('SIGHUP');
      await eventually(async () => reloads.length === 1);
      expect(reloads[0]).toContain('Data reloaded');
      expect(await nameOf()).toBe('Answer Engine Foundations, Reloaded');
      await traffic.more(40);
      writeFileSync(file, readFileSync(file, 'utf8').slice(0, 5000));
      child.kill('SIGHUP');
      await eventually(async () => reloads.length === 2);
      writeFileSync(join(dir, 'methodology.json'), '{"weights": "none"}');
      child.kill('SIGHUP');
      await eventually(async () => reloads.length === 3);
      await traffic.more(40);
    } finally {
      await traffic.stop();
    }
    expect(reloads.slice(1).map((line) => JSON.parse(line).msg)).toEqual([
      expect.stringMatching(/^Reload failed; still serving the previous data\. Invalid data:/),
      expect.stringMatching(/^Reload failed; still serving the previous data\. Invalid data:/),
    ]);
    expect(await nameOf()).toBe('Answer Engine Foundations, Reloaded');
    expect(child.exitCode).toBeNull();
    expect(traffic.failures).toEqual([]);
    expect(new Set(traffic.statuses)).toEqual(new Set([200]));
  }, 60_000);
});
