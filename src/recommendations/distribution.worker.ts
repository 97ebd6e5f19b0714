import { parentPort, workerData } from 'node:worker_threads';
import type { Course } from '../catalog/course.schema';
import type { Methodology } from '../catalog/methodology.schema';
import { distribution } from './distribution';

/** DistributionService's worker thread: scores every combination of answers once, then ends. */
const { courses, methodology } = workerData as { courses: Course[]; methodology: Methodology };
parentPort!.postMessage(distribution(courses, methodology));
