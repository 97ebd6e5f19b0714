import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { eventually } from './support/edge';

/**
 * SIGTERM (decisions §11) on the built service in its own process: `/readyz` turns 503, requests
 * in flight complete, the process exits 0.
 */

const ROOT = join(__dirname, '..');
const IN_FLIGHT = 5;

function fixtureEvents(child: ChildProcess) {
  const waiting: Array<{ name: string; count: number; resolve: (value: any) => void }> = [];
  const seen: Record<string, any[]> = {};
  createInterface({ input: child.stdout! }).on('line', (line) => {
    let event: { fixture?: string };
    try {
      event = JSON.parse(line);
    } catch {
      return;
    }
    if (!event.fixture) return;
    (seen[event.fixture] ??= []).push(event);
    for (const w of waiting) if (seen[w.name]?.length === w.count) w.resolve(seen[w.name].at(-1));
  });
  return (name: string, count = 1) =>
    new Promise<any>((resolve) => {
      if ((seen[name]?.length ?? 0) >= count) resolve(seen[name].at(-1));
      else waiting.push({ name, count, resolve });
    });
}

describe('SIGTERM', () => {
  const children: ChildProcess[] = [];
  afterAll(() => children.forEach((child) => child.exitCode === null && child.kill('SIGKILL')));

  beforeAll(() => {
    execFileSync('node', ['scripts/build-if-needed.mjs'], { cwd: ROOT, stdio: 'ignore' });
  }, 180_000);

  it('turns /readyz to 503, completes the requests in flight and exits 0', async () => {
    const child = spawn('node', ['test/fixtures/slow-app.cjs'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SHUTDOWN_DELAY_SECONDS: '1',
        SLOW_MS: '1500',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    const exited = once(child, 'exit');
    const events = fixtureEvents(child);
    const { url } = await events('listening');
    expect((await fetch(`${url}/readyz`)).status).toBe(200);

    const inFlight = Array.from({ length: IN_FLIGHT }, (_, i) =>
      fetch(`${url}/api/v1/courses?sort=${i % 2 ? 'name-asc' : 'price-asc'}`).then(async (r) => ({
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

    const answers = await Promise.all(inFlight);
    expect(answers.map((a) => a.status)).toEqual(Array(IN_FLIGHT).fill(200));
    for (const answer of answers) expect(answer.body.data.length).toBeGreaterThan(0);

    const [code, signal] = await exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  }, 60_000);
});
