import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { useRoom } from '../../test/support/room';
import { queryOf, SITE_ROOM, slugsIn } from '../../test/support/site-room';
import { CoursesService } from '../courses/courses.service';
import { DistributionService } from '../recommendations/distribution.service';
import { CompanionsService } from './companions.service';
import { ComparePage } from './compare.page';
import { ListPage } from './list.page';
import { MethodologyPage } from './methodology.page';

/**
 * The site over a catalog of 238 courses, the shipped ones seven times (`npm run catalog`): more
 * than a list page shows (50), the comparison's picker ticks and llms.txt lists (200 each), and
 * the methodology page's table of how often each course is recommended (50).
 */

const dir = execFileSync(process.execPath, ['scripts/catalog.mjs', '--times', '7'], {
  cwd: join(__dirname, '..', '..'),
  encoding: 'utf8',
}).trim();
const room = useRoom(SITE_ROOM, { env: { DATA_DIR: dir } });
const list = () => room.get(ListPage);
const slugs = (query: Parameters<CoursesService['search']>[0]) =>
  room
    .get(CoursesService)
    .search(query)
    .data.map((course) => course.slug);
/** The address of a page's link of this relation, `&amp;` read. */
const linkOf = (page: string, rel: string) =>
  new RegExp(`<a rel="${rel}" href="([^"]+)"`).exec(page)?.[1]?.replaceAll('&amp;', '&');

describe('the list page', () => {
  it('shows 50 courses a page, with links that keep the filters, and misses none', async () => {
    const all = slugs({ include_inactive: true, sort: 'price-desc' });
    expect(all).toHaveLength(238);
    const seen: string[] = [];
    let address: string | undefined = '/ai-seo-courses?include_inactive=true&sort=price-desc';
    let pages = 0;
    while (address) {
      const page = await list().html(queryOf(address));
      const rows = slugsIn(page);
      expect(rows.length).toBeLessThanOrEqual(50);
      expect(page).toContain(`Courses ${seen.length + 1} to ${seen.length + rows.length} of 238`);
      seen.push(...rows);
      pages++;
      address = linkOf(page, 'next');
      if (address) {
        expect(address.startsWith('/ai-seo-courses?')).toBe(true);
        expect(queryOf(address).sort).toBe('price-desc');
      }
    }
    expect(pages).toBe(5);
    expect(seen).toEqual(all);
  });

  it('searches as the API does, best match first for typed words, and shows the first page for a stale page link', async () => {
    const rowsOf = async (address: string) => slugsIn(await list().html(queryOf(address)));
    expect(await rowsOf('/ai-seo-courses?include_inactive=true&q=local')).toEqual(
      slugs({ include_inactive: true, q: 'local', sort: 'relevance', limit: 50 }),
    );
    expect(await rowsOf('/ai-seo-courses?include_inactive=true&q=local&sort=name-asc')).toEqual(
      slugs({ include_inactive: true, q: 'local', sort: 'name-asc', limit: 50 }),
    );
    // The link to the courses not enrolling now keeps the search, and counts what it shows.
    const tracked = slugs({ include_inactive: true, q: 'local' }).length;
    expect(tracked).toBeGreaterThan(slugs({ q: 'local' }).length);
    expect(await list().html({ q: 'local' })).toContain(
      `href="/ai-seo-courses?q=local&amp;include_inactive=true">show all ${tracked}</a>`,
    );
    expect(await rowsOf('/ai-seo-courses?cursor=eyJ2IjoiMCJ9')).toEqual(
      await rowsOf('/ai-seo-courses'),
    );
  });

  it('pages its Markdown form the same way, linking under PUBLIC_URL', async () => {
    const md = await list().markdown({ include_inactive: 'true' });
    expect(md).toContain('238 courses.');
    expect(md).toContain('Courses 1 to 50 of 238.');
    expect(md.match(/^## /gm)).toHaveLength(50);
    expect(md).toMatch(
      /\[Next page\]\(<http:\/\/localhost:3000\/ai-seo-courses\?include_inactive=true&cursor=[\w-]+>\)/,
    );
  });
});

describe('the comparison page', () => {
  it('points to the list instead of offering 238 boxes to tick, and keeps two chosen ones ticked', async () => {
    const page = await room.get(ComparePage).html({});
    expect(page).toContain('There are 238 courses, too many to tick here');
    expect(page).not.toContain('type="checkbox"');
    const two = await room
      .get(ComparePage)
      .html({ courses: 'answer-engine-foundations,search-generalist-program-3' });
    expect(two).toMatch(/<table class="compare[ "]/);
    expect(two.match(/type="checkbox"/g)).toHaveLength(2);
  });
});

describe('the methodology page', () => {
  it('lists the 50 most recommended courses, most first, and says how many more', async () => {
    await room.get(DistributionService).settled();
    const { html: page, complete } = room.get(MethodologyPage).html();
    expect(complete).toBe(true);
    const enrolling = slugs({}).length;
    expect(enrolling).toBeGreaterThan(50);
    expect(page).toContain('How often the 50 most recommended courses are recommended');
    expect(page).toMatch(
      new RegExp(`${enrolling - 50} other enrolling courses are listed less often`),
    );
    const rows = [
      ...page.matchAll(
        /<tr><td><a href="\/ai-seo-courses\/[^"]+">[^<]+<\/a><\/td><td class="num">([\d,]+)<\/td><\/tr>/g,
      ),
    ];
    expect(rows).toHaveLength(50);
    const counts = rows.map((row) => Number(row[1].replaceAll(',', '')));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBeGreaterThan(counts.at(-1)!);
  });
});

describe('llms.txt', () => {
  it('stays an index: it points to the companions and to search instead of listing each course', () => {
    const llms = room.get(CompanionsService).llmsTxt();
    expect(llms).toContain('238 courses are tracked, too many to list here.');
    expect(llms).toContain('(<http://localhost:3000/ai-seo-courses.md>)');
    expect(llms).toContain('/api/v1/courses?q={words}&limit=20');
    expect(llms).not.toContain('/ai-seo-courses/answer-engine-foundations');
  });
});
