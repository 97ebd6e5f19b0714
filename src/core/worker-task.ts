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

/** Runs a worker script on `data`, resolves with the one message it posts, and ends the thread. */
export function runWorker<T>(file: string, data: unknown): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(file, { workerData: data });
    worker.once('message', (result: T) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`worker ${file} exited with ${code}`)));
  });
}
