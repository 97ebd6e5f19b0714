import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyOfData } from './support/app';
import { freePort } from './support/redis';

/**
 * The built service as people start it (`npm start`, `node dist/main`): what its console says and
 * how it stops. The suites of `*.process.e2e-spec.ts` wait for the build their project's setup
 * starts when a source is newer (test/support/build.mjs), so `npm start` finds it current.
 */

const ROOT = join(__dirname, '..');

describe('the console and npm start', () => {
  /** Starts a command and resolves once a line of its output matches. */
  async function startUntil(
    command: string,
    args: string[],
    env: NodeJS.ProcessEnv,
    ready: RegExp,
  ) {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env } });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk) => {
        output += String(chunk);
        if (ready.test(output)) resolve();
      });
      child.once('exit', (code) => reject(new Error(`exited ${code} before ready:\n${output}`)));
    });
    return { child, output: () => output };
  }

  it('LOG_FORMAT=pretty gives one readable line each, and the start says where everything is', async () => {
    const port = await freePort();
    const { child, output } = await startUntil(
      process.execPath,
      ['dist/main'],
      { PORT: String(port), HOST: '127.0.0.1', LOG_FORMAT: 'pretty', REDIS_URL: '' },
      /ready on/,
    );
    child.kill('SIGTERM');
    // 'close', not 'exit': the output is read below, and only then has all of it arrived.
    await once(child, 'close');
    const lines = output().trim().split('\n');
    for (const line of lines) expect(line).toMatch(/^\[\d\d:\d\d:\d\d\] (INFO|WARN): /);
    expect(output()).toContain(
      `Course Finder ready on http://localhost:${port} (site, API docs at http://localhost:${port}/api/v1/docs, MCP at http://localhost:${port}/mcp); listening on 127.0.0.1:${port}, /metrics on the same port`,
    );
    expect(output()).not.toMatch(/successfully started|Mapped \{/);
  });

  it('an offline start says so once, calmly, at info level, and how to stop fetching', async () => {
    // The shipped assistants, their range files unreachable as on a machine without internet.
    const refused = `http://127.0.0.1:${await freePort()}`;
    // An edit of the assistants keeps the history true: the start has nothing else to say.
    const dir = copyOfData({ history: true });
    const file = join(dir, 'assistants.json');
    const assistants = JSON.parse(readFileSync(file, 'utf8'));
    for (const assistant of assistants.assistants) {
      assistant.range_urls = assistant.range_urls.map(
        (url: string) => `${refused}${new URL(url).pathname}`,
      );
    }
    writeFileSync(file, JSON.stringify(assistants));
    const port = await freePort();
    const { child, output } = await startUntil(
      process.execPath,
      ['dist/main'],
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_FORMAT: 'pretty',
        REDIS_URL: '',
        DATA_DIR: dir,
        ASSISTANT_RANGES: 'fetch',
      },
      /ready on/,
    );
    child.kill('SIGTERM');
    // 'close', not 'exit': the output is read below, and only then has all of it arrived.
    await once(child, 'close');
    expect(output()).not.toMatch(/WARN|ERROR/);
    const ranges = output()
      .split('\n')
      .filter((line) => /IP ranges/.test(line));
    expect(ranges).toEqual([
      expect.stringMatching(
        /^\[\d\d:\d\d:\d\d\] INFO: Assistants: AI assistants' published IP ranges not fetched \(3 of 3 files; no network\?\).*ASSISTANT_RANGES=static stops fetching\.$/,
      ),
    ]);
  });

  it('logs JSON lines when its output is not a terminal; with METRICS_PORT, says both ports', async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const { child, output } = await startUntil(
      process.execPath,
      ['dist/main'],
      {
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        HOST: '127.0.0.1',
        LOG_FORMAT: '',
        REDIS_URL: '',
      },
      /ready on/,
    );
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).status).toBe(200);
    child.kill('SIGTERM');
    // 'close', not 'exit': the output is read below, and only then has all of it arrived.
    await once(child, 'close');
    const lines = output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.msg)).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `; listening on 127\\.0\\.0\\.1:${port}, /metrics on 127\\.0\\.0\\.1:${metricsPort}$`,
        ),
      ),
    );
  });

  it('a SIGTERM to `npm start` stops the server too', async () => {
    const port = await freePort();
    const { child } = await startUntil(
      'npm',
      ['start', '--silent'],
      { PORT: String(port), HOST: '127.0.0.1', LOG_FORMAT: 'json', REDIS_URL: '' },
      /ready on/,
    );
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    child.kill('SIGTERM');
    await once(child as ChildProcess, 'exit');
    // The server answered its SIGTERM: nothing listens on the port any more.
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });
});
