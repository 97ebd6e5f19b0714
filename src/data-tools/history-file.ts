import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fingerprint } from '../catalog/history';
import type { HistoryEntry } from '../catalog/history.schema';
import { entryInWords } from '../catalog/history-words';

/** Writing the history file, as the editors' tools do (docs/data.md#the-history). */

/**
 * Adds entries at the end of the file, one JSON line each (a union merge of two branches then
 * keeps both sides' lines), after leaving out the lines of the entries `replaced` names.
 */
export function writeEntries(
  path: string,
  entries: readonly HistoryEntry[],
  replaced: ReadonlySet<string> = new Set(),
): void {
  const lines = entries.map((entry) => `${JSON.stringify(entry)}\n`).join('');
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    // A new history.
  }
  if (replaced.size > 0) {
    const kept = text
      .split('\n')
      .filter((line) => line.trim() !== '' && !replaced.has((JSON.parse(line) as HistoryEntry).id));
    writeFileSync(path, kept.map((line) => `${line}\n`).join('') + lines);
    return;
  }
  const separator = text === '' || text.endsWith('\n') ? '' : '\n';
  appendFileSync(path, separator + lines);
}

/**
 * Runs `write`, which changes the files at `paths`, then `check`, the service's own check of the
 * data they make: when the check refuses, every file is put back as it was (one that did not exist
 * is removed) before the refusal goes on, so a refused command leaves the data as it found it.
 */
export function writeChecked(paths: readonly string[], write: () => void, check: () => void): void {
  const before = paths.map((path) => ({
    path,
    bytes: existsSync(path) ? readFileSync(path) : null,
  }));
  try {
    write();
    check();
  } catch (error) {
    for (const { path, bytes } of before) {
      if (bytes === null) rmSync(path, { force: true });
      else writeFileSync(path, bytes);
    }
    throw error;
  }
}

/** An entry with its id: the date and a fingerprint of everything else it holds. */
export function withId(entry: Omit<HistoryEntry, 'id'>): HistoryEntry {
  const { date, seq, kind, course, name, placeholder, changes, sources, facts } = entry;
  const content = { date, seq, kind, course, name, placeholder, changes, sources, facts };
  return JSON.parse(JSON.stringify({ id: `${date}-${fingerprint(content)}`, ...content }));
}

/**
 * New entries placed after those the history already holds of their date: each takes the next
 * `seq` of its day, so that a second change of one fact on one day is read after the first
 * (entries are read by date, then seq, then id; never by position).
 */
export function placedAfter(
  history: readonly HistoryEntry[],
  entries: readonly HistoryEntry[],
): HistoryEntry[] {
  return entries.map(({ id: _id, ...entry }) => {
    const sameDay = history.filter((earlier) => earlier.date === entry.date);
    if (sameDay.length === 0) return withId(entry);
    return withId({ ...entry, seq: Math.max(...sameDay.map((earlier) => earlier.seq ?? 0)) + 1 });
  });
}

/** An entry as the tools print it: `2027-03-12 changed  Answer Engine Foundations: Price …`. */
export function printed(entry: HistoryEntry): string {
  return `${entry.date}  ${entry.kind.padEnd(19)}  ${entryInWords(entry).text}`;
}
