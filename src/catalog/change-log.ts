import { SITE_PATHS } from '../core/paths';
import type { Change } from './change.schema';
import type { CourseRecord } from './course.schema';
import type { KeptEntry } from './history-check';
import { entryInWords } from './history-words';

/**
 * The history as the API, the MCP server and the site serve it (docs/api.md#getchanges): each
 * entry with the course it is about as of today, its words and the page it shows on, newest first.
 * It depends on the data alone: built once per dataset, never per request.
 */
export interface ChangeLog {
  /** Every entry, newest first (the history's order, reversed). */
  readonly entries: readonly Change[];
  /** Each course's entries, newest first, removed courses' included. */
  readonly byCourse: ReadonlyMap<string, readonly Change[]>;
  /** The date of the methodology's newest entry. */
  readonly methodologyChangedOn: string | null;
}

export function changeLogOf(
  history: readonly KeptEntry[],
  courses: readonly CourseRecord[],
  siteUrl: string,
): ChangeLog {
  const tracked = new Set(courses.map((course) => course.slug));
  const entries = [...history].reverse().map((entry) => served(entry, tracked, siteUrl));
  const byCourse = new Map<string, Change[]>();
  for (const change of entries) {
    if (!change.course) continue;
    const list = byCourse.get(change.course.slug) ?? [];
    list.push(change);
    byCourse.set(change.course.slug, list);
  }
  const methodology = entries.find((change) => change.subject === 'methodology');
  return { entries, byCourse, methodologyChangedOn: methodology?.date ?? null };
}

function served(entry: KeptEntry, tracked: ReadonlySet<string>, siteUrl: string): Change {
  const { text, changes } = entryInWords(entry);
  const slug = entry.course;
  const removed = slug !== undefined && !tracked.has(slug);
  const page =
    slug === undefined
      ? SITE_PATHS.methodology
      : removed
        ? `${SITE_PATHS.changes}?course=${slug}`
        : SITE_PATHS.course(slug);
  return {
    id: entry.id,
    date: entry.date,
    kind: entry.kind,
    subject: slug === undefined ? 'methodology' : 'course',
    course:
      slug === undefined
        ? null
        : { slug, name: entry.name!, placeholder_data: entry.placeholder === true, removed },
    text,
    changes: (entry.changes ?? []).map((change, i) => ({
      field: change.field,
      before: change.before ?? null,
      after: change.after ?? null,
      text: changes[i],
    })),
    sources: entry.sources ?? [],
    page_url: `${siteUrl}${page}`,
  };
}
