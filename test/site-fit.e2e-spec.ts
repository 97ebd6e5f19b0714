import { CatalogService } from '../src/catalog/catalog.service';
import { recommend } from '../src/recommendations/engine';
import { allAnswers } from '../src/recommendations/distribution';
import { startTestApp, type TestApp } from './support/app';
import { TELLTALE_ANSWERS } from './support/answers';
import { logCapture } from './support/edge';

/**
 * How a course fits, on the site (docs/website.md#how-a-course-fits-you): the finder's results
 * carry the answers to each course page, a course page with answers shows the fit the API gives,
 * one without them asks the six questions, and a page whose address holds answers is kept by no
 * cache, indexed by no one and logged without its query (docs/privacy.md).
 */

const HTML = { headers: { Accept: 'text/html' } };
const ANSWERS = TELLTALE_ANSWERS;
const QUERY = new URLSearchParams(ANSWERS).toString();
/** A number and its unit are joined by a no-break space on the pages. */
const NBSP = '\u00a0';

const logs = logCapture();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ logStream: logs.stream, env: { LOG_LEVEL: 'info' } });
});
afterAll(() => t.close());

async function page(path: string, init: RequestInit = HTML) {
  const response = await t.get(path, init);
  expect({ path, status: response.status }).toEqual({ path, status: 200 });
  return { response, body: await response.text() };
}

const fitOf = async (query: string, slug: string) =>
  (await t.json(`/api/v1/recommendations/fit?${query}&courses=${slug}`)).data.fits[0];

/** What a page shows of a fit: the verdict, the percent, and each reason and warning. */
function expectFitShown(body: string, fit: any) {
  expect(body).toContain(
    `<section class="fit" aria-labelledby="fit" data-verdict="${fit.verdict}">`,
  );
  expect(body).toContain(fit.explanation.replaceAll(' %', `${NBSP}%`));
  if (fit.match_percent !== null) expect(body).toContain(`${fit.match_percent}${NBSP}% match`);
  for (const line of [...fit.match_reasons, ...fit.warnings]) {
    expect(body).toContain(line.replaceAll('&', '&amp;').replaceAll("'", '&#39;'));
  }
}

describe('a course page with answers in its address', () => {
  it('answers no-store with noindex and a canonical link to the bare page, and the log has no query', async () => {
    const { data: results } = await t.json(`/api/v1/recommendations?${QUERY}`);
    const slug = results.results[0].course.slug;
    const id = 'course-fit-page';
    const { response, body } = await page(`/ai-seo-courses/${slug}?${QUERY}`, {
      headers: { Accept: 'text/html', 'X-Request-Id': id },
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
    // No Referer carries the answers on, not even to the page's own files.
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(body).toContain('<meta name="robots" content="noindex">');
    expect(body).toContain(
      `<link rel="canonical" href="http://localhost:3000/ai-seo-courses/${slug}">`,
    );
    expectFitShown(body, await fitOf(QUERY, slug));

    const entry = logs.entries().find((e) => e.req_id === id);
    expect(entry).toMatchObject({ url: `/ai-seo-courses/${slug}`, status: 200 });
    for (const value of Object.values(ANSWERS)) {
      expect(logs.lines().filter((line) => line.includes(value))).toEqual([]);
    }
  });

  it('shows the fit the API gives, for every course, recommended or not, enrolling or not', async () => {
    const { courses } = t.app.get(CatalogService).current();
    const verdicts = new Set<string>();
    for (const { slug } of courses) {
      const fit = await fitOf(QUERY, slug);
      verdicts.add(fit.verdict);
      expectFitShown((await page(`/ai-seo-courses/${slug}?${QUERY}`)).body, fit);
    }
    expect([...verdicts]).toEqual(
      expect.arrayContaining(['below_threshold', 'not_enrolling', 'recommended']),
    );
  });

  it('shows problems beside the questions, with the form open, when an answer is missing or wrong', async () => {
    const { body, response } = await page(
      '/ai-seo-courses/answer-engine-foundations?experience=guru',
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(body).not.toContain('<section class="fit"');
    expect(body).toContain('<details class="picker" id="fit-answers" open>');
    expect(body).toContain('id="e-experience">“guru” is not one of the choices.');
    expect(body).toContain('id="e-budget">Please choose an answer.');
  });
});

describe('a course page without answers', () => {
  it('is kept and public as before, and offers the six questions as a form to its own address', async () => {
    const path = '/ai-seo-courses/answer-engine-foundations';
    const { response, body } = await page(path);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(body).not.toContain('noindex');
    expect(body).toContain('<summary>How does this course fit you? Answer six questions</summary>');
    expect(body).toContain(`<form method="get" action="${path}"`);
    expect(body.match(/<fieldset/g)).toHaveLength(6);
    expect(body).not.toContain('class="error"');
    const again = await t.get(path, {
      headers: { ...HTML.headers, 'If-None-Match': response.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });
});

describe('the finder', () => {
  it('links each result to its course page with the answers', async () => {
    const { body, response } = await page(`/ai-seo-courses/finder?${QUERY}`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(body).toContain('<meta name="robots" content="noindex">');
    const { data } = await t.json(`/api/v1/recommendations?${QUERY}`);
    expect(data.results.length).toBeGreaterThan(0);
    for (const result of data.results) {
      const href = `/ai-seo-courses/${result.course.slug}?${QUERY.replaceAll('&', '&amp;')}`;
      expect(body).toContain(`<h3><a href="${href}">`);
    }
  });

  it('shows what was sent cut as the API cuts it (200 characters), a value or a name', async () => {
    const long = (c: string) => c.repeat(5000);
    const { body } = await page(`/ai-seo-courses/finder?experience=${long('x')}&${long('y')}=1`);
    expect(body).toContain(`“${'x'.repeat(200)}…” is not one of the choices.`);
    expect(body).toContain(`The address has “${'y'.repeat(200)}…”, which this form does not use.`);
    expect(body).not.toContain('x'.repeat(201));
    expect(body).not.toContain('y'.repeat(201));
  });

  it('the bare finder is public and kept, like every page without answers', async () => {
    const { response, body } = await page('/ai-seo-courses/finder');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(body).not.toContain('noindex');
  });

  it('with no strong match, shows what came closest and why each fell short, as the API does', async () => {
    const { courses, methodology } = t.app.get(CatalogService).current();
    const none = allAnswers().find(
      (answers) => recommend(answers, courses, methodology).length === 0,
    )!;
    const query = new URLSearchParams(none).toString();
    const { body } = await page(`/ai-seo-courses/finder?${query}`);
    const { data } = await t.json(`/api/v1/recommendations/fit?${query}`);
    expect(data.no_strong_match).toBe(true);
    expect(body).toContain('What came closest');
    const shown = [...body.matchAll(/data-closest="([^"]+)" data-verdict="([^"]+)"/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(shown).toEqual(data.fits.map((f: any) => [f.course.slug, f.verdict]));
    for (const fit of data.fits) {
      expect(body).toContain(`${fit.match_percent}${NBSP}% match`);
      expect(body).toContain(fit.explanation.replaceAll(' %', `${NBSP}%`));
      for (const warning of fit.warnings) expect(body).toContain(warning.replaceAll("'", '&#39;'));
    }
  });
});
