import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Work that grows with the data, done in a worker thread so the event loop keeps answering
 * (docs/architecture.md#work-off-the-event-loop). A worker runs the built JavaScript in dist/,
 * from the server (dist/) and from the tests (src/, which build dist/ first) alike.
 */
export function builtFile(path: string): string {
  return join(__dirname, '..', '..', 'dist', path);
}

/**
 * A worker's heap: enough for the data it is given and its working set, small enough that the
 * process stays within its memory while one runs (docs/architecture.md#work-off-the-event-loop).
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 };

/**
 * Runs a worker script on `data`, resolves with the one message it posts, and ends the thread;
 * `signal` ends it sooner (the work is no longer wanted, or took too long) and rejects.
 */
export function runWorker<T>(file: string, data: unknown, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const worker = new Worker(file, { workerData: data, resourceLimits: WORKER_LIMITS });
    const stop = () => {
      reject(signal!.reason as Error);
      void worker.terminate();
    };
    signal?.addEventListener('abort', stop, { once: true });
    worker.once('message', (result: T) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      signal?.removeEventListener('abort', stop);
      reject(new Error(`worker ${file} exited with ${code}`));
    });
  });
}
