import type { Course } from '../catalog/course.schema';
import type { Meta } from '../core/envelope.schema';
import type { DataWords } from './data-words';
import { fmt } from './format';
import type { SiteLinks } from './links';
import { inFigures } from '../core/words';

/** The Markdown forms of the list and of one course, for `Accept: text/markdown` and the digest. */

/**
 * Backslash-escapes what Markdown would read as markup or raw HTML (an `&` only where it would start
 * an entity, so "PR & Links" stays readable); newlines become spaces.
 */
export function mdText(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').replace(/[\\`*_[\]<>#~]|&(?=#?[a-z0-9]+;)/gi, '\\$&');
}

/** A link destination in angle brackets, with the characters that could end it percent-encoded. */
export function mdLink(label: string, url: string): string {
  return `[${mdText(label)}](<${url.replace(/[<>\s]/g, encodeURIComponent)}>)`;
}

function pickLine(course: Course): string[] {
  const pick = course.editorial_pick;
  if (!pick) return [];
  const reason = pick.reason ? `: ${mdText(pick.reason)}` : '';
  const kind = course.placeholder_data
    ? 'Placeholder award (on a fictional course; no editor has given it; outside the scoring)'
    : 'Editorial pick (outside the scoring)';
  return [`- ${kind}: ${mdText(pick.label ?? 'Editorial pick')}${reason}`];
}

function keyFacts(course: Course): string[] {
  return [
    `- Provider: ${course.provider.url ? mdLink(course.provider.name, course.provider.url) : mdText(course.provider.name)}`,
    `- Status: ${fmt.status(course)}`,
    `- Levels: ${fmt.levels(course)}`,
    `- Price (as published): ${mdText(fmt.price(course))}`,
    `- Formats: ${mdText(fmt.formats(course))}`,
    `- AI/GEO focus: ${course.ai_geo_focus}`,
    `- Certification: ${fmt.yesNo(course.certification)}`,
    `- Community: ${mdText(course.community)}`,
    `- Updates: ${mdText(course.updates)}`,
    `- Last verified: ${fmt.verifiedWithStatus(course)}`,
    ...(course.placeholder_data ? ['- Placeholder data: illustrative facts, not verified'] : []),
    ...pickLine(course),
    `- Page: ${mdLink(course.page_url, course.page_url)}`,
    ...(course.url ? [`- Provider's course page: ${mdLink(course.url, course.url)}`] : []),
  ];
}

/** Where the history is, for a Markdown form that mentions it. */
export type HistoryLinks = Pick<SiteLinks, 'changes' | 'changesFeed'>;

function header(meta: Meta, words: DataWords, history?: HistoryLinks): string[] {
  return [
    ...(meta.contains_placeholder_data
      ? [
          '> **Placeholder data.** Some or all course facts below are fictional placeholders awaiting verification.',
          '',
        ]
      : []),
    `Cite as: ${mdText(meta.citation)}`,
    '',
    `Canonical page: ${mdLink(meta.canonical_url, meta.canonical_url)}. Newest verification in the dataset: ${meta.last_verified_on ?? 'none yet'}. ${words.accuracy}; unknown values are left out, never guessed.`,
    ...(history
      ? [
          '',
          `What changed, and when: ${mdLink('the changes', history.changes)}, also as an ${mdLink('Atom feed', history.changesFeed)}.`,
        ]
      : []),
  ];
}

/** A page of a longer list: how many courses there are in all, where this page starts, and links. */
export interface ListPageLinks {
  total: number;
  offset: number;
  next?: string;
  prev?: string;
  first: string;
}

export function listMarkdown(
  title: string,
  courses: readonly Course[],
  meta: Meta,
  words: DataWords,
  { page, history }: { page?: ListPageLinks; history?: HistoryLinks } = {},
): string {
  const total = page?.total ?? courses.length;
  const lines = [`# ${mdText(title)}`, '', ...header(meta, words, history), ''];
  lines.push(`${inFigures(total, 'course')}.`, '');
  const paged = page !== undefined && (page.next !== undefined || page.prev !== undefined);
  if (paged) lines.push(`${pageSpan(page, courses.length)}. ${pageLinks(page)}`, '');
  for (const course of courses) {
    lines.push(`## ${mdText(course.name)}`, '');
    if (course.description) lines.push(mdText(course.description), '');
    lines.push(...keyFacts(course), '');
  }
  if (paged) lines.push(pageLinks(page), '');
  return `${lines.join('\n').trimEnd()}\n`;
}

/** "Courses 51 to 100 of 3,400". */
export function pageSpan(page: ListPageLinks, shown: number): string {
  return `Courses ${fmt.number(page.offset + 1)} to ${fmt.number(page.offset + shown)} of ${fmt.number(page.total)}`;
}

function pageLinks(page: ListPageLinks): string {
  return [
    page.prev !== undefined && mdLink('Previous page', page.prev),
    page.next !== undefined && mdLink('Next page', page.next),
    page.prev !== undefined && mdLink('First page', page.first),
  ]
    .filter(Boolean)
    .join(' · ');
}

export function courseMarkdown(course: Course, meta: Meta, words: DataWords): string {
  const lines = [`# ${mdText(course.name)}`, '', ...header(meta, words), ''];
  if (course.description) lines.push(mdText(course.description), '');
  if (course.best_for) lines.push(`Best for: ${mdText(course.best_for)}`, '');
  lines.push('## Key facts', '', ...keyFacts(course), '');
  lines.push(`- Kinds of work: ${mdText(fmt.models(course))}`);
  lines.push(`- Budget band: ${mdText(fmt.budgetBand(course) + fmt.firstYear(course))}`, '');
  if (course.highlights.length) {
    lines.push('## Highlights', '', ...course.highlights.map((h) => `- ${mdText(h)}`), '');
  }
  lines.push('## Topic coverage (0 none to 5 core specialty)', '');
  lines.push(...fmt.coverage(course).map((row) => `- ${row.label}: ${fmt.score(row.value)}`), '');
  lines.push('## Evidence', '');
  if (course.verification.sources.length === 0) lines.push('No sources recorded yet.');
  for (const source of course.verification.sources) {
    const label = source.url ? mdLink(source.label, source.url) : mdText(source.label);
    lines.push(
      `- ${mdText(source.field)}: ${label} (${fmt.sourceType(source.source_type)}, verified ${source.verified_on})`,
    );
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
