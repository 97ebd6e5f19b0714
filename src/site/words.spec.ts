import { SAMPLE_ANSWERS } from '../../test/support/answers';
import { copyOfData } from '../../test/support/data-dir';
import { shipped as shippedFiles, useRoom } from '../../test/support/room';
import { pageAt, SITE_ROOM } from '../../test/support/site-room';
import { claimsIn, makeVerified, verifiedClock } from '../../test/support/verified-data';
import { CatalogService } from '../catalog/catalog.service';
import { CompanionsService } from './companions.service';
import { CoursePage } from './course.page';
import { HomePage } from './home.page';
import { ListPage } from './list.page';
import { MissingPage } from './not-found.page';

/**
 * Every page's and companion's words follow the data (docs/website.md): with the shipped
 * placeholder courses none states verification as a present fact and the placeholder award says
 * what it is; after a reload with every course real and verified, the same templates say so
 * plainly. The texts fixed at start (MCP, the server card's description, OpenAPI) are
 * test/site-words.e2e-spec.ts's.
 */

/** The placeholder state's own words: the banner, the notes and the labels. */
const PLACEHOLDER_WORDS =
  /Placeholder data\.|for now, fictional placeholders|Placeholder courses are fictional|Placeholder award|placeholder \(fictional\)/;

const records = shippedFiles.courses();
const pick = records.find((course) => course.editorial_pick !== null)!;
const other = records.find((course) => course.editorial_pick === null)!;
const AWARD = pick.editorial_pick!.label!;

const PAGES: Record<string, string> = {
  home: '/',
  list: '/ai-seo-courses',
  'course (the pick)': `/ai-seo-courses/${pick.slug}`,
  comparison: `/ai-seo-courses/compare?courses=${pick.slug},${other.slug}`,
  finder: `/ai-seo-courses/finder?${new URLSearchParams(SAMPLE_ANSWERS)}`,
  methodology: '/ai-seo-courses/methodology',
  'not found': '/ai-seo-courses/no-such-course',
};
/** Pages that show problems or messages, checked for visitor words too. */
const MESSAGES: Record<string, string> = {
  'comparison of one': `/ai-seo-courses/compare?courses=${other.slug}`,
  'comparison of four': `/ai-seo-courses/compare?courses=${records
    .slice(0, 4)
    .map((c) => c.slug)
    .join(',')}`,
  'comparison of five': `/ai-seo-courses/compare?courses=${records
    .slice(0, 5)
    .map((c) => c.slug)
    .join(',')}`,
  'comparison of an unknown course': `/ai-seo-courses/compare?courses=${other.slug},no-such-course`,
  'comparison with a stray parameter': `/ai-seo-courses/compare?courses=${pick.slug},${other.slug}&utm_source=x`,
  'comparison with a stray parameter alone': '/ai-seo-courses/compare?utm_source=x',
  'comparison untouched': '/ai-seo-courses/compare',
  'list with bad filters': '/ai-seo-courses?level=expert&utm_source=x',
};

/** The text of a page as a browser shows it: the head and the markup gone, entities read. */
const decode = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
/** How many times each page shows the award's badge. */
const BADGES = { list: 2, 'course (the pick)': 1, comparison: 1 };
const badges = (html: string) =>
  [...html.matchAll(/<span class="badge pick">([^<]*)<\/span>/g)].map((m) => decode(m[1]));

interface Surfaces {
  /** Every surface's words, by name. */
  text: Record<string, string>;
  /** The raw HTML of each page. */
  html: Record<string, string>;
}

const dir = copyOfData();
const room = useRoom(SITE_ROOM, { env: { DATA_DIR: dir }, now: verifiedClock().current });

async function read(): Promise<Surfaces> {
  const text: Record<string, string> = {};
  const html: Record<string, string> = {};
  for (const [name, path] of Object.entries({ ...PAGES, ...MESSAGES })) {
    html[name] = await pageAt(room.get, path);
    text[name] = decode(html[name]);
  }
  // A path that is no page at all gets the same page as an unknown course, without the near ones.
  html['unknown path'] = room.get(MissingPage).render('Cannot GET /no/such/page');
  text['unknown path'] = decode(html['unknown path']);
  text['list as Markdown'] = await room.get(ListPage).markdown({});
  text['course as Markdown'] = room.get(CoursePage).markdown(pick.slug);
  text['/ai-seo-courses.md'] = room.get(CompanionsService).datasetMarkdown();
  text['/llms.txt'] = room.get(CompanionsService).llmsTxt();
  text['home as JSON'] = room.get(HomePage).index().description;
  return { text, html };
}

let shipped: Surfaces;
let verified: Surfaces;
beforeAll(async () => {
  shipped = await read();
  // The same catalog, its data replaced by verified courses and reloaded.
  makeVerified(dir);
  expect(room.get(CatalogService).reload()).toBe(true);
  verified = await read();
});

const ALL = [
  ...Object.keys(PAGES),
  'list as Markdown',
  'course as Markdown',
  '/ai-seo-courses.md',
  '/llms.txt',
];
const DYNAMIC = [...ALL, 'home as JSON'];
/** The surfaces that carry the accuracy note. */
const NOTED = [
  ...Object.keys(PAGES),
  'list as Markdown',
  'course as Markdown',
  '/ai-seo-courses.md',
];

describe('with the shipped placeholder data', () => {
  it.each(DYNAMIC)('%s states no verification as a present fact', (name) => {
    expect(shipped.text[name]).toBeTruthy();
    expect(claimsIn(shipped.text[name])).toEqual([]);
    expect(shipped.text[name]).toMatch(PLACEHOLDER_WORDS);
  });

  it('the placeholder award is labelled as one wherever it is shown', () => {
    // The list shows the pick above the table and in its row.
    for (const [name, times] of Object.entries(BADGES)) {
      expect({ name, badges: badges(shipped.html[name]) }).toEqual({
        name,
        badges: Array(times).fill(`Placeholder award: ${AWARD}`),
      });
    }
    expect(shipped.text.list).toContain(
      "A placeholder on a fictional course, showing where the editors' award will appear; no editor has given it.",
    );
    expect(shipped.text['course (the pick)']).toContain('no editor has given it');
    expect(shipped.text['course as Markdown']).toContain(
      `- Placeholder award (on a fictional course; no editor has given it; outside the scoring): ${AWARD}`,
    );
  });

  it('the pages say what is true instead', () => {
    expect(shipped.text.home).toContain(
      `Course Finder publishes a dataset of ${records.length} AI SEO and SEO courses that are, for now, fictional placeholders awaiting verification`,
    );
    expect(shipped.text['home as JSON']).toContain('fictional placeholders awaiting verification');
    expect(shipped.text['/llms.txt']).toContain('fictional placeholders awaiting verification');
    for (const name of NOTED) {
      expect({
        name,
        says: shipped.text[name].includes('Placeholder courses are fictional and not verified'),
      }).toEqual({ name, says: true });
    }
    expect(shipped.html.list).toContain(
      '<title>AI SEO courses (placeholder data) · Course Finder</title>',
    );
  });
});

describe('after a reload with every course verified', () => {
  it.each(DYNAMIC)('%s says plainly that the facts are verified', (name) => {
    expect(claimsIn(verified.text[name]).length).toBeGreaterThan(0);
    expect(verified.text[name]).not.toMatch(PLACEHOLDER_WORDS);
  });

  it('the award is the editors’ award, named as such', () => {
    for (const [name, times] of Object.entries(BADGES)) {
      expect({ name, badges: badges(verified.html[name]) }).toEqual({
        name,
        badges: Array(times).fill(AWARD),
      });
    }
    expect(verified.text.list).toContain("Our editors' award.");
    expect(verified.text['course (the pick)']).toContain("This award is our editors' choice");
  });

  it('the home page, the list and llms.txt call the dataset hand-verified', () => {
    const dataset = `a hand-verified dataset of ${records.length} AI SEO and SEO courses, each fact with the date it was checked`;
    expect(verified.text.home).toContain(`Course Finder publishes ${dataset}`);
    expect(verified.text['/llms.txt']).toContain(`> A${dataset.slice(1)}`);
    expect(verified.html.list).toContain(
      '<title>AI SEO courses, hand-verified · Course Finder</title>',
    );
    for (const name of NOTED) {
      expect({
        name,
        says: verified.text[name].includes(
          "Facts are accurate as of each course's last-verified date",
        ),
      }).toEqual({ name, says: true });
    }
  });
});

describe('visitor words', () => {
  const visible = [...Object.keys(PAGES), ...Object.keys(MESSAGES), 'unknown path'];

  it.each(visible)('%s speaks of courses and unpublished values, not slugs and null', (name) => {
    for (const state of [shipped, verified]) {
      expect(state.text[name]).not.toMatch(/\bslugs?\b/i);
      expect(state.text[name]).not.toMatch(/\bnull\b/);
    }
  });

  it('Compare says in plain words what it needs', () => {
    const says = (name: string) => shipped.text[name];
    expect(says('comparison of one')).toContain(
      'Tick two or three courses to compare them; you ticked one.',
    );
    expect(says('comparison of four')).toContain(
      'Tick two or three courses to compare them; you ticked four.',
    );
    expect(says('comparison of five')).toContain(
      'Tick two or three courses to compare them; you ticked five.',
    );
    expect(says('comparison of an unknown course')).toContain(
      'The address names a course that is not in the list below; tick the courses there.',
    );
    expect(says('comparison with a stray parameter')).toContain(
      'The address has “utm_source”, which Compare does not use.',
    );
    const stray = says('comparison with a stray parameter alone');
    expect(stray).toContain('The address has “utm_source”, which Compare does not use.');
    expect(stray).toContain('Tick two or three courses to compare them.');
    expect(stray).not.toContain('names a course that is not in the list');
    const untouched = says('comparison untouched');
    expect(untouched).toContain('Tick two or three courses to see them side by side.');
    expect(untouched).not.toContain('you ticked');
  });
});
