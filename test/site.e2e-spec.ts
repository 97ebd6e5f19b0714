import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { CourseRecord } from '../src/catalog/course.schema';
import { errorBodySchema } from '../src/core/envelope.schema';
import { courseListResponseSchema } from '../src/courses/courses.responses';
import { MCP_CAPABILITIES, MCP_SERVER_INFO } from '../src/mcp/server-info';
import { allAnswers } from '../src/recommendations/distribution';
import { topicReadings } from '../src/site/format';
import { DistributionService } from '../src/recommendations/distribution.service';
import { copyOfData, DATA_DIR, startTestApp, type TestApp } from './support/app';
import { mcpRequest } from './support/edge';
import { expectValid } from './support/schemas';
import { SAMPLE_ANSWERS } from './support/answers';

const ORIGIN = 'http://localhost:3000';
const records: CourseRecord[] = JSON.parse(
  readFileSync(join(DATA_DIR, 'courses.json'), 'utf8'),
).courses;
const active = records.filter((r) => r.status === 'active');

/** Every URL the service hands out uses PUBLIC_URL; the test server listens elsewhere. */
const pathOf = (url: string) => {
  expect(url.startsWith(ORIGIN)).toBe(true);
  return url.slice(ORIGIN.length);
};
const slugsIn = (html: string) => [...html.matchAll(/data-slug="([^"]+)"/g)].map((m) => m[1]);
const jsonLdOf = (html: string) => {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(match).not.toBeNull();
  return { raw: match![1], value: JSON.parse(match![1]) };
};

const HTML = { headers: { Accept: 'text/html' } };
/** How Eta's auto-escaping writes a value into HTML. */
const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
const ANSWERS = SAMPLE_ANSWERS;
/** A number and its unit are joined by a no-break space on the pages, so a line never splits them. */
const NBSP = '\u00a0';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function text(path: string, init?: RequestInit, status = 200) {
  const response = await t.get(path, init);
  const body = await response.text();
  expect({ path, status: response.status }).toEqual({ path, status });
  return { response, body };
}

describe('every URL the API hands out answers 200', () => {
  it('page_url of every course, canonical_url and methodology_url', async () => {
    const body = await t.json('/api/v1/courses?include_inactive=true');
    const urls = [
      ...body.data.map((course: { page_url: string }) => course.page_url),
      body.meta.canonical_url,
      body.meta.methodology_url,
      (await t.json('/api/v1/methodology')).data.methodology_url,
    ];
    expect(urls.length).toBe(records.length + 3);
    for (const url of urls) {
      const { response } = await text(pathOf(url), HTML);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    }
  });

  it('human_url, methodology_url and dataset_url of recommendations, for a spread of answers', async () => {
    const sample = allAnswers().filter((_, i) => i % 997 === 0);
    for (const answers of sample) {
      const query = new URLSearchParams(answers).toString();
      const { data } = await t.json(`/api/v1/recommendations?${query}`);
      for (const url of [data.human_url, data.methodology_url, data.dataset_url]) {
        await text(pathOf(url), HTML);
      }
    }
  });
});

describe('pages', () => {
  const pages = [
    '/ai-seo-courses',
    '/ai-seo-courses/answer-engine-foundations',
    '/ai-seo-courses/finder',
    `/ai-seo-courses/finder?${new URLSearchParams(ANSWERS)}`,
    '/ai-seo-courses/methodology',
  ];

  it.each(pages)(
    '%s has a canonical link, title, description, JSON-LD of its courses and the citation',
    async (path) => {
      const { body } = await text(path, HTML);
      const meta = (await t.json('/api/v1/methodology')).meta;
      expect(body).toMatch(
        /<link rel="canonical" href="http:\/\/localhost:3000\/ai-seo-courses[^"]*">/,
      );
      expect(body).toMatch(/<title>[^<]+<\/title>/);
      expect(body).toMatch(/<meta name="description" content="[^"]{20,}">/);
      const { value } = jsonLdOf(body);
      // The untouched finder shows no course: a page, not an empty list.
      expect(value['@type']).toBe(path === '/ai-seo-courses/finder' ? 'WebPage' : 'ItemList');
      for (const element of value.itemListElement ?? []) {
        expect(element.item['@type']).toBe('Course');
      }
      expect(body).toContain(escapeHtml(meta.citation));
      expect(body).toContain('Placeholder data.');
      // No inline script: the JSON-LD is data, and the one script is a file.
      expect(body).not.toMatch(
        /<script(?! type="application\/ld\+json"| type="module" src="\/assets\/site\.js")/,
      );
    },
  );

  it('the list shows the enrolling courses by default, says how many it leaves out, and marks them when shown', async () => {
    const { body } = await text('/ai-seo-courses', HTML);
    expect(slugsIn(body).sort()).toEqual(active.map((r) => r.slug).sort());
    const inactive = records.filter((r) => r.status === 'inactive');
    expect(inactive.length).toBeGreaterThan(0);
    // Counted as the home page counts them, and named.
    expect(body).toContain(`${records.length} courses tracked, ${active.length} enrolling now`);
    expect(jsonLdOf(body).value.numberOfItems).toBe(active.length);
    const all = await text('/ai-seo-courses?include_inactive=true', HTML);
    expect(slugsIn(all.body).sort()).toEqual(records.map((r) => r.slug).sort());
    expect(all.body.match(/<span class="badge inactive">/g)).toHaveLength(inactive.length);
  });

  it('puts the editorial pick first, outside the list', async () => {
    const pick = records.find((r) => r.editorial_pick !== null)!;
    const { body } = await text('/ai-seo-courses', HTML);
    const aside = /<aside class="pick-box"[\s\S]*?<\/aside>/.exec(body)![0];
    expect(aside).toContain(`href="/ai-seo-courses/${pick.slug}"`);
    expect(body.indexOf(aside)).toBeLessThan(body.indexOf('<table class="courses"'));
  });

  it.each([
    'level=beginner&include_inactive=false',
    'specialty=links&price_band=100_500&include_inactive=true&sort=price-desc',
    'community_only=true&include_inactive=false&sort=geo-desc',
    'level=advanced&specialty=ai_geo&include_inactive=1&sort=verified-desc',
  ])('the list filters as /api/v1/courses does: %s', async (query) => {
    const { body } = await text(`/ai-seo-courses?${query}`, HTML);
    const api = await t.json(`/api/v1/courses?${query}`);
    expect(slugsIn(body)).toEqual(api.data.map((c: { slug: string }) => c.slug));
  });

  it('bad filter values are shown as errors on a 200 page, not a 500', async () => {
    const { body } = await text('/ai-seo-courses?level=expert&sort=random&utm_source=x', HTML);
    expect(body).toContain('role="alert"');
    // A filter of several values names the item that is wrong.
    expect(body).toContain('Not an allowed value: &quot;expert&quot;.');
    expect(body).toContain('“random” is not one of the choices.');
    expect(body).toContain('The address has “utm_source”, which this form does not use.');
    expect(body).toContain('<fieldset class="group" aria-describedby="e-level">');
    expect(slugsIn(body)).toEqual([]);
  });

  it('the finder with all six answers shows the API results in the same order', async () => {
    for (const answers of allAnswers().filter((_, i) => i % 631 === 0)) {
      const query = new URLSearchParams(answers).toString();
      const { body } = await text(`/ai-seo-courses/finder?${query}`, HTML);
      const { data } = await t.json(`/api/v1/recommendations?${query}`);
      expect(slugsIn(body)).toEqual(data.results.map((r: any) => r.course.slug));
      for (const result of data.results) {
        expect(body).toContain(`${result.match_percent}${NBSP}% match`);
        for (const line of [...result.match_reasons, ...result.warnings]) {
          expect(body).toContain(escapeHtml(line));
        }
      }
      if (data.no_strong_match) expect(body).toContain('No strong match.');
    }
  });

  it('the finder shows missing and bad answers beside the questions, with a 200', async () => {
    const { body } = await text(
      '/ai-seo-courses/finder?experience=beginner&budget=lots&objective=ai_geo&objective=links',
      HTML,
    );
    expect(body).toContain('id="e-budget">“lots” is not one of the choices.');
    expect(body).toContain('id="e-objective">Given more than once; choose one.');
    for (const name of ['learning_style', 'freshness', 'operating_model']) {
      expect(body).toContain(`id="e-${name}">Please choose an answer.`);
    }
    expect(body).not.toContain('id="e-experience"');
    expect(body).toContain('name="experience" value="beginner" required checked');
    expect(slugsIn(body)).toEqual([]);
  });

  it('the untouched finder form shows no errors', async () => {
    const { body } = await text('/ai-seo-courses/finder', HTML);
    expect(body).not.toContain('class="error"');
    expect(body.match(/<fieldset/g)).toHaveLength(6);
  });

  it("names each course's compare box, so a screen reader says which course it compares", async () => {
    const { body } = await text('/ai-seo-courses', HTML);
    const boxes = body.match(/<input type="checkbox" name="courses"[^>]*>/g) ?? [];
    const names = records.filter((r) => r.status === 'active').map((r) => r.name);
    expect(boxes).toHaveLength(names.length);
    for (const name of names) {
      const labelled = boxes.some((box) =>
        box.includes(`aria-label="Compare ${escapeHtml(name)}"`),
      );
      expect({ name, labelled }).toEqual({ name, labelled: true });
    }
  });

  it('the methodology page shows the live weights, both charts and the distribution', async () => {
    const dist = await t.app.get(DistributionService).settled();
    if (!dist) throw new Error('the distribution was not computed');
    const { body } = await text('/ai-seo-courses/methodology', HTML);
    const { data: m, meta } = await t.json('/api/v1/methodology');
    expect(body.match(/<table class="chart"/g)).toHaveLength(2);
    expect(body).toContain(`Main objective (${m.weights.objective} points)`);
    expect(body).toContain(`<th scope="row">Budget</th>`);
    expect(body).toContain(`${m.weights.budget} points`);
    expect(body).toContain(`at least <strong>${m.match_threshold}${NBSP}%</strong>`);
    expect(body).toContain(`There are ${dist.combinations.toLocaleString('en')} possible sets`);
    for (const { count } of dist.top_match) expect(body).toContain(count.toLocaleString('en'));
    expect(dist.combinations).toBe(7560);
    // Its date in words, as every page writes dates (data/methodology.json has 2026-12-07).
    expect(body).toContain(
      `The scoring was last changed on <time datetime="${meta.scoring_weights_updated_on}">7 December 2026</time>.`,
    );
    const policies = body.slice(body.indexOf('<h2>Policies</h2>')).split('</ul>')[0];
    expect(policies.match(/<li>/g)).toHaveLength(Object.keys(meta.policies).length);
  });

  it("a course's address a word or a typo away is a 404 page that offers the course", async () => {
    for (const slug of ['technical-seo', 'Technical-SEO', 'tecnical-seo-deep-dive']) {
      const { body } = await text(`/ai-seo-courses/${slug}`, HTML, 404);
      expect(body).toContain(
        'Did you mean <a href="/ai-seo-courses/technical-seo-deep-dive">Technical SEO Deep Dive</a>?',
      );
    }
    expect((await text('/ai-seo-courses/no-such-course', HTML, 404)).body).not.toContain(
      'Did you mean',
    );
  });

  it('an unknown slug is a 404 page for a browser and the contract error for everyone else', async () => {
    const html = await text('/ai-seo-courses/no-such-course', HTML, 404);
    expect(html.response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.response.headers.get('cache-control')).toBe('no-store');
    // A person is told in plain words; the API's wording ("slug") is for code.
    expect(html.body).toContain('<h1>Page not found</h1>');
    expect(html.body).toContain('There is no page at this address.');
    expect(html.body).not.toMatch(/slug/i);
    for (const accept of ['application/json', '*/*', 'text/markdown', undefined]) {
      const response = await t.get('/ai-seo-courses/NOT_A_SLUG', {
        headers: accept === undefined ? {} : { Accept: accept },
      });
      expect(response.status).toBe(404);
      // The handler had typed its answer HTML or Markdown before the slug turned out unknown.
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expectValid(errorBodySchema, await response.json());
    }
  });
});

describe('the glossary and the learner’s words', () => {
  /** The courses a list page shows, and the number it says it found. */
  async function listed(path: string) {
    const { body } = await text(path, HTML);
    // "34 courses tracked, 28 enrolling now", or with filters "3 of the courses tracked match, 2
    // enrolling now": the list shows the enrolling ones unless include_inactive asks for all.
    const said =
      /<h2 id="results">([\d,]+) (?:courses? tracked|of the courses tracked match), ([\d,]+) enrolling now/.exec(
        body,
      );
    const shown = said?.[path.includes('include_inactive=true') ? 1 : 2];
    return { body, slugs: slugsIn(body), total: shown ? Number(shown.replaceAll(',', '')) : -1 };
  }

  it('the glossary page makes each term an anchor, links its count to the list that shows it, and carries a DefinedTermSet', async () => {
    const { body } = await text('/ai-seo-courses/glossary', HTML);
    const terms: any[] = (await t.json('/api/v1/glossary')).data;
    const { value } = jsonLdOf(body);
    expect(value['@type']).toBe('DefinedTermSet');
    expect(value.url).toBe(`${ORIGIN}/ai-seo-courses/glossary`);
    expect(value.hasDefinedTerm).toHaveLength(terms.length);
    terms.forEach((term, i) => {
      expect(body).toContain(`<div class="term" id="${term.id}">`);
      expect(value.hasDefinedTerm[i]).toMatchObject({
        '@type': 'DefinedTerm',
        name: term.name,
        description: term.definition,
        url: term.page_url,
        inDefinedTermSet: value['@id'],
      });
    });
    for (const term of terms.filter((term) => term.course_count > 0).slice(0, 6)) {
      const link = escapeHtml(pathOf(term.list_url));
      const courses = `${term.course_count} ${term.course_count === 1 ? 'course' : 'courses'}`;
      expect(body).toContain(`<a href="${link}">${courses}</a>`);
      expect((await listed(pathOf(term.list_url))).total).toBe(term.course_count);
    }
  });

  it('is linked from the list and the methodology page', async () => {
    for (const path of ['/ai-seo-courses', '/ai-seo-courses/methodology']) {
      expect((await text(path, HTML)).body).toContain(
        '<a href="/ai-seo-courses/glossary">glossary</a>',
      );
    }
  });

  it('the list says in one line when words were read through a term, linking it', async () => {
    const { body } = await listed('/ai-seo-courses?q=llmo');
    expect(body).toContain(
      '<p class="understood">Showing courses on <a href="/ai-seo-courses/glossary#generative-engine-optimization">Generative engine optimization</a> (you searched “llmo”).</p>',
    );
    expect((await listed('/ai-seo-courses?q=workshop')).body).not.toContain('class="understood"');
  });

  it.each([
    ['words that find nothing', '/ai-seo-courses?q=backlinks+zzqx'],
    [
      'filters that leave nothing',
      '/ai-seo-courses?specialty=local&price_band=free&level=advanced',
    ],
    ['both', '/ai-seo-courses?q=zzqx&specialty=links&price_band=500_plus'],
  ])(
    'an empty list names the ways out (%s), each a link to a list of the courses it says',
    async (_case, path) => {
      const { body, total } = await listed(path);
      expect(total).toBe(0);
      const block = body.slice(
        body.indexOf('<div class="ways-out">'),
        body.indexOf('</div>', body.indexOf('<div class="ways-out">')),
      );
      const ways = [
        ...block.matchAll(
          /<a href="([^"]+)">[^<]+<\/a> <span class="count">\((\d+) courses?\)<\/span>/g,
        ),
      ];
      expect(ways.length).toBeGreaterThan(0);
      for (const [, href, count] of ways) {
        const target = href.replaceAll('&amp;', '&');
        const found = await listed(target);
        expect({ target, total: found.total }).toEqual({ target, total: Number(count) });
        expect(found.slugs.length).toBeGreaterThan(0);
      }
      expect(block).toContain('<a href="/ai-seo-courses/glossary">See the glossary</a>');
    },
  );
});

describe('Markdown forms', () => {
  it('Accept: text/markdown on the list answers the Markdown digest, with Vary: Accept', async () => {
    const md = await text('/ai-seo-courses', { headers: { Accept: 'text/markdown' } });
    expect(md.response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(md.response.headers.get('vary')).toMatch(/Accept/);
    const all = await text('/ai-seo-courses?include_inactive=true', {
      headers: { Accept: 'text/markdown' },
    });
    const digest = await text('/ai-seo-courses.md');
    expect(all.body.replace(/^# .*\n/, '')).toBe(digest.body.replace(/^# .*\n/, ''));
    expect(md.body).toContain(`${active.length} courses.`);
    const html = await text('/ai-seo-courses', HTML);
    expect(html.response.headers.get('vary')).toMatch(/Accept/);
  });

  it('Accept: text/markdown on a course page answers its Markdown', async () => {
    const { response, body } = await text('/ai-seo-courses/answer-engine-foundations', {
      headers: { Accept: 'text/markdown' },
    });
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(body).toMatch(/^# Answer Engine Foundations\n/);
    expect(body).toContain('- Last verified: not yet verified\n');
    expect(body).toContain('## Evidence');
  });
});

describe('plain-data companions', () => {
  it('/ai-seo-courses.json equals the envelope of every tracked course', async () => {
    const { response, body } = await text('/ai-seo-courses.json');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const dataset = JSON.parse(body);
    expectValid(courseListResponseSchema, dataset);
    expect(dataset).toEqual(await t.json('/api/v1/courses?include_inactive=true'));
    expect(dataset.data).toHaveLength(records.length);
  });

  it.each(['/ai-seo-courses.md', '/llms.txt'])('%s names every active course', async (path) => {
    const { body } = await text(path);
    expect(active.length).toBeGreaterThan(0);
    for (const course of active) {
      expect(body).toContain(course.name);
      expect(body).toContain(`${ORIGIN}/ai-seo-courses/${course.slug}`);
    }
  });

  it('the Markdown digest gives last-verified dates and the citation', async () => {
    const { body } = await text('/ai-seo-courses.md');
    const { meta } = await t.json('/api/v1/methodology');
    expect(body).toContain(`Cite as: ${meta.citation}`);
    expect(body.match(/^- Last verified: /gm)).toHaveLength(records.length);
  });

  it('llms.txt follows the llms.txt convention and links the API, OpenAPI, MCP and companions', async () => {
    const { response, body } = await text('/llms.txt');
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(body).toMatch(/^# .+\n\n> .+\n/);
    for (const url of [
      `${ORIGIN}/api/v1/openapi.json`,
      `${ORIGIN}/mcp`,
      `${ORIGIN}/ai-seo-courses.json`,
      `${ORIGIN}/ai-seo-courses.md`,
      `${ORIGIN}/.well-known/mcp/server-card.json`,
    ]) {
      expect(body).toContain(`(<${url}>)`);
    }
    expect(body).toContain('Cite results as: ');
  });

  it('llms.txt lists every operation and tool served, and says "not yet verified" as a person would', async () => {
    const { body } = await text('/llms.txt');
    const api = `${ORIGIN}/api/v1`;
    const document = await t.json('/api/v1/openapi.json');
    const linked = Object.keys(document.paths).filter((path) => path !== '/openapi.json');
    expect(linked.length).toBeGreaterThan(8);
    for (const path of linked)
      expect({ path, listed: body.includes(`(<${api}${path}`) }).toEqual({
        path,
        listed: true,
      });
    const listed = await t.json('/mcp', mcpRequest('tools/list'));
    for (const { name } of listed.result.tools) {
      expect({ name, listed: body.includes(name) }).toEqual({ name, listed: true });
    }
    expect(body).not.toContain('last verified not yet verified');
    const unverified = records.find((r) => r.verification.last_verified_on === null)!;
    expect(body).toMatch(new RegExp(`\\[${unverified.name}\\].*; not yet verified`));
  });

  it('the home page names every tool tools/list serves, each with what it is for', async () => {
    const { body } = await text('/', HTML);
    const listed = await t.json('/mcp', mcpRequest('tools/list'));
    const items = [...body.matchAll(/<li><code>([a-z_]+)<\/code> ([^<]{12,})<\/li>/g)];
    const named = items.map((m) => m[1]).sort();
    expect(named).toEqual(listed.result.tools.map((tool: { name: string }) => tool.name).sort());
  });

  it('docs/methodology.md, the list form and the methodology page describe specialties from one mapping', async () => {
    const readings = topicReadings();
    expect(readings).toContain('General SEO reads General SEO;');
    const readme = readFileSync(join(__dirname, '..', 'docs', 'methodology.md'), 'utf8').replace(
      /\s+/g,
      ' ',
    );
    expect(readme).toContain(readings);
    for (const path of ['/ai-seo-courses', '/ai-seo-courses/methodology']) {
      expect((await text(path, HTML)).body).toContain(escapeHtml(readings));
    }
  });

  it("the methodology page's policies speak in words, not API field names", async () => {
    const { body } = await text('/ai-seo-courses/methodology', HTML);
    const policies = body.slice(body.indexOf('<h2>Policies</h2>')).split('</ul>')[0];
    const items = [...policies.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1]);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item).not.toMatch(/\b[a-z]+(?:[._][a-z]+)+\b/);
    expect(policies).toContain('carried in the editorial pick');
    expect(policies).toContain('Cite results with the suggested citation');
  });

  it('robots.txt allows everything and points at the sitemap', async () => {
    const { body } = await text('/robots.txt');
    expect(body).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${ORIGIN}/sitemap.xml\n`);
  });

  it('the sitemap lists every page, and every page in it answers 200', async () => {
    const { response, body } = await text('/sitemap.xml');
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/ai-seo-courses`,
        `${ORIGIN}/ai-seo-courses/finder`,
        `${ORIGIN}/ai-seo-courses/methodology`,
        `${ORIGIN}/ai-seo-courses/changes`,
        `${ORIGIN}/ai-seo-courses/glossary`,
        ...records.map((r) => `${ORIGIN}/ai-seo-courses/${r.slug}`),
      ]),
    );
    expect(locs).toHaveLength(records.length + 5);
    for (const loc of locs) await text(pathOf(loc), HTML);
  });
});

/** RFC 9264 §4.2: a linkset of link context objects, each relation an array of target objects. */
const targetSchema = z
  .object({
    href: z.url(),
    type: z.string().optional(),
    hreflang: z.array(z.string()).optional(),
    title: z.string().optional(),
    media: z.string().optional(),
  })
  .catchall(z.array(z.unknown()));
const relationName = /^([a-z][a-z0-9.-]*|[a-z][a-z0-9+.-]*:.+)$/;
const linksetSchema = z.strictObject({
  linkset: z
    .array(
      z
        .object({ anchor: z.url() })
        .catchall(z.array(targetSchema).min(1))
        .refine(
          (context) => Object.keys(context).every((k) => k === 'anchor' || relationName.test(k)),
          'relation names are registered types or URIs',
        ),
    )
    .min(1),
});

describe('discovery', () => {
  it('the api-catalog is an RFC 9264 linkset with the RFC 9727 profile, and every link answers', async () => {
    const { response, body } = await text('/.well-known/api-catalog');
    expect(response.headers.get('content-type')).toBe(
      'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"; charset=utf-8',
    );
    expect(response.headers.get('link')).toBe(
      `<${ORIGIN}/.well-known/api-catalog>; rel="api-catalog"`,
    );
    const catalog = linksetSchema.parse(JSON.parse(body));
    const byAnchor = Object.fromEntries(catalog.linkset.map((c) => [c.anchor, c]));
    const api = byAnchor[`${ORIGIN}/api/v1`] as any;
    const mcp = byAnchor[`${ORIGIN}/mcp`] as any;
    expect(api['service-desc'][0].href).toBe(`${ORIGIN}/api/v1/openapi.json`);
    expect(api['service-doc'].map((l: any) => l.href)).toEqual([
      `${ORIGIN}/api/v1/docs`,
      `${ORIGIN}/llms.txt`,
    ]);
    expect(mcp['service-desc'][0].href).toBe(`${ORIGIN}/.well-known/mcp/server-card.json`);
    const hrefs = catalog.linkset.flatMap((context) =>
      Object.entries(context)
        .filter(([key]) => key !== 'anchor')
        .flatMap(([, targets]) => (targets as { href: string }[]).map((target) => target.href)),
    );
    for (const href of new Set(hrefs)) {
      await text(pathOf(href));
    }
  });

  it('the icon the MCP server advertises is an SVG served through the normal HTTP pipeline', async () => {
    const response = await t.get('/assets/icon.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    expect(await response.text()).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>[\s\S]*<\/svg>\n$/,
    );
    const again = await t.get('/assets/icon.svg', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('HEAD on the api-catalog carries its Link header too', async () => {
    const response = await t.get('/.well-known/api-catalog', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('link')).toContain('rel="api-catalog"');
  });

  it('the MCP server card is built from the live server constants', async () => {
    const { response, body } = await text('/.well-known/mcp/server-card.json');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const card = JSON.parse(body);
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

    const negotiated = await t.get('/.well-known/mcp/server-card.json', {
      headers: { Accept: 'application/mcp-server-card+json' },
    });
    expect(negotiated.headers.get('content-type')).toBe(
      'application/mcp-server-card+json; charset=utf-8',
    );
    expect(await negotiated.json()).toEqual(card);
  });

  it('the server card names the server after PUBLIC_URL in reverse DNS', async () => {
    const other = await startTestApp({ env: { PUBLIC_URL: 'https://courses.example.com' } });
    try {
      const card = await other.json('/.well-known/mcp/server-card.json');
      expect(card.name).toBe('com.example.courses/course-finder');
      expect(card.remotes[0].url).toBe('https://courses.example.com/mcp');
    } finally {
      await other.close();
    }
  });
});

describe('course names with HTML in them', () => {
  const NAME = '<script>alert(1)</script> & "Co"';
  const DESCRIPTION = 'Ends the block </script><script>alert(2)</script><!-- here';
  let hostile: TestApp;
  let slug: string;

  beforeAll(async () => {
    const dir = copyOfData();
    const file = join(dir, 'courses.json');
    const data = JSON.parse(readFileSync(file, 'utf8'));
    const target = data.courses.find((c: CourseRecord) => c.slug === 'answer-engine-foundations');
    target.name = NAME;
    target.description = DESCRIPTION;
    target.highlights = ['<img src=x onerror=alert(3)>'];
    slug = target.slug;
    writeFileSync(file, JSON.stringify(data));
    hostile = await startTestApp({ env: { DATA_DIR: dir } });
    await hostile.app.get(DistributionService).settled();
  });
  afterAll(() => hostile.close());

  const escaped = '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;';

  it.each([
    () => '/ai-seo-courses',
    () => `/ai-seo-courses/${slug}`,
    () => `/ai-seo-courses/finder?${new URLSearchParams(ANSWERS)}`,
    () => '/ai-seo-courses/methodology',
  ])('are escaped in the HTML and the JSON-LD of page %#', async (path) => {
    const response = await hostile.get(path(), HTML);
    const body = await response.text();
    expect(response.status).toBe(200);
    expect(body).toContain(escaped);
    expect(body).not.toContain('<script>alert');
    expect(body).not.toContain('<img src=x');
    // One JSON-LD element, whose text cannot end it early yet reads back exactly; the other
    // script element is the site's file.
    expect(body.match(/<script/g)).toHaveLength(2);
    expect(body.match(/<script type="application\/ld\+json">/g)).toHaveLength(1);
    const { raw, value } = jsonLdOf(body);
    expect(raw).not.toMatch(/[<>]/);
    const names = value.itemListElement.map((e: any) => e.item.name);
    expect(names).toContain(NAME);
  });

  it('are escaped in the Markdown companions', async () => {
    for (const path of ['/ai-seo-courses.md', '/llms.txt']) {
      const body = await (await hostile.get(path)).text();
      expect(body).toContain('\\<script\\>alert(1)\\</script\\> & "Co"');
      expect(body).not.toContain('<script>');
    }
  });

  it('stay exact in the JSON dataset', async () => {
    const body = await hostile.json('/ai-seo-courses.json');
    expect(body.data.find((c: any) => c.slug === slug).name).toBe(NAME);
  });
});
