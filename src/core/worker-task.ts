import { basename, join } from 'node:path';
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

/** Far longer than any worker's work takes at the catalog sizes served (docs/benchmarks.md#scale). */
export const WORKER_TIMEOUT_MS = 5 * 60_000;

export interface WorkerOptions {
  /** Ends the worker sooner: its work is no longer wanted. */
  signal?: AbortSignal;
  /** Ends a worker that has not answered by then (default `WORKER_TIMEOUT_MS`). */
  timeoutMs?: number;
}

/**
 * Runs a worker script on `data`, resolves with the one message it posts, and ends the thread. A
 * worker that is stopped (`signal`) or takes longer than its time rejects, so that no later work
 * waits on one that hangs (a data directory on a mount that stopped answering, say).
 */
export function runWorker<T>(
  file: string,
  data: unknown,
  { signal, timeoutMs = WORKER_TIMEOUT_MS }: WorkerOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const worker = new Worker(file, { workerData: data, resourceLimits: WORKER_LIMITS });
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
    };
    const end = (error: Error) => {
      done();
      reject(error);
      void worker.terminate();
    };
    const stop = () => end(signal!.reason as Error);
    const timer = setTimeout(
      () =>
        end(new Error(`${basename(file)} took longer than ${timeoutMs / 1000} s and was stopped`)),
      timeoutMs,
    );
    signal?.addEventListener('abort', stop, { once: true });
    worker.once('message', (result: T) => {
      done();
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', end);
    worker.once('exit', (code) => {
      done();
      reject(new Error(`worker ${file} exited with ${code}`));
    });
  });
}
