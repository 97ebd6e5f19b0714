import { Controller, Get, Module } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { startTestApp, type TestApp } from './support/app';
import { onShippedDay, TestClock } from './support/clock';
import type { ObservedResponse } from './support/contract';

/**
 * `startTestApp` checks every API response against the OpenAPI document the app serves (see
 * test/support/contract.ts). These tests show the check covers every operation and status, and
 * that it fails when the service answers outside the document.
 */

/** A route under the API's base path that the document does not describe. */
@ApiExcludeController()
@Controller('api/v1/test-stub')
class UndocumentedController {
  @Get()
  get() {
    return { data: 'not in the document' };
  }
}

@Module({ controllers: [UndocumentedController] })
class UndocumentedModule {}

let t: TestApp;
let slugs: string[];
const clock = new TestClock(onShippedDay('12:00:00'));
beforeAll(async () => {
  t = await startTestApp({ clock, imports: [UndocumentedModule] });
  slugs = (await t.json('/api/v1/courses')).data.map((course: { slug: string }) => course.slug);
});
afterAll(() => t.close());

const ANSWERS =
  'experience=beginner&objective=ai_geo&learning_style=self_paced&freshness=important&budget=under_100&operating_model=brand_client';

async function observe(path: string, status: number): Promise<ObservedResponse> {
  const response = await fetch(`${t.url}${path}`);
  expect({ path, status: response.status }).toEqual({ path, status });
  return {
    method: 'GET',
    url: response.url,
    status,
    contentType: response.headers.get('content-type'),
    body: await response.text(),
  };
}

describe('every operation answers inside the document, success and error', () => {
  it.each([
    ['/api/v1/courses?level=beginner&sort=price-desc', 200],
    ['/api/v1/courses?include_inactive=1', 200],
    ['/api/v1/courses?level=expert', 422],
    ['/api/v1/courses?level=beginner&level=advanced', 422],
    [`/api/v1/recommendations?${ANSWERS}`, 200],
    ['/api/v1/recommendations?experience=beginner', 422],
    [`/api/v1/recommendations/fit?${ANSWERS}`, 200],
    [`/api/v1/recommendations/fit?${ANSWERS}&courses=answer-engine-foundations`, 200],
    [`/api/v1/recommendations/fit?${ANSWERS}&courses=nope-one`, 404],
    ['/api/v1/recommendations/fit?experience=beginner&courses=a,b,c,d', 422],
    ['/api/v1/comparisons?courses=nope-one,nope-two', 404],
    ['/api/v1/comparisons?courses=only-one', 422],
    ['/api/v1/finder/questions', 200],
    ['/api/v1/finder/questions?x=1', 422],
    ['/api/v1/methodology', 200],
    ['/api/v1/methodology?x=1', 422],
    ['/api/v1/changes', 200],
    ['/api/v1/changes?course=answer-engine-foundations&limit=1', 200],
    ['/api/v1/changes?since=2026-13-01', 422],
    ['/api/v1/glossary', 200],
    ['/api/v1/glossary?term=geo', 422],
    ['/api/v1/suggestions?q=gen', 200],
    ['/api/v1/suggestions?q=zzqx%20backlinks', 200],
    ['/api/v1/courses/no-such-course', 404],
    ['/api/v1/courses/NOT_A_SLUG', 404],
    ['/api/v1/no-such-path', 404],
  ])('GET %s -> %i', async (path, status) => {
    expect((await t.get(path)).status).toBe(status);
  });

  it('GET /courses/{slug} and /comparisons with real slugs -> 200, HEAD -> 200 without a body', async () => {
    expect((await t.get(`/api/v1/courses/${slugs[0]}`)).status).toBe(200);
    expect((await t.get(`/api/v1/comparisons?courses=${slugs[0]},${slugs[1]}`)).status).toBe(200);
    expect((await t.get(`/api/v1/courses/${slugs[0]}`, { method: 'HEAD' })).status).toBe(200);
  });

  it('an unexpected failure -> 500 with the documented error body', async () => {
    clock.fail = true;
    try {
      expect((await t.get('/api/v1/courses?sort=verified-desc')).status).toBe(500);
    } finally {
      clock.fail = false;
    }
  });

  it('a method other than GET -> 405 with the error body', async () => {
    expect((await t.get('/api/v1/courses', { method: 'DELETE' })).status).toBe(405);
  });
});

describe('a response outside the document fails the test that receives it', () => {
  it('an answer the document does not describe rejects the request that received it', async () => {
    await expect(t.get('/api/v1/test-stub')).rejects.toThrow(
      /200 for an undocumented get \/test-stub/,
    );
  });

  it('a member added to a course, or to meta of a list', async () => {
    const course = await observe(`/api/v1/courses/${slugs[2]}`, 200);
    const body = JSON.parse(course.body);
    expect(
      t.contract.problems({
        ...course,
        body: JSON.stringify({ ...body, data: { ...body.data, rating: 5 } }),
      }),
    ).toEqual(['getCourse 200: /data must NOT have additional properties: "rating"']);
    const list = await observe('/api/v1/courses?level=advanced', 200);
    const listBody = JSON.parse(list.body);
    expect(
      t.contract.problems({
        ...list,
        body: JSON.stringify({ ...listBody, meta: { ...listBody.meta, page: 1 } }),
      }),
    ).toEqual(['searchCourses 200: /meta must NOT have additional properties: "page"']);
  });

  it('a member added to an entry of the changes, or a kind no entry has', async () => {
    const changes = await observe('/api/v1/changes?limit=2', 200);
    const body = JSON.parse(changes.body);
    const [first] = body.data;
    expect(t.contract.problems(changes)).toEqual([]);
    expect(
      t.contract.problems({
        ...changes,
        body: JSON.stringify({ ...body, data: [{ ...first, author: 'an editor' }] }),
      }),
    ).toEqual(['getChanges 200: /data/0 must NOT have additional properties: "author"']);
    expect(
      t.contract.problems({
        ...changes,
        body: JSON.stringify({ ...body, data: [{ ...first, kind: 'edited' }] }),
      }),
    ).toEqual([expect.stringMatching(/^getChanges 200: \/data\/0\/kind must be equal to one of/)]);
  });

  it('a member added to a glossary term or to the suggestions, or a topic the catalog has not', async () => {
    const glossary = await observe('/api/v1/glossary', 200);
    const body = JSON.parse(glossary.body);
    const [first] = body.data;
    expect(t.contract.problems(glossary)).toEqual([]);
    expect(
      t.contract.problems({
        ...glossary,
        body: JSON.stringify({ ...body, data: [{ ...first, source: 'an editor' }] }),
      }),
    ).toEqual(['getGlossary 200: /data/0 must NOT have additional properties: "source"']);
    expect(
      t.contract.problems({
        ...glossary,
        body: JSON.stringify({ ...body, data: [{ ...first, topics: ['seo_magic'] }] }),
      }),
    ).toEqual([
      expect.stringMatching(/^getGlossary 200: \/data\/0\/topics\/0 must be equal to one of/),
    ]);
    const suggestions = await observe('/api/v1/suggestions?q=lin', 200);
    const suggested = JSON.parse(suggestions.body);
    expect(suggested.data.courses.length).toBeGreaterThan(0);
    expect(
      t.contract.problems({
        ...suggestions,
        body: JSON.stringify({ ...suggested, data: { ...suggested.data, terms: [] } }),
      }),
    ).toEqual(['getSuggestions 200: /data must NOT have additional properties: "terms"']);
  });

  it('a missing required member, a wrong type, a null where none is allowed', async () => {
    const observed = await observe(`/api/v1/courses/${slugs[0]}`, 200);
    const body = JSON.parse(observed.body);
    const variant = (edit: (b: any) => void) => {
      const copy = structuredClone(body);
      edit(copy);
      return t.contract.problems({ ...observed, body: JSON.stringify(copy) });
    };
    expect(t.contract.problems(observed)).toEqual([]);
    expect(variant((b) => delete b.meta.citation)).toEqual([
      "getCourse 200: /meta must have required property 'citation'",
    ]);
    expect(variant((b) => (b.data.price.first_year_cost_usd = '120'))).toContain(
      'getCourse 200: /data/price/first_year_cost_usd must be number',
    );
    expect(variant((b) => (b.data.name = null))).toEqual([
      'getCourse 200: /data/name must be string',
    ]);
  });

  it('an error body with an extra member, or a status the operation does not declare', async () => {
    const notFound = await observe('/api/v1/courses/no-such-course', 404);
    const error = JSON.parse(notFound.body);
    expect(
      t.contract.problems({ ...notFound, body: JSON.stringify({ ...error, status: 404 }) }),
    ).toEqual(['getCourse 404: (body) must NOT have additional properties: "status"']);
    const list = await observe('/api/v1/courses', 200);
    expect(t.contract.problems({ ...list, status: 404, body: notFound.body })).toEqual([
      'status 404 is not declared for searchCourses',
    ]);
  });

  it('a 304 must come without a body; a JSON body must be sent as JSON', async () => {
    const list = await observe('/api/v1/courses', 200);
    expect(t.contract.problems({ ...list, status: 304, body: '' })).toEqual([]);
    expect(t.contract.problems({ ...list, status: 304 })).toEqual([
      'searchCourses 304 declares no body but one was sent',
    ]);
    expect(t.contract.problems({ ...list, contentType: 'text/html' })).toEqual([
      'searchCourses 200 declares application/json but the response is text/html',
    ]);
  });

  it('a 429 is held to the error body, whichever operation', async () => {
    const observed = await observe('/api/v1/methodology', 200);
    const limited = { error: { code: 'rate_limited', message: 'Rate limit exceeded.' } };
    expect(
      t.contract.problems({ ...observed, status: 429, body: JSON.stringify(limited) }),
    ).toEqual([]);
    expect(
      t.contract.problems({ ...observed, status: 429, body: JSON.stringify({ limited: true }) }),
    ).toHaveLength(2);
  });
});
