/**
 * `npm run data:record`: brings the history up to the files
 * (docs/editing-data.md#the-history-edit-record-check). Compares the courses and the methodology
 * with what `history.jsonl` last recorded of them and adds an entry for each difference (a course
 * added, changed, no longer enrolling, verified or removed; the methodology changed), with each
 * field's value before (the history's, as the last commit of the git repository holding the data
 * directory has it) and after. Prints what it recorded. Without a history it starts one: every
 * course added, and the methodology, on the day.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DATA_FILES, loadDataset, readDataset } from '../catalog/dataset';
import { HISTORY_FILE, type EntrySource, type HistoryEntry } from '../catalog/history.schema';
import type { CourseRecord } from '../catalog/course.schema';
import {
  DATA_DIR_OPTION,
  dataDirFrom,
  entryDay,
  readArgs,
  Refusal,
  runCli,
  todayFrom,
  TODAY_OPTION,
} from './cli';
import { valuesAtRef } from './git-data';
import { entriesToRecord } from './history-entries';
import { printed, writeChecked, writeEntries } from './history-file';
import { notProviders } from './verify';
import { inFigures } from '../core/words';

const USAGE = `Usage: npm run data:record -- [--source URL]... [--course SLUG]... [--ref REF]
                           [--today YYYY-MM-DD] [--data-dir DIR]

Adds to DIR/history.jsonl an entry for each difference between the data files and what the
history last recorded, and prints them. Without a history, starts one.
--source URL   the provider's page the recorded changes were checked against (as data:verify's
               --url: the provider's own host or a subdomain, no tracking marker); repeatable
--course SLUG  record this course only (not the methodology); repeatable
--ref REF      the git ref whose files hold the values before the changes (default HEAD)
--today DATE   the day of the entries (default: today, UTC); never after today, never before a
               course's latest entry`;

/** `--source URL` as the entries hold it: the provider's page, for the whole entry. */
function sourceOf(url: string): EntrySource {
  return { field: null, source_type: 'official', label: url.replace(/^https?:\/\//, ''), url };
}

/** Each `--source` must be a page of the provider of every course it is recorded for. */
function checkSources(
  entries: readonly HistoryEntry[],
  courses: readonly CourseRecord[],
  path: string,
) {
  const bySlug = new Map(courses.map((course) => [course.slug, course]));
  for (const entry of entries) {
    const course = entry.course === undefined ? undefined : bySlug.get(entry.course);
    if (!course) continue;
    for (const source of entry.sources ?? []) {
      if (source.field !== null || source.url === null) continue;
      const problem = notProviders(source.url, course);
      if (problem) throw new Refusal(`${path}: course "${course.slug}", --source: ${problem}`);
    }
  }
}

export async function record(args: string[]): Promise<number> {
  const { values } = readArgs(() =>
    parseArgs({
      args,
      options: {
        ...DATA_DIR_OPTION,
        ...TODAY_OPTION,
        source: { type: 'string', multiple: true },
        course: { type: 'string', multiple: true },
        ref: { type: 'string' },
      },
    }),
  );
  const date = entryDay(values.today);
  const dir = dataDirFrom(values['data-dir']);
  const path = join(dir, DATA_FILES.courses.file);
  // Valid files, and a history without problems of its own; their differences are what is
  // recorded. Checked as of today: `--today` only dates the entries.
  const today = todayFrom(undefined);
  const {
    dataset: { courses, methodology },
    historyFile: history,
  } = readDataset(dir, today, { history: 'entries' });
  const only = values.course && new Set(values.course);
  for (const slug of only ?? []) {
    if (!courses.some((course) => course.slug === slug)) {
      throw new Refusal(`${path}: no course "${slug}" (--course)`);
    }
  }
  const sources = (values.source ?? []).map(sourceOf);
  const ref = values.ref ?? 'HEAD';
  const before = history && valuesAtRef(dir, ref);
  const { entries, replaced } = entriesToRecord({
    state: history?.state,
    history: history?.entries ?? [],
    courses,
    methodology,
    before,
    // What the last commit holds is published, whichever ref the values before come from.
    head: history && ref !== 'HEAD' ? valuesAtRef(dir, 'HEAD') : undefined,
    date,
    sources,
    only,
  });
  if (sources.length > 0 && !entries.some((entry) => entry.sources?.length)) {
    throw new Refusal(
      '--source: no course change to record it for (to record a check alone, use data:verify)',
    );
  }
  checkSources(entries, courses, path);
  const target = join(dir, HISTORY_FILE.file);
  if (entries.length === 0) {
    console.log(`${target}: nothing to record; the files hold what the history last recorded.`);
    return 0;
  }
  // What is written must make the data valid, by the service's own check; if not, nothing is.
  // With --course, the other courses may still differ from the history: their own runs record
  // them, so only the history itself is checked then.
  writeChecked(
    [target],
    () => writeEntries(target, entries, replaced),
    () => loadDataset(dir, today, only ? { history: 'entries' } : {}),
  );
  console.log(
    `${target}: ${history ? 'recorded' : 'started the history with'} ${inFigures(entries.length, 'entry', 'entries')}` +
      (replaced.size > 0 ? ` (replacing ${replaced.size} of courses added since HEAD)` : '') +
      ':',
  );
  for (const entry of entries) console.log(`  ${printed(entry)}`);
  const scoring = entries.find((entry) => entry.course === undefined && entry.kind === 'changed');
  const moved = scoring?.changes?.some((change) => change.field !== 'topic_coverage_scale');
  if (moved && (methodology.scoring_weights_updated_on ?? '') < date) {
    // The scoring's date moves with any number a match is computed from (docs/data.md#the-history).
    console.log(
      `note: the scoring changed; set scoring_weights_updated_on in ${join(dir, DATA_FILES.methodology.file)} to ${date} (it is served as meta.scoring_weights_updated_on)`,
    );
  }
  return 0;
}

if (require.main === module) runCli(USAGE, record);
