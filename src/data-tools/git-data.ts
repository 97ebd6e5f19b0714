import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATA_FILES, DataError, type Dataset, loadDataset } from '../catalog/dataset';
import { Refusal, UsageError } from './cli';

/**
 * The data files as they are at a git ref (`git show REF:./courses.json`, run in the data
 * directory), validated like the working tree's. Problems name `REF:DIR/file`.
 */
export function datasetAtRef(dataDir: string, ref: string, today: string): Dataset {
  if (ref === '' || ref.startsWith('-')) throw new UsageError(`"${ref}" is not a git ref`);
  const copy = mkdtempSync(join(tmpdir(), 'course-finder-ref-'));
  try {
    for (const { file } of Object.values(DATA_FILES)) {
      writeFileSync(join(copy, file), gitShow(dataDir, `${ref}:./${file}`));
    }
    return loadDataset(copy, today);
  } catch (error) {
    if (!(error instanceof DataError)) throw error;
    throw new DataError(error.problems.map((p) => p.replaceAll(copy, `${ref}:${dataDir}`)));
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

function gitShow(cwd: string, object: string): string {
  try {
    return execFileSync('git', ['show', object], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 256 * 1024 * 1024,
    });
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Refusal(`git show ${object} (in ${cwd}) failed: ${stderr?.trim() || error}`);
  }
}
