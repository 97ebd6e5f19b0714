/**
 * `npm run data:check [-- --data-dir DIR]`: validates every file of DIR (default: DATA_DIR, else
 * ./data) as the service does at start, the history included (a fact changed without an entry is
 * refused), and checks that each JSON file is formatted as the project writes it (CI's
 * `npm run lint` runs Prettier over data/ too), saying what is wrong and how to fix it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DATA_FILES, loadDataset } from '../catalog/dataset';
import { HISTORY_FILE } from '../catalog/history.schema';
import { DATA_DIR_OPTION, dataDirFrom, readArgs, runCli, todayFrom } from './cli';
import { isFormatted } from './json-file';
import { inFigures } from '../core/words';

const USAGE = `Usage: npm run data:check -- [--data-dir DIR]

Validates the data files of DIR (default: DATA_DIR, else ./data) as the service does at start.`;

export async function check(args: string[]): Promise<number> {
  const { values } = readArgs(() => parseArgs({ args, options: { ...DATA_DIR_OPTION } }));
  const dir = dataDirFrom(values['data-dir']);
  // Dates after today's UTC date are refused, as the service refuses them at start.
  const dataset = loadDataset(dir, todayFrom(undefined));
  const unformatted: string[] = [];
  for (const { file } of Object.values(DATA_FILES)) {
    const path = join(dir, file);
    if (!(await isFormatted(readFileSync(path, 'utf8'), path))) unformatted.push(path);
  }
  if (unformatted.length > 0) {
    console.error(
      `Valid, but not formatted as the project writes it (CI would refuse it):\n  ${unformatted.join('\n  ')}\nRun: npx prettier --write ${unformatted.join(' ')}`,
    );
    return 1;
  }
  const history = dataset.historyAbsent
    ? `no ${HISTORY_FILE.file}: the history is empty; \`npm run data:record\` starts one`
    : `history of ${dataset.history.length} entries`;
  console.log(
    `${dir}: valid (${dataset.courses.length} courses, ${history}, version ${dataset.hash})`,
  );
  if (dataset.notes.length > 0) {
    // Valid and served, with the dates the sources support: what the editors should check.
    console.log(
      `${inFigures(dataset.notes.length, 'last-verified date')} the sources do not support (docs/data.md#the-facts):\n  ${dataset.notes.join('\n  ')}`,
    );
  }
  return 0;
}

if (require.main === module) runCli(USAGE, check);
