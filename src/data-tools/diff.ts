/**
 * `npm run data:diff [-- REF]`: what an edit of the data does, before it ships. Compares the data at
 * a git ref (default HEAD) with the working tree as the API would serve them, both derived for the
 * same day: courses added, removed and renamed, status changes, field changes, methodology changes,
 * and how each course's recommendation reach (how many answer combinations rank it) moves.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Course } from '../catalog/course.schema';
import { loadDataset } from '../catalog/dataset';
import { buildCatalog, type Catalog } from '../catalog/derive';
import { type Distribution, distribution } from '../recommendations/distribution';
import { changedFields, shown } from './changes';
import {
  DATA_DIR_OPTION,
  dataDirFrom,
  readArgs,
  runCli,
  todayFrom,
  TODAY_OPTION,
  UsageError,
} from './cli';
import { datasetAtRef } from './git-data';
import { type Section, toMarkdown, toText } from './sections';

const USAGE = `Usage: npm run data:diff -- [REF] [--markdown FILE] [--today YYYY-MM-DD] [--data-dir DIR]

Compares the data at the git ref REF (default HEAD) with the working tree, as the API serves them.
--markdown FILE  also write the comparison as Markdown (for a pull request)
--today DATE     the day both sides are derived for (default: today, UTC)`;

/** Only `page_url` reads it, the same on both sides, so it never shows as a change. */
const URLS = { siteUrl: 'http://localhost:3000', baseUrl: 'http://localhost:3000/api/v1' };

/** Reported in their own sections, or following from one that is (`enrolling` from `status`). */
const OWN_SECTION = new Set(['name', 'status', 'enrolling', 'verification.status']);

interface Reach {
  combinations: number;
  noStrongMatch: number;
  bySlug: Readonly<Record<string, number>>;
  /** Answer combinations by their best match, as the methodology page charts them. */
  topMatch: Distribution['top_match'];
}

function reachOf(catalog: Catalog): Reach {
  const d = distribution(catalog.courses, catalog.methodology);
  return {
    combinations: d.combinations,
    noStrongMatch: d.no_strong_match,
    bySlug: d.times_recommended,
    topMatch: d.top_match,
  };
}

/**
 * How the best match of every answer combination moved, bucket by bucket: what a change of the
 * methodology (the budget rule, a weight) or of many courses does to the finder as a whole.
 */
function spreadRows(before: Reach, after: Reach): string[][] {
  const buckets = [...new Set([...before.topMatch, ...after.topMatch].map((b) => b.bucket))];
  const count = (reach: Reach, bucket: string) =>
    reach.topMatch.find((b) => b.bucket === bucket)?.count ?? 0;
  return buckets
    .sort((a, b) =>
      a === 'none' ? -1 : b === 'none' ? 1 : b.localeCompare(a, 'en', { numeric: true }),
    )
    .map((bucket) => {
      const [old, now] = [count(before, bucket), count(after, bucket)];
      return [
        bucket === 'none' ? 'no strong match' : bucket,
        String(old),
        String(now),
        signed(now - old),
      ];
    });
}

export function compare(before: Catalog, after: Catalog): Section[] {
  const added = after.courses.filter((course) => !before.bySlug.has(course.slug));
  const removed = before.courses.filter((course) => !after.bySlug.has(course.slug));
  const kept = after.courses
    .filter((course) => before.bySlug.has(course.slug))
    .map((course) => [before.bySlug.get(course.slug)!, course] as const);
  const renamed = kept.filter(([old, now]) => old.name !== now.name);
  const statusRows = kept.flatMap(([old, now]) => [
    ...(old.status !== now.status ? [[now.slug, 'status', old.status, now.status]] : []),
    ...(old.verification.status !== now.verification.status
      ? [[now.slug, 'verification.status', old.verification.status, now.verification.status]]
      : []),
  ]);
  const fieldRows = kept.flatMap(([old, now]) =>
    changedFields(old, now)
      .filter((change) => !OWN_SECTION.has(change.field))
      .map((change) => [now.slug, change.field, shown(change.before), shown(change.after)]),
  );
  const methodologyRows = changedFields(before.methodology, after.methodology).map((change) => [
    change.field,
    shown(change.before),
    shown(change.after),
  ]);

  const reach = { before: reachOf(before), after: reachOf(after) };
  const slugs = [...new Set([...before.courses, ...after.courses].map((c) => c.slug))].sort();
  const reachRows = slugs
    .map((slug) => ({ slug, old: reach.before.bySlug[slug], now: reach.after.bySlug[slug] }))
    .filter(({ old, now }) => old !== now)
    .sort((a, b) => Math.abs((b.now ?? 0) - (b.old ?? 0)) - Math.abs((a.now ?? 0) - (a.old ?? 0)))
    .map(({ slug, old, now }) => [
      slug,
      old === undefined ? '(none)' : String(old),
      now === undefined ? '(none)' : String(now),
      signed((now ?? 0) - (old ?? 0)),
    ]);
  const changedCourses = new Set(fieldRows.map(([slug]) => slug)).size;
  const combinations = reach.after.combinations.toLocaleString('en');

  return [
    {
      title: 'Summary',
      headers: ['what', 'before', 'after'],
      rows: [
        ['courses', String(before.courses.length), String(after.courses.length)],
        ['active courses', String(activeCount(before)), String(activeCount(after))],
        [
          `answer combinations (of ${combinations}) with no strong match`,
          String(reach.before.noStrongMatch),
          String(reach.after.noStrongMatch),
        ],
        [
          'courses added / removed / renamed',
          '',
          `${added.length} / ${removed.length} / ${renamed.length}`,
        ],
        ['status changes', '', String(statusRows.length)],
        ['courses with field changes', '', String(changedCourses)],
      ],
      empty: '',
    },
    {
      title: 'Courses added',
      headers: ['course', 'name', 'status'],
      rows: added.map((c) => [c.slug, c.name, c.status]),
      empty: 'None.',
    },
    {
      title: 'Courses removed',
      note: 'A changed slug shows as a removal and an addition: the old page URL stops working.',
      headers: ['course', 'name', 'status'],
      rows: removed.map((c) => [c.slug, c.name, c.status]),
      empty: 'None.',
    },
    {
      title: 'Courses renamed',
      note: 'Same slug, new name.',
      headers: ['course', 'old name', 'new name'],
      rows: renamed.map(([old, now]) => [now.slug, old.name, now.name]),
      empty: 'None.',
    },
    {
      title: 'Status changes',
      headers: ['course', 'field', 'before', 'after'],
      rows: statusRows,
      empty: 'None.',
    },
    {
      title: 'Field changes',
      note: 'As the API serves them (derived fields included), JSON values.',
      headers: ['course', 'field', 'before', 'after'],
      rows: fieldRows,
      empty: 'None.',
    },
    {
      title: 'Methodology changes',
      headers: ['field', 'before', 'after'],
      rows: methodologyRows,
      empty: 'None.',
    },
    {
      title: 'Best match of every answer combination',
      note: `How many of the ${combinations} answer combinations have their best match in each band of 10 points; a change of the methodology moves these first.`,
      headers: ['best match', 'before', 'after', 'change'],
      rows: spreadRows(reach.before, reach.after),
      empty: '',
    },
    {
      title: 'Recommendation reach',
      note: `How many of the ${combinations} answer combinations rank each course, for the courses where that changed; ${slugs.length - reachRows.length} course(s) unchanged.`,
      headers: ['course', 'before', 'after', 'change'],
      rows: reachRows,
      empty: 'No course’s reach changed.',
    },
  ];
}

const activeCount = (catalog: Catalog) =>
  catalog.courses.filter((course: Course) => course.status === 'active').length;

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export async function diff(args: string[]): Promise<number> {
  const { values, positionals } = readArgs(() =>
    parseArgs({
      args,
      options: { ...DATA_DIR_OPTION, ...TODAY_OPTION, markdown: { type: 'string' } },
      allowPositionals: true,
    }),
  );
  if (positionals.length > 1) throw new UsageError('Give at most one git ref.');
  const ref = positionals[0] ?? 'HEAD';
  const today = todayFrom(values.today);
  const dir = dataDirFrom(values['data-dir']);
  const before = buildCatalog(datasetAtRef(dir, ref, today), today, URLS);
  // What the edit does, recorded in the history yet or not (data:record comes after).
  const after = buildCatalog(loadDataset(dir, today, { history: 'none' }), today, URLS);
  const sections = compare(before, after);
  const title = `Data changes: ${ref} → working tree (derived for ${today})`;
  console.log(toText(title, sections));
  if (values.markdown !== undefined) writeFileSync(values.markdown, toMarkdown(title, sections));
  return 0;
}

if (require.main === module) runCli(USAGE, diff);
