import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { onShippedDay, SHIPPED_HISTORY_DAY } from '../../test/support/clock';
import { PRICE_CHANGE, roomModule, shipped } from '../../test/support/room';
import { fingerprint } from '../catalog/history';
import { DomainError } from '../core/domain-error';
import { withId } from '../data-tools/history-file';
import { ChangesService } from './changes.service';

/**
 * The history's service (docs/api.md#getchanges) over the shipped data and one change recorded
 * on top of it: the price change docs/api.md shows, "Niche Site Launchpad: Price changed from $97
 * to $249 a month.", on 12 March 2027.
 */

const SEED = 20261208;
const { slug: SLUG, after: AFTER } = PRICE_CHANGE;
const BEFORE = shipped.courses().find((course) => course.slug === SLUG)!.price;

/** The shipped data with the price change made and recorded, as `data:record` would. */
function dataWithTheChange(): string {
  const dir = mkdtempSync(join(tmpdir(), 'course-finder-changes-'));
  cpSync(join(__dirname, '..', '..', 'data'), dir, { recursive: true });
  const file = join(dir, 'courses.json');
  const data = JSON.parse(readFileSync(file, 'utf8'));
  data.courses.find((course: { slug: string }) => course.slug === SLUG).price = AFTER;
  writeFileSync(file, JSON.stringify(data));
  const entry = {
    id: '2027-03-12-Jq3xT0aB',
    date: '2027-03-12',
    kind: 'changed',
    course: SLUG,
    name: 'Niche Site Launchpad',
    placeholder: true,
    changes: [{ field: 'price', before: BEFORE, after: AFTER }],
    facts: { price: fingerprint(AFTER) },
  };
  appendFileSync(join(dir, 'history.jsonl'), `${JSON.stringify(entry)}\n`);
  return dir;
}

let changes: ChangesService;
let close: () => Promise<void>;
const dir = dataWithTheChange();
beforeAll(async () => {
  const { module } = await roomModule([ChangesService], {
    now: new Date('2027-03-20T12:00:00Z'),
    env: { DATA_DIR: dir },
  });
  changes = module.get(ChangesService);
  close = () => module.close();
});
afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});

const shippedEntries = shipped.history().length;
const ids = (list: readonly { id: string }[]) => list.map((entry) => entry.id);

describe('ChangesService.list', () => {
  it('answers the newest entry first, in words, its change with its values', () => {
    const [newest] = changes.list({}).data;
    expect(newest).toMatchObject({
      id: '2027-03-12-Jq3xT0aB',
      date: '2027-03-12',
      kind: 'changed',
      subject: 'course',
      course: { slug: SLUG, name: 'Niche Site Launchpad', placeholder_data: true, removed: false },
      text: 'Niche Site Launchpad: Price changed from $97 to $249 a month.',
      changes: [
        {
          field: 'price',
          before: BEFORE,
          after: AFTER,
          text: 'Price changed from $97 to $249 a month',
        },
      ],
    });
    expect(newest.page_url).toBe(`http://localhost:3000/ai-seo-courses/${SLUG}`);
  });

  it('keeps the entries on or after `since`, and one course’s, newest first', () => {
    expect(ids(changes.list({ since: '2027-01-01' }).data)).toEqual(['2027-03-12-Jq3xT0aB']);
    expect(changes.list({ since: '2027-03-13' }).data).toEqual([]);
    const mine = changes.list({ course: SLUG }).data;
    expect(mine.map((entry) => entry.kind)).toEqual(['changed', 'added']);
  });

  it('pages the whole history once, newest first, 50 at a time unless limit says', () => {
    const first = changes.list({});
    expect(first.data).toHaveLength(Math.min(50, shippedEntries + 1));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), (limit) => {
        const walked: string[] = [];
        let page = changes.list({ limit });
        walked.push(...ids(page.data));
        while (page.paging?.next) {
          page = changes.list({ limit, cursor: page.paging.next });
          walked.push(...ids(page.data));
        }
        expect(walked).toEqual(ids(changes.all().data));
        expect(new Set(walked).size).toBe(shippedEntries + 1);
      }),
      { seed: SEED, numRuns: 15 },
    );
  });

  it('refuses a cursor of other filters, naming it', () => {
    const cursor = changes.list({ limit: 1 }).paging!.next;
    const call = () => changes.list({ course: SLUG, cursor });
    expect(call).toThrow(DomainError);
  });
});

describe('ChangesService.ofCourse', () => {
  it('answers a course’s entries, newest first, as the list filtered by course does', () => {
    expect(ids(changes.ofCourse(SLUG))).toEqual(ids(changes.list({ course: SLUG }).data));
  });
});

/**
 * `course` names a slug the history has held (docs/api.md#getchanges): on the shipped data with one
 * course removed as the editors' tools record it, a removed course answers its entries, and a slug
 * the history never held is not found, with the near slugs of the courses and of the history.
 */
describe('ChangesService.list by course', () => {
  const REMOVED = 'link-wheel-masterclass';
  let byCourse: ChangesService;
  let closeIt: () => Promise<void>;
  const without = mkdtempSync(join(tmpdir(), 'course-finder-removed-'));
  beforeAll(async () => {
    cpSync(join(__dirname, '..', '..', 'data'), without, { recursive: true });
    const file = join(without, 'courses.json');
    const data = JSON.parse(readFileSync(file, 'utf8'));
    const course = data.courses.find((c: { slug: string }) => c.slug === REMOVED);
    data.courses = data.courses.filter((c: { slug: string }) => c.slug !== REMOVED);
    writeFileSync(file, JSON.stringify(data));
    const removal = { date: SHIPPED_HISTORY_DAY, kind: 'removed' as const, course: REMOVED };
    appendFileSync(
      join(without, 'history.jsonl'),
      `${JSON.stringify(withId({ ...removal, name: course.name, placeholder: true }))}\n`,
    );
    const { module } = await roomModule([ChangesService], {
      now: onShippedDay('12:00:00'),
      env: { DATA_DIR: without },
    });
    byCourse = module.get(ChangesService);
    closeIt = () => module.close();
  });
  afterAll(async () => {
    await closeIt();
    rmSync(without, { recursive: true, force: true });
  });

  /** The details of the not_found the call throws. */
  function notFound(call: () => unknown): Record<string, unknown> | undefined {
    try {
      call();
    } catch (error) {
      if (error instanceof DomainError && error.code === 'not_found') return error.details;
      throw error;
    }
    throw new Error('no not_found thrown');
  }

  it("answers a removed course's entries, its removal first", () => {
    const { data } = byCourse.list({ course: REMOVED });
    expect(data.map((entry) => entry.kind)).toEqual(['removed', 'added']);
    expect(data[0].course).toMatchObject({ slug: REMOVED, removed: true });
  });

  it("answers a tracked course's entries", () => {
    expect(byCourse.list({ course: 'technical-seo-deep-dive' }).data.length).toBeGreaterThan(0);
  });

  it('is not found for a slug the history never held, offering near slugs of the history too', () => {
    expect(notFound(() => byCourse.list({ course: 'nope' }))).toEqual({
      missing: ['nope'],
      near_slugs: [],
    });
    expect(notFound(() => byCourse.list({ course: 'link-wheel' }))).toEqual({
      missing: ['link-wheel'],
      near_slugs: [REMOVED],
    });
  });
});
