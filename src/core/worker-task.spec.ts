import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runWorker } from './worker-task';

/** A worker script in a directory of its own. */
function script(source: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'worker-task-')), 'task.js');
  writeFileSync(
    file,
    `const { parentPort, workerData } = require('node:worker_threads');\n${source}`,
  );
  return file;
}

describe('runWorker', () => {
  it('resolves with the message the worker posts', async () => {
    const doubled = script('parentPort.postMessage(workerData * 2);');
    await expect(runWorker(doubled, 21)).resolves.toBe(42);
  });

  it('stops a worker that does not answer in its time, and rejects saying so', async () => {
    const hangs = script('setInterval(() => undefined, 1000);');
    await expect(runWorker(hangs, null, { timeoutMs: 50 })).rejects.toThrow(
      'task.js took longer than 0.05 s and was stopped',
    );
  });

  it('stops a worker when its signal aborts, with the reason', async () => {
    const hangs = script('setInterval(() => undefined, 1000);');
    const stop = new AbortController();
    const running = runWorker(hangs, null, { signal: stop.signal });
    stop.abort(new Error('a newer version'));
    await expect(running).rejects.toThrow('a newer version');
  });

  it('rejects when the worker ends without answering or throws', async () => {
    await expect(runWorker(script('process.exit(3);'), null)).rejects.toThrow('exited with 3');
    await expect(runWorker(script("throw new Error('bad data');"), null)).rejects.toThrow(
      'bad data',
    );
  });
});
