import { Feed } from 'feed';
import type { Change } from '../catalog/change.schema';
import type { SiteLinks } from './links';

/**
 * The history as an Atom feed (RFC 4287; docs/website.md#changes), written by the `feed` package:
 * the newest entries, each titled in words, linked to the page it shows on, dated its day and
 * identified by a URL made of the entry's own id, the same on every replica and after a restart.
 */

/** The feed carries the newest entries; the changes page and the API page through all of them. */
export const FEED_ENTRIES = 50;

export const ATOM_TYPE = 'application/atom+xml; charset=utf-8';

/** Atom's `html` text constructs are HTML: a name with `&` or `<` must stay text. */
const asHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** An entry's id: its place on the changes page, `…/ai-seo-courses/changes#2027-03-12-x1Y2z3W4`. */
export const entryIri = (links: SiteLinks, change: Change) => `${links.changes}#${change.id}`;

const midnight = (date: string) => new Date(`${date}T00:00:00Z`);

/**
 * The feed of `entries` (newest first). `today` dates it when there are none, so the feed never
 * reads the clock itself.
 */
export function changesFeed(entries: readonly Change[], links: SiteLinks, today: string): string {
  const feed = new Feed({
    id: links.changes,
    title: 'Course Finder: what changed in the AI SEO courses dataset',
    description:
      'Courses added, facts changed, courses verified against their sources, courses no longer enrolling or removed, and changes of the scoring methodology.',
    link: links.changes,
    feedLinks: { atom: links.changesFeed },
    updated: midnight(entries[0]?.date ?? today),
    author: { name: 'Course Finder', link: links.home },
    generator: false,
  });
  for (const change of entries.slice(0, FEED_ENTRIES)) {
    feed.addItem({
      title: asHtml(change.text),
      id: entryIri(links, change),
      link: change.page_url,
      date: midnight(change.date),
      description: asHtml(
        `${change.text}${change.course?.placeholder_data && change.kind !== 'added' ? ' The course is a fictional placeholder.' : ''}`,
      ),
    });
  }
  return feed.atom1();
}
