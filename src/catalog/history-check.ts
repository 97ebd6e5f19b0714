import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CourseRecord } from './course.schema';
import {
  courseFacts,
  foldHistory,
  methodologyFacts,
  parseHistory,
  type Recorded,
  type RecordedState,
} from './history';
import { HISTORY_FILE, type HistoryEntry } from './history.schema';
import type { MethodologyFile } from './methodology.schema';

/**
 * The files cannot disagree with the history (docs/data.md#the-history): a fact of a course or of
 * the methodology that differs from what the history last recorded of it, a course added or
 * removed without an entry, is a problem of the data like any other, naming the course, the field
 * and the command that records it. Run by `loadDataset`: the service's start, a reload and
 * `npm run data:check` refuse the same data.
 */

/** An entry as the service keeps it: what the fingerprints were for is done at load. */
export type KeptEntry = Omit<HistoryEntry, 'facts'>;

export interface HistoryRead {
  /** The entries in order (date, seq, id); empty when the file is absent. */
  entries: readonly KeptEntry[];
  /** No history file: an older deployment's data, served with an empty history. */
  absent: boolean;
  /** The file's text, for the dataset's hash. */
  text: string;
  problems: string[];
  /** The file as read, for the editors' tools that add to it; absent with the file. */
  file?: HistoryFile;
}

/** The history file as the editors' tools add to it (docs/data.md#the-history). */
export interface HistoryFile {
  path: string;
  /** Every entry whole, fingerprints included, in order. */
  entries: HistoryEntry[];
  /** What it last recorded of each course and of the methodology. */
  state: RecordedState;
}

const RECORD = 'record it with `npm run data:record`';

/** Reads DIR/history.jsonl and checks it against the files' courses and methodology. */
export function readHistory(
  dataDir: string,
  files: { courses?: readonly CourseRecord[]; methodology?: MethodologyFile },
  today?: string,
): HistoryRead {
  const path = join(dataDir, HISTORY_FILE.file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { entries: [], absent: true, text: '', problems: [] };
    return {
      entries: [],
      absent: false,
      text: '',
      problems: [`${path}: cannot be read (${code})`],
    };
  }
  const parsed = parseHistory(text, path);
  const { state, problems } = foldHistory(parsed.entries, path, today);
  problems.unshift(...parsed.problems);
  if (problems.length === 0 && files.courses && files.methodology) {
    problems.push(...unrecorded(dataDir, state, files.courses, files.methodology));
  }
  const entries = parsed.entries.map(({ entry: { facts: _facts, ...kept } }) => kept);
  const file = { path, entries: parsed.entries.map(({ entry }) => entry), state };
  return { entries, absent: false, text, problems, file };
}

/** The members whose fingerprints differ between what the files hold and what was recorded. */
export function differingFields(
  now: Record<string, string>,
  recorded: Record<string, string>,
): string[] {
  const fields = [...new Set([...Object.keys(now), ...Object.keys(recorded)])];
  return fields.filter((field) => now[field] !== recorded[field]);
}

/** Every difference between the files and what the history last recorded, one problem each. */
export function unrecorded(
  dataDir: string,
  state: RecordedState,
  courses: readonly CourseRecord[],
  methodology: MethodologyFile,
): string[] {
  const coursesPath = join(dataDir, 'courses.json');
  const problems: string[] = [];
  const inFile = new Set<string>();
  for (const course of courses) {
    inFile.add(course.slug);
    const recorded = tracked(state.courses.get(course.slug));
    if (!recorded) {
      problems.push(
        `${coursesPath}: course "${course.slug}": added without a history entry; ${RECORD}`,
      );
      continue;
    }
    for (const field of differingFields(courseFacts(course), recorded.facts)) {
      problems.push(
        `${coursesPath}: course "${course.slug}", field ${field}: changed since the history last recorded it; ${RECORD}`,
      );
    }
  }
  for (const [slug, recorded] of state.courses) {
    if (!recorded.removed && !inFile.has(slug)) {
      problems.push(
        `${coursesPath}: course "${slug}": removed without a history entry (the history still tracks it); ${RECORD}`,
      );
    }
  }
  const methodologyPath = join(dataDir, 'methodology.json');
  const recorded = tracked(state.methodology);
  if (!recorded) {
    problems.push(`${methodologyPath}: not in the history; ${RECORD}`);
    return problems;
  }
  for (const field of differingFields(methodologyFacts(methodology), recorded.facts)) {
    problems.push(
      `${methodologyPath}: field ${field}: changed since the history last recorded it; ${RECORD}`,
    );
  }
  return problems;
}

const tracked = (recorded: Recorded | undefined) =>
  recorded && !recorded.removed ? recorded : undefined;
