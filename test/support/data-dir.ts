import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The shipped data files. */
export const DATA_DIR = join(__dirname, '..', '..', 'data');

/**
 * A private copy of the shipped data, for tests that edit files. Without its history unless asked
 * (as an older deployment's data: docs/data.md#the-history), so a test may edit the courses
 * without recording the edits.
 */
export function copyOfData({ history = false }: { history?: boolean } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'course-finder-data-'));
  cpSync(DATA_DIR, dir, { recursive: true });
  if (!history) rmSync(join(dir, 'history.jsonl'));
  return dir;
}
