import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shipped, useRoom } from '../../test/support/room';
import { makeVerified, VERIFIED_ON, verifiedClock } from '../../test/support/verified-data';
import { ChangesService } from '../changes/changes.service';
import { InputValidationPipe } from '../core/validation/input-validation.pipe';
import { CoursesService } from '../courses/courses.service';
import { SearchAidsService } from '../courses/search-aids.service';
import { RecommendationsService } from '../recommendations/recommendations.service';
import { CoursePage } from './course.page';
import { HomePage } from './home.page';
import { ListPage } from './list.page';
import { SiteRenderer } from './site-renderer';

/**
 * The placeholder notice of the catalog and of a course (docs/website.md), read from the HTML the
 * page classes render over a catalog verified but for one course. The browser suites hold how the
 * same pages are laid out.
 */

const PAGES = [
  SiteRenderer,
  HomePage,
  ListPage,
  CoursePage,
  CoursesService,
  SearchAidsService,
  RecommendationsService,
  ChangesService,
  { provide: InputValidationPipe, useValue: new InputValidationPipe('query') },
];

/** The text of some HTML, tags out and white space folded (the words read here hold no entities). */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
/** The page's `<main>`, as HTML. */
const mainOf = (html: string) => /<main id="main">([\s\S]*)<\/main>/.exec(html)![1];
/** The words of each placeholder notice on a page. */
const banners = (html: string) =>
  [...mainOf(html).matchAll(/<p class="banner" role="note">([\s\S]*?)<\/p>/g)].map((m) =>
    text(m[1]),
  );

describe('the placeholder notice, with verified data and one placeholder left', () => {
  const dir = mkdtempSync(join(tmpdir(), 'course-finder-data-'));
  cpSync(join(__dirname, '..', '..', 'data'), dir, { recursive: true });
  rmSync(join(dir, 'history.jsonl'));
  const active = shipped.courses().filter((course) => course.status === 'active');
  const [placeholder, real] = active;
  makeVerified(dir, [placeholder.slug]);
  const room = useRoom(PAGES, { env: { DATA_DIR: dir }, now: verifiedClock().now() });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('on the placeholder’s page says that course is fictional', async () => {
    const html = await room.get(CoursePage).html(placeholder.slug, {});
    expect(banners(html)).toEqual([
      'Placeholder data. This course is a fictional example on a reserved example domain, waiting for verified facts. Do not rely on it.',
    ]);
  });

  it('on a verified course’s page says nothing of the kind, and gives its dates in words', async () => {
    const html = await room.get(CoursePage).html(real.slug, {});
    expect(banners(html)).toEqual([]);
    const main = mainOf(html);
    expect(text(main)).not.toMatch(/fictional|placeholder/i);
    expect(text(main)).toContain('Facts are accurate as of that date.');
    // The badge, the sources, the citation: each date the day it was checked, 2026-11-02.
    const days = [...main.matchAll(/<time datetime="([^"]+)">([^<]*)<\/time>/g)];
    expect(days.length).toBeGreaterThan(3);
    for (const [, datetime, shown] of days) {
      expect({ datetime, shown }).toEqual({ datetime: VERIFIED_ON, shown: '2 November 2026' });
    }
  });

  it('on the list and the home page keeps the catalog’s notice while any course is a placeholder', async () => {
    const catalog =
      'Placeholder data. Some courses shown here are fictional examples on reserved example domains, waiting for verified facts. Do not rely on them.';
    expect(banners(await room.get(ListPage).html({}))).toEqual([catalog]);
    expect(banners(room.get(HomePage).html())).toEqual([catalog]);
  });
});
