/** `npm run data:check`: validates every file of DATA_DIR (default ./data) and says what is wrong. */
import { loadDataset } from './dataset';

const dir = process.env.DATA_DIR || './data';
try {
  const dataset = loadDataset(dir);
  console.log(`${dir}: valid (${dataset.courses.length} courses, version ${dataset.hash})`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
