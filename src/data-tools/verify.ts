/**
 * `npm run data:verify -- SLUG --field FIELD --source TYPE --url URL [--label TEXT]`: records that
 * FIELD of a course was checked today against a source, and moves the course's
 * `verification.last_verified_on` to today. Refuses an unknown course, field or source type, and a
 * URL that is not the provider's own or that carries a tracking marker (rule 4). Writes
 * `data/courses.json` back in the project's format, so its diff shows only this change, and adds
 * the check to the history (`history.jsonl`) as a `verified` entry.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { CourseRecord } from '../catalog/course.schema';
import { urlSchema } from '../core/envelope.schema';
import { DATA_FILES, loadDataset, readDataset } from '../catalog/dataset';
import { RULE_4, trackingMarker } from '../catalog/link-rules';
import { SOURCE_TYPES } from '../catalog/vocabulary';
import {
  DATA_DIR_OPTION,
  dataDirFrom,
  readArgs,
  Refusal,
  runCli,
  entryDay,
  TODAY_OPTION,
  todayFrom,
  UsageError,
} from './cli';
import { checkDate, verifiedEntry } from './history-entries';
import { placedAfter, printed, writeChecked, writeEntries } from './history-file';
import { formatJson } from './json-file';

export const USAGE = `Usage: npm run data:verify -- SLUG --field FIELD --source TYPE [--url URL] [--label TEXT]
                           [--today YYYY-MM-DD] [--data-dir DIR]

Records in DIR/courses.json that FIELD of course SLUG was checked today (UTC) against a source.
--field   a member of the course: price, levels, topic_coverage, price.display, ...
--source  ${SOURCE_TYPES.join(', ')}
--url     the page checked: the provider's own (its host is the host, or a subdomain of the host,
          of the course's provider.url or url), with no tracking marker. Required for official.
--label   what the source is, e.g. "Pricing page" (default: the URL without https://)
--today   the day of the check (default: today, UTC)`;

type Source = CourseRecord['verification']['sources'][number];

/** Why `url` is not a page of the course's provider, or undefined when it is. */
export function notProviders(url: string, course: CourseRecord): string | undefined {
  if (!urlSchema.safeParse(url).success) return `"${url}" is not an http(s) URL`;
  const marker = trackingMarker(url);
  if (marker) return `${RULE_4}; ${marker}`;
  // `www.` names the same site as the bare domain: https://www.x.com vouches for x.com pages.
  const hostOf = (link: string) => new URL(link).hostname.toLowerCase().replace(/^www\./, '');
  const providerHosts = [course.provider.url, course.url].filter((link) => link !== null);
  if (providerHosts.length === 0) {
    return `course "${course.slug}" has no provider.url or url to check the URL's host against`;
  }
  const host = new URL(url).hostname.toLowerCase();
  const hosts = [...new Set(providerHosts.map(hostOf))];
  if (hosts.some((own) => host === own || host.endsWith(`.${own}`))) return undefined;
  return `the host ${host} is not the provider's (${hosts.join(', ')}, or a subdomain of one)`;
}

/** Whether `field` (dotted) names a member of the course a source can vouch for. */
function isCourseField(course: CourseRecord, field: string): boolean {
  const [top] = field.split('.');
  if (['slug', 'verification', 'placeholder_data'].includes(top)) return false;
  let value: unknown = course;
  for (const key of field.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return false;
    value = (value as Record<string, unknown>)[key];
  }
  return true;
}

export async function verify(args: string[]): Promise<number> {
  const { values, positionals } = readArgs(() =>
    parseArgs({
      args,
      options: {
        ...DATA_DIR_OPTION,
        ...TODAY_OPTION,
        field: { type: 'string' },
        source: { type: 'string' },
        url: { type: 'string' },
        label: { type: 'string' },
      },
      allowPositionals: true,
    }),
  );
  const [slug, ...extra] = positionals;
  if (slug === undefined || extra.length > 0) throw new UsageError('Give exactly one course slug.');
  const { field, source: sourceType, url, label } = values;
  if (field === undefined || sourceType === undefined) {
    throw new UsageError('--field and --source are required.');
  }
  const today = entryDay(values.today);
  // The files are checked as of the real day, as the service reads them: `--today` dates the check.
  const checkDay = todayFrom(undefined);
  const dir = dataDirFrom(values['data-dir']);
  const path = join(dir, DATA_FILES.courses.file);

  if (!(SOURCE_TYPES as readonly string[]).includes(sourceType)) {
    throw new Refusal(`unknown source type "${sourceType}"; one of ${SOURCE_TYPES.join(', ')}`);
  }
  // The files must be valid before they are edited: the edit then cannot hide a problem.
  const { dataset, historyFile: history } = readDataset(dir, checkDay);
  const course = dataset.courses.find((c) => c.slug === slug);
  if (!course) throw new Refusal(`${path}: no course "${slug}"`);
  if (!isCourseField(course, field)) {
    throw new Refusal(`${path}: course "${slug}" has no field "${field}" a source can vouch for`);
  }
  if (url === undefined && sourceType === 'official') {
    throw new Refusal('an official source needs --url: the provider page that was checked');
  }
  const problem = url === undefined ? undefined : notProviders(url, course);
  if (problem) throw new Refusal(`${path}: course "${slug}", --url: ${problem}`);
  if (url === undefined && label === undefined) {
    throw new UsageError('--label is required when there is no --url.');
  }

  const entry: Source = {
    field,
    source_type: sourceType as Source['source_type'],
    label: label ?? url!.replace(/^https?:\/\//, ''),
    url: url ?? null,
    verified_on: today,
  };
  const text = readFileSync(path, 'utf8');
  const file = JSON.parse(text) as { courses: CourseRecord[] };
  const verification = file.courses.find((c) => c.slug === slug)!.verification;
  // A check of the same field on the same page replaces the earlier one: the newer date holds.
  const same = verification.sources.findIndex(
    (s) => s.field === field && s.source_type === entry.source_type && s.url === entry.url,
  );
  const replaced = same === -1 ? undefined : verification.sources[same];
  if (same === -1) verification.sources.push(entry);
  else verification.sources[same] = entry;
  const previous = verification.last_verified_on;
  // A check dated before the last one (`--today`) never moves the date back.
  verification.last_verified_on = previous !== null && previous > today ? previous : today;

  const checked = DATA_FILES.courses.schema.safeParse(file);
  if (!checked.success) {
    throw new Refusal(
      `${path}: course "${slug}": the new source is invalid: ${checked.error.message}`,
    );
  }
  // The check goes into the history too (docs/data.md#the-history), in order of date.
  const recorded = history?.state.courses.get(slug);
  if (recorded) checkDate(`course "${slug}"`, recorded, today);
  const output = await formatJson(file, path);
  const reformatted = (await formatJson(JSON.parse(text), path)) !== text;
  const [verified] = placedAfter(history?.entries ?? [], [
    verifiedEntry(
      checked.data.courses.find((c) => c.slug === slug)!,
      today,
      [entry],
    ),
  ]);
  // What is written must make the data valid, by the service's own check; if not, nothing is.
  writeChecked(
    history ? [path, history.path] : [path],
    () => {
      writeFileSync(path, output);
      if (history) writeEntries(history.path, [verified]);
    },
    () => loadDataset(dir, checkDay),
  );
  console.log(
    `${path}: course "${slug}": ${field} verified on ${today} (${entry.source_type}, ${entry.url ?? entry.label})` +
      (replaced ? `, replacing the check of ${replaced.verified_on}` : '') +
      `; last_verified_on ${previous ?? 'null'} → ${verification.last_verified_on}`,
  );
  console.log(
    history
      ? `${history.path}: recorded ${printed(verified)}`
      : `note: ${dir} has no history; nothing recorded there (\`npm run data:record\` starts one).`,
  );
  if (reformatted) {
    console.log(`note: ${path} was not in the project's format; it is written formatted.`);
  }
  return 0;
}

if (require.main === module) runCli(USAGE, verify);
