/** `npm run data:check`: validates every file of DATA_DIR (default ./data) and says what is wrong. */
import { utcDate } from '../core/clock';
import { loadDataset } from './dataset';

const dir = process.env.DATA_DIR || './data';
try {
  // Verification dates after today's UTC date are refused, as the service refuses them at start.
  const dataset = loadDataset(dir, utcDate(new Date()));
  console.log(`${dir}: valid (${dataset.courses.length} courses, version ${dataset.hash})`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
