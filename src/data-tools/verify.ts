/**
 * `npm run data:verify -- SLUG --field FIELD [--field FIELD]... --source TYPE --url URL [--label TEXT]`:
 * records that each FIELD of a course was checked today against a source, and sets the course's
 * `verification.last_verified_on` to the day its checks support: the day by which every fact had
 * been checked (docs/data.md#the-facts), so it moves only when this check moves that day. Says
 * which facts have no check yet, or an older one. Refuses an unknown course, field or source type,
 * and a URL that is not the provider's own or that carries a tracking marker (rule 4). Writes
 * `data/courses.json` back in the project's format, so its diff shows only this change, and adds
 * the check to the history (`history.jsonl`) as one `verified` entry.
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
import {
  entriesByCourse,
  FACTS,
  type FactCheck,
  factChecks,
  factOf,
  lastVerifiedOn,
} from '../catalog/facts';
import { checkDate, verifiedEntry } from './history-entries';
import { placedAfter, printed, writeChecked, writeEntries } from './history-file';
import { formatJson } from './json-file';

export const USAGE = `Usage: npm run data:verify -- SLUG --field FIELD [--field FIELD]... --source TYPE [--url URL]
                           [--label TEXT] [--today YYYY-MM-DD] [--data-dir DIR]

Records in DIR/courses.json that each FIELD of course SLUG was checked today (UTC) against a
source, and sets the course's last_verified_on to the day by which every fact had been checked.
--field   a member of the course: ${FACTS.join(', ')} (its facts),
          or a part such as price.display; repeatable
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

/** Which facts still have no check, or an older one than the rest, as the command says it. */
export function checksInWords(checks: readonly FactCheck[]): string {
  const unchecked = checks.filter((c) => c.checkedOn === null);
  const dates = [...new Set(checks.flatMap((c) => (c.checkedOn ? [c.checkedOn] : [])))].sort();
  const newest = dates.at(-1);
  const older = checks.filter((c) => c.checkedOn !== null && c.checkedOn !== newest);
  const said: string[] = [];
  if (unchecked.length > 0) {
    const changed = unchecked.filter((c) => c.changedOn !== undefined);
    said.push(
      `no check yet of ${unchecked.map((c) => c.fact).join(', ')}` +
        (changed.length
          ? ` (${changed.map((c) => `${c.fact} changed on ${c.changedOn} after its check`).join(', ')})`
          : '') +
        ': the course is unverified until every fact is checked',
    );
  }
  if (older.length > 0) {
    said.push(
      `checked before the rest (${newest}): ${older.map((c) => `${c.fact} on ${c.checkedOn}`).join(', ')}`,
    );
  }
  return said.length > 0 ? said.join('; ') : `every fact checked on ${newest}`;
}

export async function verify(args: string[]): Promise<number> {
  const { values, positionals } = readArgs(() =>
    parseArgs({
      args,
      options: {
        ...DATA_DIR_OPTION,
        ...TODAY_OPTION,
        field: { type: 'string', multiple: true },
        source: { type: 'string' },
        url: { type: 'string' },
        label: { type: 'string' },
      },
      allowPositionals: true,
    }),
  );
  const [slug, ...extra] = positionals;
  if (slug === undefined || extra.length > 0) throw new UsageError('Give exactly one course slug.');
  const { source: sourceType, url, label } = values;
  const fields = [...new Set(values.field ?? [])];
  if (fields.length === 0 || sourceType === undefined) {
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
  for (const field of fields) {
    if (!isCourseField(course, field)) {
      throw new Refusal(`${path}: course "${slug}" has no field "${field}" a source can vouch for`);
    }
  }
  if (url === undefined && sourceType === 'official') {
    throw new Refusal('an official source needs --url: the provider page that was checked');
  }
  const problem = url === undefined ? undefined : notProviders(url, course);
  if (problem) throw new Refusal(`${path}: course "${slug}", --url: ${problem}`);
  if (url === undefined && label === undefined) {
    throw new UsageError('--label is required when there is no --url.');
  }

  const entries: Source[] = fields.map((field) => ({
    field,
    source_type: sourceType as Source['source_type'],
    label: label ?? url!.replace(/^https?:\/\//, ''),
    url: url ?? null,
    verified_on: today,
  }));
  const text = readFileSync(path, 'utf8');
  const file = JSON.parse(text) as { courses: CourseRecord[] };
  const verification = file.courses.find((c) => c.slug === slug)!.verification;
  // A check of the same field on the same page replaces the earlier one: the newer date holds.
  const replaced = entries.map((entry) => {
    const same = verification.sources.findIndex(
      (s) => s.field === entry.field && s.source_type === entry.source_type && s.url === entry.url,
    );
    const earlier = same === -1 ? undefined : verification.sources[same];
    if (same === -1) verification.sources.push(entry);
    else verification.sources[same] = entry;
    return earlier;
  });
  const previous = verification.last_verified_on;
  // The day every fact had been checked by, this check included (an entry of today, after the
  // course's others): it moves only as far as the facts' checks move it.
  const checks = factChecks({ verification }, [
    ...(entriesByCourse(dataset.history).get(slug) ?? []),
    { id: '', date: today, kind: 'verified', sources: entries },
  ]);
  verification.last_verified_on = lastVerifiedOn(checks);

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
      entries,
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
  entries.forEach((entry, i) => {
    console.log(
      `${path}: course "${slug}": ${entry.field} verified on ${today} (${entry.source_type}, ${entry.url ?? entry.label})` +
        (replaced[i] ? `, replacing the check of ${replaced[i].verified_on}` : '') +
        (factOf(entry.field) ? '' : ` (not one of the facts its date counts: ${FACTS.join(', ')})`),
    );
  });
  console.log(
    `${path}: course "${slug}": last_verified_on ${previous ?? 'null'} → ${verification.last_verified_on ?? 'null'}; ${checksInWords(checks)}`,
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
