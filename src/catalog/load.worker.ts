import { parentPort, workerData } from 'node:worker_threads';
import { loadDataset } from './dataset';

/** The worker thread of a reload: reads and validates the data files off the event loop. */
const { dataDir, today } = workerData as { dataDir: string; today: string };
try {
  parentPort!.postMessage({ dataset: loadDataset(dataDir, today) });
} catch (error) {
  parentPort!.postMessage({ problem: (error as Error).message });
}
