import { SITE_PATHS } from '../core/paths';
import type { GlossaryEntry } from '../courses/search-aids.responses';
import { type FilterName, narrowingFilters } from '../courses/course-filters';
import type { SearchCoursesQuery } from '../courses/courses.dto';
import { type WayOut, withWay } from '../courses/ways-out';
import { pathOf } from './links';

/**
 * The list page's words for the ways out of an empty list (docs/website.md#the-list-when-nothing-is-found)
 * and for the terms a search was read through: each way a link to the list with the change made,
 * the other filters and words kept.
 */

export interface WayLink {
  href: string;
  text: string;
  /** Said after the link, with its count. */
  courses: number;
}

const FILTER_WORDS: Record<Exclude<FilterName, 'include_inactive'>, string> = {
  level: 'Any level',
  specialty: 'Any specialty',
  price_band: 'Any price',
  community_only: 'With or without community',
};

/** A list address with one way's change to the parameters given (as the form writes them). */
function listWith(given: Record<string, string>, way: WayOut): string {
  const changed = withWay(given, way) as Record<string, string | true>;
  const params = new URLSearchParams(
    Object.entries(changed).map(([name, value]): [string, string] => [name, String(value)]),
  );
  const query = params.toString().replaceAll('%2C', ',');
  return query === '' ? SITE_PATHS.list : `${SITE_PATHS.list}?${query}`;
}

export function wayLinks(given: Record<string, string>, ways: readonly WayOut[]): WayLink[] {
  return ways.map((way) => {
    const href = listWith(given, way);
    const text =
      way.kind === 'other_words'
        ? `Search “${way.value}” instead`
        : way.kind === 'drop_words'
          ? `Keep the filters, leave out the words “${given.q}”`
          : way.parameter === 'include_inactive'
            ? 'Include the courses not enrolling now'
            : `${FILTER_WORDS[way.parameter as keyof typeof FILTER_WORDS]}: leave out this filter`;
    return { href, text, courses: way.courses };
  });
}

/** What the list says of a query that finds nothing. */
export function nothingFound(query: SearchCoursesQuery): string {
  const filters = narrowingFilters(query).length > 0;
  if (query.q !== undefined) return filters ? 'these words and filters' : 'these words';
  return 'these filters';
}

/** The terms a search was read through, each linked to its place in the glossary. */
export function termLinks(terms: readonly GlossaryEntry[]) {
  return terms.map((term) => ({
    name: term.name,
    href: `${pathOf(term.page_url)}${new URL(term.page_url).hash}`,
  }));
}
