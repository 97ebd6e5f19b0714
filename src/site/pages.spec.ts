import { parseFeed } from '@rowanmanning/feed-parser';
import { SAMPLE_ANSWERS } from '../../test/support/answers';
import { shipped, useRoom } from '../../test/support/room';
import { ChangesService } from '../changes/changes.service';
import { ComparisonsService } from '../comparisons/comparisons.service';
import { InputValidationPipe } from '../core/validation/input-validation.pipe';
import { CoursesService } from '../courses/courses.service';
import { SearchAidsService } from '../courses/search-aids.service';
import { RecommendationsService } from '../recommendations/recommendations.service';
import { ChangesPage } from './changes.page';
import { ComparePage } from './compare.page';
import { CoursePage } from './course.page';
import { FinderPage } from './finder.page';
import { HomePage } from './home.page';
import { ListPage } from './list.page';
import { SiteRenderer } from './site-renderer';

/**
 * The site's pages as their classes render them from the shipped data (docs/website.md): what a
 * page says and links, read from its HTML as text and addresses. How a browser lays them out and
 * runs their scripts is the browser suites'.
 */

// The pages rendered here and what they read; the site module adds its controllers, and the
// methodology page (its spread is a worker's: test/methodology-spread.e2e-spec.ts).
const room = useRoom([
  SiteRenderer,
  HomePage,
  ListPage,
  CoursePage,
  ComparePage,
  FinderPage,
  ChangesPage,
  CoursesService,
  SearchAidsService,
  ComparisonsService,
  RecommendationsService,
  ChangesService,
  { provide: InputValidationPipe, useValue: new InputValidationPipe('query') },
]);
const pages = {
  home: () => room.get(HomePage),
  list: () => room.get(ListPage),
  course: () => room.get(CoursePage),
  compare: () => room.get(ComparePage),
  finder: () => room.get(FinderPage),
  changes: () => room.get(ChangesPage),
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
/** A page's text as a reader sees it: tags out, entities read, white space folded. */
const textOf = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name])
    .replace(/\s+/g, ' ');
/** The addresses a page links to. */
const linksOf = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);

const records = shipped.courses();
const enrolling = records.filter((course) => course.status === 'active');
const inactive = records.filter((course) => course.status === 'inactive');

describe('the home page', () => {
  it('links every way in: the list, the finder, the methodology, the changes and the API', () => {
    const links = linksOf(pages.home().html());
    for (const path of [
      '/ai-seo-courses',
      '/ai-seo-courses/finder',
      '/ai-seo-courses/methodology',
      '/ai-seo-courses/changes',
      '/api/v1/docs',
    ]) {
      expect(links.some((link) => link === path || link.endsWith(path))).toBe(true);
    }
  });
});

describe('the course list', () => {
  it('names and links every enrolling course, and no other, without filters', async () => {
    const html = await pages.list().html({});
    const text = textOf(html);
    const links = linksOf(html);
    for (const course of enrolling) {
      expect(text).toContain(course.name);
      expect(links).toContain(`/ai-seo-courses/${course.slug}`);
    }
    for (const course of inactive) expect(links).not.toContain(`/ai-seo-courses/${course.slug}`);
  });

  it('lists what a filter keeps, and says what is wrong with a value it does not take', async () => {
    const advanced = enrolling.filter((course) => course.levels.includes('advanced'));
    const links = linksOf(await pages.list().html({ level: 'advanced' }));
    for (const course of enrolling) {
      expect(links.includes(`/ai-seo-courses/${course.slug}`)).toBe(advanced.includes(course));
    }
    expect(textOf(await pages.list().html({ level: 'guru' }))).toContain('guru');
  });

  it('has a Markdown form: each course a link to its page', async () => {
    const markdown = await pages.list().markdown({});
    for (const course of enrolling) {
      expect(markdown).toContain(`/ai-seo-courses/${course.slug}`);
    }
  });
});

describe('a course page', () => {
  it('says the course’s facts: its name, provider and price as published', async () => {
    for (const course of records) {
      const text = textOf(await pages.course().html(course.slug, {}));
      expect(text).toContain(course.name);
      expect(text).toContain(course.provider.name);
      if (course.price.display) expect(text).toContain(course.price.display);
    }
  });

  it('with six answers, says how the course fits them', async () => {
    const text = textOf(await pages.course().html('answer-engine-foundations', SAMPLE_ANSWERS));
    expect(text).toMatch(/96\s?%/);
  });
});

describe('the comparison page', () => {
  it('sets two courses side by side', async () => {
    const [a, b] = enrolling;
    const text = textOf(await pages.compare().html({ courses: `${a.slug},${b.slug}` }));
    expect(text).toContain(a.name);
    expect(text).toContain(b.name);
  });

  it('tells a person who ticked one course what Compare needs, in words', async () => {
    const text = textOf(await pages.compare().html({ courses: enrolling[0].slug }));
    expect(text).toContain('Tick two or three courses to compare them; you ticked one.');
  });
});

describe('the finder page', () => {
  it('names the README’s first match for its answers', async () => {
    const text = textOf(await pages.finder().html(SAMPLE_ANSWERS));
    expect(text).toContain('Answer Engine Foundations');
  });
});

describe('the changes feed', () => {
  it('is Atom a feed reader reads, one entry per change, up to 50', () => {
    const feed = parseFeed(pages.changes().atom());
    const history = shipped.history();
    expect(feed.items).toHaveLength(Math.min(50, history.length));
    for (const item of feed.items) expect(item.title).toMatch(/\S/);
  });
});
