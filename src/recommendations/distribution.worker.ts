import { parentPort, workerData } from 'node:worker_threads';
import type { Course } from '../catalog/course.schema';
import type { Methodology } from '../catalog/methodology.schema';
import { distribution } from './distribution';

/** The worker thread of DistributionService: scores every answer combination once. */
if (parentPort) {
  const { courses, methodology } = workerData as { courses: Course[]; methodology: Methodology };
  parentPort.postMessage(distribution(courses, methodology));
}
