import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATA_FILES, DataError, type Dataset, loadDataset } from '../catalog/dataset';
import { parseHistory } from '../catalog/history';
import { HISTORY_FILE } from '../catalog/history.schema';
import type { CourseRecord } from '../catalog/course.schema';
import type { MethodologyFile } from '../catalog/methodology.schema';
import { isRecord } from '../core/json-value';
import { Refusal, UsageError } from './cli';
import type { Before } from './history-entries';

/**
 * The data files as they are at a git ref (`git show REF:./courses.json`, run in the data
 * directory), validated like the working tree's. Problems name `REF:DIR/file`.
 */
export function datasetAtRef(dataDir: string, ref: string, today: string): Dataset {
  if (ref === '' || ref.startsWith('-')) throw new UsageError(`"${ref}" is not a git ref`);
  const copy = mkdtempSync(join(tmpdir(), 'course-finder-ref-'));
  try {
    for (const { file } of Object.values(DATA_FILES)) {
      writeFileSync(join(copy, file), showAtRef(dataDir, ref, file));
    }
    return loadDataset(copy, today);
  } catch (error) {
    if (!(error instanceof DataError)) throw error;
    throw new DataError(error.problems.map((p) => p.replaceAll(copy, `${ref}:${dataDir}`)));
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** A data file at a ref; a ref from before the glossary was added holds none: an empty one. */
function showAtRef(dataDir: string, ref: string, file: string): string {
  try {
    return gitShow(dataDir, `${ref}:./${file}`);
  } catch (error) {
    if (file === DATA_FILES.glossary.file) return '{ "terms": [] }\n';
    throw error;
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

/**
 * The values the files held at a git ref, where `data:record` finds the values before a change:
 * the courses and methodology as written, not parsed by today's schemas (any value whose
 * fingerprint the history recorded will do, and a shape a developer has since changed, a member
 * renamed, must still be read: it is the value before) and the ids of the history's entries.
 * Undefined when the data directory is in no git repository or the ref does not hold the files.
 */
export function valuesAtRef(dataDir: string, ref: string): Before | undefined {
  if (ref === '' || ref.startsWith('-')) throw new UsageError(`"${ref}" is not a git ref`);
  const show = (file: string) => {
    try {
      return gitShow(dataDir, `${ref}:./${file}`);
    } catch {
      return undefined;
    }
  };
  const courses = (asWritten(show(DATA_FILES.courses.file)) as CoursesFile | undefined)?.courses;
  if (!Array.isArray(courses)) return undefined;
  const methodology = asWritten(show(DATA_FILES.methodology.file)) as MethodologyFile | undefined;
  const history = parseHistory(show(HISTORY_FILE.file) ?? '', HISTORY_FILE.file);
  return {
    ref,
    courses: new Map(courses.map((course) => [course.slug, course])),
    methodology,
    entryIds: new Set(history.entries.map(({ entry }) => entry.id)),
  };
}

type CoursesFile = { courses?: CourseRecord[] };

/** A file's JSON object as written, or undefined when it is not one. */
function asWritten(text: string | undefined): object | undefined {
  if (text === undefined) return undefined;
  try {
    const json: unknown = JSON.parse(text);
    return isRecord(json) ? json : undefined;
  } catch {
    return undefined;
  }
}
