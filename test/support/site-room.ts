import { parse } from 'node:querystring';
import type { Provider, Type } from '@nestjs/common';
import { ChangesService } from '../../src/changes/changes.service';
import { ComparisonsService } from '../../src/comparisons/comparisons.service';
import { DomainError } from '../../src/core/domain-error';
import { SITE_PATHS } from '../../src/core/paths';
import { CoursesService } from '../../src/courses/courses.service';
import { SearchAidsService } from '../../src/courses/search-aids.service';
import { DistributionService } from '../../src/recommendations/distribution.service';
import { RecommendationsService } from '../../src/recommendations/recommendations.service';
import { ApiDocsPage } from '../../src/site/api-docs.page';
import { ChangesPage } from '../../src/site/changes.page';
import { ComparePage } from '../../src/site/compare.page';
import { CoursePage } from '../../src/site/course.page';
import { FinderPage } from '../../src/site/finder.page';
import { GlossaryPage } from '../../src/site/glossary.page';
import { HomePage } from '../../src/site/home.page';
import { PATHS } from '../../src/site/links';
import { SITE_PROVIDERS } from '../../src/site/site.module';
import { ListPage } from '../../src/site/list.page';
import { MethodologyPage } from '../../src/site/methodology.page';
import { MissingPage } from '../../src/site/not-found.page';

/**
 * The site's pages and companions and the services they read, as the site module and the modules
 * it imports provide them (their controllers aside: the pages are called as the controllers call
 * them), for `useRoom`/`roomModule` (room.ts).
 */
export const SITE_ROOM: Provider[] = [
  ...SITE_PROVIDERS,
  CoursesService,
  SearchAidsService,
  ComparisonsService,
  RecommendationsService,
  DistributionService,
  ChangesService,
];

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
/** A page's text as a reader sees it: tags out, entities read, white space folded. */
export const textOf = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name])
    .replace(/\s+/g, ' ');

/** The addresses a page links to, as written in its HTML (`&amp;` read as `&`). */
export const linksOf = (html: string) =>
  [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replaceAll('&amp;', '&'));

/** How Eta's auto-escaping writes a value into HTML. */
export const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** A page's one JSON-LD element: as written, and read. */
export function jsonLdOf(html: string): { raw: string; value: any } {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('the page has no JSON-LD');
  return { raw: match[1], value: JSON.parse(match[1]) };
}

/** The courses a list, finder or comparison page shows, in order, by the slugs its rows or cards carry. */
export const slugsIn = (html: string) =>
  [...html.matchAll(/ data-slug="([^"]+)"/g)].map((m) => m[1]);

/**
 * A page's query as Express's query parser reads an address: a value a string, or the strings of a
 * name given more than once.
 */
export const queryOf = (address: string): Record<string, unknown> => ({
  ...parse(address.split('?')[1] ?? ''),
});

/**
 * The HTML a site address answers, as the site's controllers render it (their routes; the headers
 * are the end-to-end suites'): an unknown course is the page for a missing one, with the nearest
 * courses the error names, as the error filter renders it.
 */
export async function pageAt(get: <T>(type: Type<T>) => T, address: string): Promise<string> {
  const [path] = address.split('?');
  const query = queryOf(address);
  switch (path) {
    case SITE_PATHS.home:
      return get(HomePage).html();
    case SITE_PATHS.list:
      return get(ListPage).html(query);
    case SITE_PATHS.finder:
      return get(FinderPage).html(query);
    case SITE_PATHS.compare:
      return get(ComparePage).html(query);
    case SITE_PATHS.methodology:
      return get(MethodologyPage).html().html;
    case SITE_PATHS.glossary:
      return get(GlossaryPage).html();
    case SITE_PATHS.changes:
      return get(ChangesPage).html(query);
    case PATHS.apiDocs:
      return get(ApiDocsPage).html();
  }
  const slug = path.slice(`${SITE_PATHS.list}/`.length);
  if (!path.startsWith(`${SITE_PATHS.list}/`) || slug.includes('/')) {
    throw new Error(`${address} is not a page of the site`);
  }
  try {
    return await get(CoursePage).html(slug, query);
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'not_found') throw error;
    return get(MissingPage).render(error.message, error.details);
  }
}
