import { parentPort, workerData } from 'node:worker_threads';
import { loadDataset } from './dataset';

/**
 * What a reload's worker thread sends back: the valid dataset as JSON text, each course on its
 * own (so the main thread can parse them a slice at a time), or what is wrong with the files.
 */
export type LoadedData = { courses: string[]; rest: string } | { problem: string };

/** The worker thread of a reload: reads and validates the data files off the event loop. */
if (parentPort) {
  const { dataDir, today } = workerData as { dataDir: string; today: string };
  let loaded: LoadedData;
  try {
    const { courses, ...rest } = loadDataset(dataDir, today);
    loaded = {
      courses: courses.map((course) => JSON.stringify(course)),
      rest: JSON.stringify(rest),
    };
  } catch (error) {
    loaded = { problem: (error as Error).message };
  }
  parentPort.postMessage(loaded);
}
