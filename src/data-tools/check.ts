/**
 * `npm run data:check`: validates every file of DATA_DIR (default ./data) as the service does at
 * start, and checks that each is formatted as the project writes it (CI's `npm run lint` runs
 * Prettier over data/ too), saying what is wrong and how to fix it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_FILES, loadDataset } from '../catalog/dataset';
import { utcDate } from '../core/clock';
import { isFormatted } from './json-file';

async function main(): Promise<void> {
  const dir = process.env.DATA_DIR || './data';
  // Verification dates after today's UTC date are refused, as the service refuses them at start.
  const dataset = loadDataset(dir, utcDate(new Date()));
  const unformatted: string[] = [];
  for (const { file } of Object.values(DATA_FILES)) {
    const path = join(dir, file);
    if (!(await isFormatted(readFileSync(path, 'utf8'), path))) unformatted.push(path);
  }
  if (unformatted.length > 0) {
    console.error(
      `Valid, but not formatted as the project writes it (CI would refuse it):\n  ${unformatted.join('\n  ')}\nRun: npx prettier --write ${unformatted.join(' ')}`,
    );
    process.exitCode = 1;
    return;
  }
  console.log(`${dir}: valid (${dataset.courses.length} courses, version ${dataset.hash})`);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exitCode = 1;
});
