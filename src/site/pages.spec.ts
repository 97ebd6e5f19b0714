import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import { SAMPLE_ANSWERS, TELLTALE_ANSWERS } from '../../test/support/answers';
import { roomModule, shipped, useRoom } from '../../test/support/room';
import {
  escapeHtml,
  jsonLdOf,
  linksOf,
  pageAt,
  queryOf,
  SITE_ROOM,
  slugsIn,
  textOf,
} from '../../test/support/site-room';
import { CatalogService } from '../catalog/catalog.service';
import { InputValidationPipe } from '../core/validation/input-validation.pipe';
import { SearchCoursesQuery } from '../courses/courses.dto';
import { CoursesService } from '../courses/courses.service';
import { SearchAidsService } from '../courses/search-aids.service';
import { MCP_CAPABILITIES, MCP_SERVER_INFO } from '../mcp/server-info';
import { allAnswers } from '../recommendations/distribution';
import { DistributionService } from '../recommendations/distribution.service';
import { recommend } from '../recommendations/engine';
import { RecommendationsService } from '../recommendations/recommendations.service';
import { ChangesPage } from './changes.page';
import { CompanionsService } from './companions.service';
import { CoursePage } from './course.page';
import { topicReadings } from './format';
import { HomePage } from './home.page';
import { ListPage } from './list.page';
import { MethodologyPage } from './methodology.page';
import { SiteRenderer } from './site-renderer';

/**
 * The site's pages as their classes render them from the shipped data (docs/website.md): what a
 * page says and links, read from its HTML as text, addresses and JSON-LD, each held to the data
 * files, docs/ or the service the API answers from. Status, headers, content negotiation and the
 * 404s the error filter serves are test/site.e2e-spec.ts's; how a browser lays the pages out and
 * runs their scripts is the browser suites'.
 */

const room = useRoom(SITE_ROOM);
const page = (address: string) => pageAt(room.get, address);

const ORIGIN = 'http://localhost:3000';
/** A number and its unit are joined by a no-break space on the pages, so a line never splits them. */
const NBSP = '\u00a0';
const ANSWERS = new URLSearchParams(SAMPLE_ANSWERS).toString();
const records = shipped.courses();
const enrolling = records.filter((course) => course.status === 'active');
const inactive = records.filter((course) => course.status === 'inactive');
const [first, second] = enrolling;

/** The courses a list page says it found: "34 courses tracked, 28 enrolling now", or with filters "3 of the courses tracked match, 2 enrolling now". */
function countSaid(html: string, withInactive: boolean): number {
  const said =
    /<h2 id="results">([\d,]+) (?:courses? tracked|of the courses tracked match(?:es)?), ([\d,]+) enrolling now/.exec(
      html,
    );
  if (!said) throw new Error('the list says no count');
  return Number(said[withInactive ? 1 : 2].replaceAll(',', ''));
}

describe('every page', () => {
  /** Each page, and what its JSON-LD lists: none (a WebPage), or the courses it shows. */
  const PAGES: [string, 'WebPage' | 'ItemList' | 'DefinedTermSet'][] = [
    ['/', 'WebPage'],
    ['/ai-seo-courses', 'ItemList'],
    ['/ai-seo-courses?include_inactive=true', 'ItemList'],
    ['/ai-seo-courses?q=zzzzzz', 'WebPage'],
    [`/ai-seo-courses/${first.slug}`, 'ItemList'],
    [`/ai-seo-courses/${first.slug}?${ANSWERS}`, 'ItemList'],
    ['/ai-seo-courses/finder', 'WebPage'],
    [`/ai-seo-courses/finder?${ANSWERS}`, 'ItemList'],
    [`/ai-seo-courses/compare?courses=${first.slug},${second.slug}`, 'ItemList'],
    [`/ai-seo-courses/compare?courses=${first.slug}`, 'WebPage'],
    ['/ai-seo-courses/methodology', 'ItemList'],
    ['/ai-seo-courses/glossary', 'DefinedTermSet'],
    ['/api/v1/docs', 'WebPage'],
    ['/ai-seo-courses/no-such-course', 'WebPage'],
  ];

  it.each(PAGES)(
    '%s has its title, description, canonical link under PUBLIC_URL, citation and notice, and a JSON-LD %s',
    async (address, type) => {
      const html = await page(address);
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]{20,}">/);
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="${ORIGIN}/[^"]*">`));
      expect(html).toContain(escapeHtml(room.get(CatalogService).current().meta.citation));
      expect(html).toContain('Placeholder data.');
      const { value } = jsonLdOf(html);
      expect(value['@context']).toBe('https://schema.org');
      expect(value['@type']).toBe(type);
      expect(value.url).toMatch(new RegExp(`^${ORIGIN}/`));
      if (type === 'WebPage') {
        // Never an empty list.
        expect(value.name.length).toBeGreaterThan(5);
        expect(value).not.toHaveProperty('numberOfItems');
      }
      if (type === 'ItemList') {
        expect(value.numberOfItems).toBeGreaterThan(0);
        expect(value.itemListElement).toHaveLength(value.numberOfItems);
        for (const element of value.itemListElement) expect(element.item['@type']).toBe('Course');
      }
    },
  );

  it.each(PAGES.map(([address]) => address))(
    '%s loads the one script, from a file, and links the site by paths',
    async (address) => {
      const html = await page(address);
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts).toContain('<script type="module" src="/assets/site.js">');
      expect(scripts.filter((tag) => tag === '<script type="application/ld+json">')).toHaveLength(
        1,
      );
      // No inline script: the JSON-LD is data, and every other script is a file of this site.
      for (const tag of scripts) expect(tag).toMatch(/ src="\/|type="application\/ld\+json"/);
      // Every tag naming this service by an absolute address: only canonical and alternate links.
      const absolute = [
        ...html.matchAll(/<[a-z]+\b[^>]*\s(?:href|src|action)="http:\/\/localhost[^"]*"[^>]*>/g),
      ].map((m) => m[0]);
      expect(absolute.filter((tag) => !/^<link rel="(canonical|alternate)"/.test(tag))).toEqual([]);
      // An address shown in full is written under PUBLIC_URL, its origin marked for the script.
      for (const [, origin, text] of html.matchAll(/data-origin="([^"]+)">([^<]*)</g)) {
        expect(origin).toBe(ORIGIN);
        expect(text).toContain(ORIGIN);
      }
    },
  );
});

describe('the home page', () => {
  it('links every way in: the list, the finder, the methodology, the changes and the API', async () => {
    const links = linksOf(await page('/'));
    for (const path of [
      '/ai-seo-courses',
      '/ai-seo-courses/finder',
      '/ai-seo-courses/methodology',
      '/ai-seo-courses/changes',
      '/api/v1/docs',
    ]) {
      expect(links).toContain(path);
    }
  });

  it('counts the courses as the list does, and says which: tracked, and enrolling now', async () => {
    expect(textOf(await page('/'))).toContain(
      `${records.length} courses tracked, ${enrolling.length} enrolling now`,
    );
  });

  it('shows the MCP endpoint in full, to be copied', async () => {
    expect(await page('/')).toContain(
      `<pre><code data-origin="${ORIGIN}">{ "mcpServers": { "course-finder": { "type": "http", "url": "${ORIGIN}/mcp" } } }</code></pre>`,
    );
  });
});

describe('the course list', () => {
  it('shows the enrolling courses by default, says how many it leaves out, and marks them when shown', async () => {
    const html = await page('/ai-seo-courses');
    expect(slugsIn(html).sort()).toEqual(enrolling.map((r) => r.slug).sort());
    expect(inactive.length).toBeGreaterThan(0);
    // Counted as the home page counts them, and named.
    expect(html).toContain(`${records.length} courses tracked, ${enrolling.length} enrolling now`);
    expect(jsonLdOf(html).value.numberOfItems).toBe(enrolling.length);
    const links = linksOf(html);
    for (const course of enrolling) {
      expect(textOf(html)).toContain(course.name);
      expect(links).toContain(`/ai-seo-courses/${course.slug}`);
    }
    for (const course of inactive) expect(links).not.toContain(`/ai-seo-courses/${course.slug}`);
    const all = await page('/ai-seo-courses?include_inactive=true');
    expect(slugsIn(all).sort()).toEqual(records.map((r) => r.slug).sort());
    expect(all.match(/<span class="badge inactive">/g)).toHaveLength(inactive.length);
  });

  it('puts the editorial pick first, outside the list', async () => {
    const pick = records.find((r) => r.editorial_pick !== null)!;
    const html = await page('/ai-seo-courses');
    const aside = /<aside class="pick-box"[\s\S]*?<\/aside>/.exec(html)![0];
    expect(aside).toContain(`href="/ai-seo-courses/${pick.slug}"`);
    expect(html.indexOf(aside)).toBeLessThan(html.indexOf('<table class="courses"'));
  });

  it.each([
    'level=beginner&include_inactive=false',
    'specialty=links&price_band=100_500&include_inactive=true&sort=price-desc',
    'community_only=true&include_inactive=false&sort=geo-desc',
    'level=advanced&specialty=ai_geo&include_inactive=1&sort=verified-desc',
    'level=advanced,beginner&price_band=free,500_plus',
  ])('filters as the API does: %s', async (query) => {
    const html = await page(`/ai-seo-courses?${query}`);
    // The query as the API reads it (its pipe), answered by the API's service.
    const asked = await new InputValidationPipe('query').check(
      SearchCoursesQuery,
      queryOf(`?${query}`),
    );
    if (!asked.ok) throw new Error(`the API refuses ${query}`);
    const api = room.get(CoursesService).search(asked.value);
    expect(api.data.length).toBeGreaterThan(0);
    expect(slugsIn(html)).toEqual(api.data.map((c) => c.slug));
  });

  it('shows bad filter values as errors beside the form, and no course', async () => {
    const html = await page('/ai-seo-courses?level=expert&sort=random&utm_source=x');
    expect(html).toContain('role="alert"');
    // A filter of several values names the item that is wrong.
    expect(html).toContain('Not an allowed value: &quot;expert&quot;.');
    expect(html).toContain('“random” is not one of the choices.');
    expect(html).toContain('The address has “utm_source”, which this form does not use.');
    expect(html).toContain('<fieldset class="group" aria-describedby="e-level">');
    expect(slugsIn(html)).toEqual([]);
  });

  it("names each course's compare box, so a screen reader says which course it compares", async () => {
    const html = await page('/ai-seo-courses');
    const boxes = html.match(/<input type="checkbox" name="courses"[^>]*>/g) ?? [];
    expect(boxes).toHaveLength(enrolling.length);
    for (const { name } of enrolling) {
      const labelled = boxes.some((box) =>
        box.includes(`aria-label="Compare ${escapeHtml(name)}"`),
      );
      expect({ name, labelled }).toEqual({ name, labelled: true });
    }
  });

  it('links the glossary, and reads its specialties as docs/methodology.md does, from one mapping', async () => {
    const readings = topicReadings();
    expect(readings).toContain('General SEO reads General SEO;');
    const methodology = readFileSync(join(__dirname, '..', '..', 'docs', 'methodology.md'), 'utf8');
    expect(methodology.replace(/\s+/g, ' ')).toContain(readings);
    for (const address of ['/ai-seo-courses', '/ai-seo-courses/methodology']) {
      const html = await page(address);
      expect(html).toContain(escapeHtml(readings));
      expect(html).toContain('<a href="/ai-seo-courses/glossary">glossary</a>');
    }
  });

  it('says in one line when words were read through a term, linking it', async () => {
    expect(await page('/ai-seo-courses?q=llmo')).toContain(
      '<p class="understood">Showing courses on <a href="/ai-seo-courses/glossary#generative-engine-optimization">Generative engine optimization</a> (you searched “llmo”).</p>',
    );
    expect(await page('/ai-seo-courses?q=workshop')).not.toContain('class="understood"');
  });

  it.each([
    ['words that find nothing', '/ai-seo-courses?q=backlinks+zzqx'],
    [
      'filters that leave nothing',
      '/ai-seo-courses?specialty=local&price_band=free&level=advanced',
    ],
    ['both', '/ai-seo-courses?q=zzqx&specialty=links&price_band=500_plus'],
  ])(
    'names the ways out of an empty list (%s), each a link to a list of the courses it says',
    async (_case, address) => {
      const html = await page(address);
      expect(countSaid(html, false)).toBe(0);
      const start = html.indexOf('<div class="ways-out">');
      const block = html.slice(start, html.indexOf('</div>', start));
      const ways = [
        ...block.matchAll(
          /<a href="([^"]+)">[^<]+<\/a> <span class="count">\((\d+) courses?\)<\/span>/g,
        ),
      ];
      expect(ways.length).toBeGreaterThan(0);
      for (const [, href, count] of ways) {
        const target = href.replaceAll('&amp;', '&');
        const there = await page(target);
        const withInactive = queryOf(target).include_inactive === 'true';
        expect({ target, total: countSaid(there, withInactive) }).toEqual({
          target,
          total: Number(count),
        });
        expect(slugsIn(there).length).toBeGreaterThan(0);
      }
      expect(block).toContain('<a href="/ai-seo-courses/glossary">See the glossary</a>');
    },
  );

  it('has a Markdown form: each enrolling course a link to its page; with every course, the digest’s', async () => {
    const list = room.get(ListPage);
    const markdown = await list.markdown({});
    expect(markdown).toContain(`${enrolling.length} courses.`);
    for (const course of enrolling)
      expect(markdown).toContain(`${ORIGIN}/ai-seo-courses/${course.slug}`);
    const all = await list.markdown({ include_inactive: 'true' });
    const digest = room.get(CompanionsService).datasetMarkdown();
    expect(all.replace(/^# .*\n/, '')).toBe(digest.replace(/^# .*\n/, ''));
  });
});

describe('a course page', () => {
  it('says the course’s facts: its name, provider and price as published', async () => {
    for (const course of records) {
      const text = textOf(await page(`/ai-seo-courses/${course.slug}`));
      expect(text).toContain(course.name);
      expect(text).toContain(course.provider.name);
      if (course.price.display) expect(text).toContain(course.price.display);
    }
  });

  it('has a Markdown form with its facts and evidence', () => {
    const markdown = room.get(CoursePage).markdown('answer-engine-foundations');
    expect(markdown).toMatch(/^# Answer Engine Foundations\n/);
    expect(markdown).toContain('- Last verified: not yet verified\n');
    expect(markdown).toContain('## Evidence');
  });
});

describe('a course page and the finder with answers (docs/website.md#how-a-course-fits-you)', () => {
  const QUERY = new URLSearchParams(TELLTALE_ANSWERS).toString();
  const fitOf = (answers: Record<string, string>, slug: string) =>
    room.get(RecommendationsService).fit({ ...(answers as any), courses: [slug] }).data.fits[0];

  /** What a page shows of a fit: the verdict, the percent, and each reason and warning. */
  function expectFitShown(html: string, fit: any) {
    expect(html).toContain(
      `<section class="fit" aria-labelledby="fit" data-verdict="${fit.verdict}">`,
    );
    expect(html).toContain(fit.explanation.replaceAll(' %', `${NBSP}%`));
    if (fit.match_percent !== null) expect(html).toContain(`${fit.match_percent}${NBSP}% match`);
    for (const line of [...fit.match_reasons, ...fit.warnings]) {
      expect(html).toContain(escapeHtml(line));
    }
  }

  it('shows the fit the API gives, for every course, recommended or not, enrolling or not', async () => {
    const verdicts = new Set<string>();
    for (const { slug } of records) {
      const fit = fitOf(TELLTALE_ANSWERS, slug);
      verdicts.add(fit.verdict);
      expectFitShown(await page(`/ai-seo-courses/${slug}?${QUERY}`), fit);
    }
    expect([...verdicts]).toEqual(
      expect.arrayContaining(['below_threshold', 'not_enrolling', 'recommended']),
    );
  });

  it('is kept out of search indexes, its canonical link the bare page', async () => {
    const html = await page(`/ai-seo-courses/${first.slug}?${QUERY}`);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/ai-seo-courses/${first.slug}">`);
    const finder = await page(`/ai-seo-courses/finder?${QUERY}`);
    expect(finder).toContain('<meta name="robots" content="noindex">');
    for (const bare of [`/ai-seo-courses/${first.slug}`, '/ai-seo-courses/finder']) {
      expect(await page(bare)).not.toContain('noindex');
    }
  });

  it('shows problems beside the questions, with the form open, when an answer is missing or wrong', async () => {
    const html = await page('/ai-seo-courses/answer-engine-foundations?experience=guru');
    expect(html).not.toContain('<section class="fit"');
    expect(html).toContain('<details class="picker" id="fit-answers" open>');
    expect(html).toContain('id="e-experience">“guru” is not one of the choices.');
    expect(html).toContain('id="e-budget">Please choose an answer.');
  });

  it('without answers, offers the six questions as a form to its own address', async () => {
    const path = '/ai-seo-courses/answer-engine-foundations';
    const html = await page(path);
    expect(html).toContain('<summary>How does this course fit you? Answer six questions</summary>');
    expect(html).toContain(`<form method="get" action="${path}"`);
    expect(html.match(/<fieldset/g)).toHaveLength(6);
    expect(html).not.toContain('class="error"');
  });

  it('with the README’s answers, says how the course fits them', async () => {
    expect(textOf(await page(`/ai-seo-courses/answer-engine-foundations?${ANSWERS}`))).toMatch(
      /96\s?%/,
    );
  });
});

describe('the finder page', () => {
  it('names the README’s first match for its answers', async () => {
    expect(textOf(await page(`/ai-seo-courses/finder?${ANSWERS}`))).toContain(
      'Answer Engine Foundations',
    );
  });

  it('with all six answers, shows the recommendation’s results in its order, with their percents, reasons and warnings', async () => {
    for (const answers of allAnswers().filter((_, i) => i % 211 === 0)) {
      const query = new URLSearchParams(answers).toString();
      const html = await page(`/ai-seo-courses/finder?${query}`);
      const { data } = room.get(RecommendationsService).recommend(answers);
      expect(slugsIn(html)).toEqual(data.results.map((r) => r.course.slug));
      for (const result of data.results) {
        expect(html).toContain(`${result.match_percent}${NBSP}% match`);
        for (const line of [...result.match_reasons, ...result.warnings]) {
          expect(html).toContain(escapeHtml(line));
        }
      }
      if (data.no_strong_match) expect(html).toContain('No strong match.');
    }
  });

  it('links each result to its course page with the answers, and shows the link to the results in full', async () => {
    const query = new URLSearchParams(TELLTALE_ANSWERS).toString();
    const html = await page(`/ai-seo-courses/finder?${query}`);
    const { data } = room.get(RecommendationsService).recommend(TELLTALE_ANSWERS);
    expect(data.results.length).toBeGreaterThan(0);
    for (const result of data.results) {
      const href = `/ai-seo-courses/${result.course.slug}?${query.replaceAll('&', '&amp;')}`;
      expect(html).toContain(`<h3><a href="${href}">`);
    }
    const url = escapeHtml(data.human_url);
    expect(html).toContain(`<a href="${url.slice(ORIGIN.length)}">Link to these results</a>`);
    expect(html).toContain(`<code data-origin="${ORIGIN}">${url}</code>`);
  });

  it('shows missing and bad answers beside the questions', async () => {
    const html = await page(
      '/ai-seo-courses/finder?experience=beginner&budget=lots&objective=ai_geo&objective=links',
    );
    expect(html).toContain('id="e-budget">“lots” is not one of the choices.');
    expect(html).toContain('id="e-objective">Given more than once; choose one.');
    for (const name of ['learning_style', 'freshness', 'operating_model']) {
      expect(html).toContain(`id="e-${name}">Please choose an answer.`);
    }
    expect(html).not.toContain('id="e-experience"');
    expect(html).toContain('name="experience" value="beginner" required checked');
    expect(slugsIn(html)).toEqual([]);
  });

  it('shows what was sent cut as the API cuts it (200 characters), a value or a name', async () => {
    const long = (c: string) => c.repeat(5000);
    const html = await page(`/ai-seo-courses/finder?experience=${long('x')}&${long('y')}=1`);
    expect(html).toContain(`“${'x'.repeat(200)}…” is not one of the choices.`);
    expect(html).toContain(`The address has “${'y'.repeat(200)}…”, which this form does not use.`);
    expect(html).not.toContain('x'.repeat(201));
    expect(html).not.toContain('y'.repeat(201));
  });

  it('untouched, shows the six questions and no errors', async () => {
    const html = await page('/ai-seo-courses/finder');
    expect(html).not.toContain('class="error"');
    expect(html.match(/<fieldset/g)).toHaveLength(6);
  });

  it('with no strong match, shows what came closest and why each fell short, as the API does', async () => {
    const { courses, methodology } = room.get(CatalogService).current();
    const none = allAnswers().find(
      (answers) => recommend(answers, courses, methodology).length === 0,
    )!;
    const html = await page(`/ai-seo-courses/finder?${new URLSearchParams(none)}`);
    const { data } = room.get(RecommendationsService).fit(none);
    expect(data.no_strong_match).toBe(true);
    expect(html).toContain('What came closest');
    const shown = [...html.matchAll(/data-closest="([^"]+)" data-verdict="([^"]+)"/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(shown).toEqual(data.fits.map((f) => [f.course.slug, f.verdict]));
    for (const fit of data.fits) {
      expect(html).toContain(`${fit.match_percent}${NBSP}% match`);
      expect(html).toContain(fit.explanation.replaceAll(' %', `${NBSP}%`));
      for (const warning of fit.warnings) expect(html).toContain(escapeHtml(warning));
    }
  });
});

describe('the comparison page', () => {
  it('sets two courses side by side, from the API’s comma list', async () => {
    const html = await page(`/ai-seo-courses/compare?courses=${first.slug},${second.slug}`);
    const columns = [...html.matchAll(/<th scope="col" data-slug="([^"]+)"/g)].map((m) => m[1]);
    expect(columns).toEqual([first.slug, second.slug]);
    expect(textOf(html)).toContain(first.name);
    expect(textOf(html)).toContain(second.name);
  });

  it('tells a person who ticked one course what Compare needs, in words', async () => {
    const text = textOf(await page(`/ai-seo-courses/compare?courses=${first.slug}`));
    expect(text).toContain('Tick two or three courses to compare them; you ticked one.');
  });
});

describe('the methodology page', () => {
  it('shows the live weights, threshold and policies, both charts and the spread of matches', async () => {
    const spread = await room.get(DistributionService).settled();
    if (!spread) throw new Error('the spread was not computed');
    const { html, complete } = room.get(MethodologyPage).html();
    expect(complete).toBe(true);
    const m = shipped.methodology();
    expect(html.match(/<table class="chart"/g)).toHaveLength(2);
    expect(html).toContain(`Main objective (${m.weights.objective} points)`);
    expect(html).toContain(`<th scope="row">Budget</th>`);
    expect(html).toContain(`${m.weights.budget} points`);
    expect(html).toContain(`at least <strong>${m.match_threshold}${NBSP}%</strong>`);
    // 3 × 7 × 5 × 3 × 4 × 6 answer sets (docs/methodology.md#distribution-on-the-shipped-dataset).
    expect(spread.combinations).toBe(7560);
    expect(html).toContain('There are 7,560 possible sets');
    for (const { count } of spread.top_match) expect(html).toContain(count.toLocaleString('en'));
    // Its date in words, as every page writes dates.
    const [year, month, day] = m.scoring_weights_updated_on!.split('-').map(Number);
    const inWords = new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(html).toContain(
      `The scoring was last changed on <time datetime="${m.scoring_weights_updated_on}">${inWords}</time>.`,
    );
    const { policies } = room.get(CatalogService).current().meta;
    const listed = html.slice(html.indexOf('<h2>Policies</h2>')).split('</ul>')[0];
    expect(listed.match(/<li>/g)).toHaveLength(Object.keys(policies).length);
  });

  it('says its policies in words, not API field names, and that an unknown value is “not published”', () => {
    const { html } = room.get(MethodologyPage).html();
    const policies = html.slice(html.indexOf('<h2>Policies</h2>')).split('</ul>')[0];
    const items = [...policies.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1]);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item).not.toMatch(/\b[a-z]+(?:[._][a-z]+)+\b/);
    expect(policies).toContain('carried in the editorial pick');
    expect(policies).toContain('Cite results with the suggested citation');
    expect(textOf(html)).toContain('Unknown values are shown as “not published”, never guessed.');
  });
});

describe('the glossary page', () => {
  it('makes each term an anchor, links its count to the list that shows it, and carries a DefinedTermSet', async () => {
    const html = await page('/ai-seo-courses/glossary');
    const terms = room.get(SearchAidsService).glossary().data;
    const { value } = jsonLdOf(html);
    expect(value.url).toBe(`${ORIGIN}/ai-seo-courses/glossary`);
    expect(value.hasDefinedTerm).toHaveLength(terms.length);
    terms.forEach((term, i) => {
      expect(html).toContain(`<div class="term" id="${term.id}">`);
      expect(value.hasDefinedTerm[i]).toMatchObject({
        '@type': 'DefinedTerm',
        name: term.name,
        description: term.definition,
        url: term.page_url,
        inDefinedTermSet: value['@id'],
      });
    });
    // Every term's count is the search's (search-aids.service.spec.ts); some are followed here.
    const counted = terms.filter((term) => term.course_count > 0);
    expect(counted.length).toBeGreaterThan(20);
    for (const term of counted.filter((_, i) => i % 5 === 0)) {
      const link = term.list_url.slice(ORIGIN.length);
      const courses = `${term.course_count} ${term.course_count === 1 ? 'course' : 'courses'}`;
      expect(html).toContain(`<a href="${escapeHtml(link)}">${courses}</a>`);
      expect({ link, said: countSaid(await page(link), false) }).toEqual({
        link,
        said: term.course_count,
      });
    }
  });
});

describe('the changes feed', () => {
  it('is Atom a feed reader reads, one entry per change, up to 50', () => {
    const feed = parseFeed(room.get(ChangesPage).atom());
    expect(feed.items).toHaveLength(Math.min(50, shipped.history().length));
    for (const item of feed.items) expect(item.title).toMatch(/\S/);
  });
});

describe('the plain-data companions', () => {
  const companions = () => room.get(CompanionsService);

  it('/ai-seo-courses.md names every enrolling course and gives every course’s last-verified date and the citation', () => {
    const digest = companions().datasetMarkdown();
    for (const course of enrolling) {
      expect(digest).toContain(course.name);
      expect(digest).toContain(`${ORIGIN}/ai-seo-courses/${course.slug}`);
    }
    expect(digest).toContain(`Cite as: ${room.get(CatalogService).current().meta.citation}`);
    expect(digest.match(/^- Last verified: /gm)).toHaveLength(records.length);
  });

  it('llms.txt follows the llms.txt convention, links the API, OpenAPI, MCP and companions, and lists every course', () => {
    const llms = companions().llmsTxt();
    expect(llms).toMatch(/^# .+\n\n> .+\n/);
    for (const url of [
      `${ORIGIN}/api/v1/openapi.json`,
      `${ORIGIN}/mcp`,
      `${ORIGIN}/ai-seo-courses.json`,
      `${ORIGIN}/ai-seo-courses.md`,
      `${ORIGIN}/.well-known/mcp/server-card.json`,
    ]) {
      expect(llms).toContain(`(<${url}>)`);
    }
    expect(llms).toContain('Cite results as: ');
    // Few enough to list one by one (large-catalog.spec.ts: a catalog that is not).
    for (const course of records) {
      expect(llms).toContain(`(<${ORIGIN}/ai-seo-courses/${course.slug}>)`);
    }
    for (const course of enrolling) expect(llms).toContain(course.name);
    // "Not yet verified", as a person would say it.
    expect(llms).not.toContain('last verified not yet verified');
    const unverified = records.find((r) => r.verification.last_verified_on === null)!;
    expect(llms).toMatch(new RegExp(`\\[${unverified.name}\\].*; not yet verified`));
  });

  it('robots.txt allows everything and points at the sitemap', () => {
    expect(companions().robotsTxt()).toBe(
      `User-agent: *\nAllow: /\n\nSitemap: ${ORIGIN}/sitemap.xml\n`,
    );
  });

  it('the sitemap lists every page of the site and every course page', () => {
    const locs = [
      ...companions()
        .sitemapXml()
        .matchAll(/<loc>([^<]+)<\/loc>/g),
    ].map((m) => m[1]);
    expect(locs.sort()).toEqual(
      [
        `${ORIGIN}/ai-seo-courses`,
        `${ORIGIN}/ai-seo-courses/finder`,
        `${ORIGIN}/ai-seo-courses/methodology`,
        `${ORIGIN}/ai-seo-courses/changes`,
        `${ORIGIN}/ai-seo-courses/glossary`,
        ...records.map((r) => `${ORIGIN}/ai-seo-courses/${r.slug}`),
      ].sort(),
    );
  });

  it('the home page and llms.txt name every tool, each with what it is for', async () => {
    const home = await page('/');
    const items = [...home.matchAll(/<li><code>([a-z_]+)<\/code> ([^<]{12,})<\/li>/g)];
    const named = items.map((m) => m[1]).sort();
    const llms = companions().llmsTxt();
    expect(named.length).toBeGreaterThan(5);
    for (const name of named)
      expect({ name, listed: llms.includes(name) }).toEqual({ name, listed: true });
    expect(room.get(HomePage).index().links.mcp).toBe(`${ORIGIN}/mcp`);
  });
});

describe('the MCP server card', () => {
  it('is built from the live server constants, under PUBLIC_URL', () => {
    const card = room.get(CompanionsService).serverCard();
    expect(card).toMatchObject({
      $schema: 'https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json',
      name: 'localhost/course-finder',
      version: MCP_SERVER_INFO.version,
      title: MCP_SERVER_INFO.title,
      description: MCP_SERVER_INFO.description,
      websiteUrl: `${ORIGIN}/ai-seo-courses`,
      serverInfo: {
        name: MCP_SERVER_INFO.name,
        title: MCP_SERVER_INFO.title,
        version: MCP_SERVER_INFO.version,
      },
    });
    expect(card.capabilities).toEqual(MCP_CAPABILITIES);
    expect(card.icons).toEqual([
      { src: `${ORIGIN}/assets/icon.svg`, mimeType: 'image/svg+xml', sizes: ['any'] },
    ]);
    expect(card.remotes).toEqual([
      {
        type: 'streamable-http',
        url: `${ORIGIN}/mcp`,
        supportedProtocolVersions: expect.arrayContaining(['2025-06-18']),
      },
    ]);
    // The draft's limits: a reverse-DNS name with one slash, a description of 1 to 100 characters.
    expect(card.name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    expect(card.description.length).toBeLessThanOrEqual(100);
  });

  it('names the server after PUBLIC_URL in reverse DNS', async () => {
    const { module } = await roomModule([SiteRenderer, CompanionsService, CoursesService], {
      env: { PUBLIC_URL: 'https://courses.example.com' },
    });
    try {
      const card = module.get(CompanionsService).serverCard();
      expect(card.name).toBe('com.example.courses/course-finder');
      expect(card.remotes[0].url).toBe('https://courses.example.com/mcp');
    } finally {
      await module.close();
    }
  });
});
