import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { onShippedDay } from '../../test/support/clock';
import { copyOfData } from '../../test/support/data-dir';
import { inNameOrder, roomModule, shipped, useRoom } from '../../test/support/room';
import { courseWords, meansWord, wordsOf as words } from '../../test/support/search';
import { CatalogService } from '../catalog/catalog.service';
import type { CourseRecord } from '../catalog/course.schema';
import {
  BUDGET_BANDS,
  type BudgetBand,
  LEVEL_LABELS,
  LEVELS,
  type Level,
  type Sort,
  SORTS,
  TOPICS,
  type Topic,
} from '../catalog/vocabulary';
import { DomainError } from '../core/domain-error';
import { CoursesService } from './courses.service';

/**
 * The course list's service over the shipped catalog (docs/api.md#searchcourses,
 * docs/api.md#getfacets, docs/api.md#pages): what each filter keeps, the counts, the pages and one
 * course, worked out from data/courses.json and the docs' rules, never from the service's code.
 */

const SEED = 20261208;
const room = useRoom([CoursesService]);
let courses: CoursesService;
beforeAll(() => (courses = room.get(CoursesService)));

const records = shipped.courses();
const limits = shipped.methodology().budget_bands.upper_limits_usd;

/** docs/data.md#derived-fields: the band of a first-year cost. */
function bandOf(course: CourseRecord): BudgetBand | null {
  const cost = course.price.first_year_cost_usd;
  if (!course.price.known || cost === null) return null;
  if (cost <= limits.free) return 'free';
  if (cost < limits.under_100) return 'under_100';
  return cost <= limits['100_500'] ? '100_500' : '500_plus';
}

/** docs/methodology.md#specialties-and-objectives: the coverage members each specialty reads. */
const READS: Record<Topic, (keyof CourseRecord['topic_coverage'])[]> = {
  ai_geo: ['ai_seo', 'geo'],
  general_seo: ['general_seo'],
  affiliate: ['affiliate_seo'],
  local: ['local_seo'],
  links: ['link_building'],
  content_programmatic: ['content_seo', 'programmatic_seo'],
  agency: ['agency'],
};

interface Filters {
  level?: Level[];
  specialty?: Topic[];
  price_band?: BudgetBand[];
  community_only?: boolean;
  include_inactive?: boolean;
}
type Query = Filters & { q?: string; sort?: Sort; limit?: number; cursor?: string };

/** docs/api.md#searchcourses, filter by filter: one of a course's values among those asked for. */
function keeps(course: CourseRecord, query: Filters): boolean {
  const any = <T>(asked: T[] | undefined, has: (value: T) => boolean) =>
    asked === undefined || asked.some(has);
  const band = bandOf(course);
  return (
    any(query.level, (level) => course.levels.includes(level)) &&
    any(query.specialty, (topic) => READS[topic].some((key) => course.topic_coverage[key] >= 3)) &&
    any(query.price_band, (wanted) => wanted === band) &&
    (!query.community_only ||
      course.community !== 'No' ||
      course.formats.includes('Live / community')) &&
    (query.include_inactive === true || course.status === 'active')
  );
}

const subset = <T>(values: readonly T[]) =>
  fc.option(fc.subarray([...values], { minLength: 1 }), { nil: undefined });
const filters: fc.Arbitrary<Filters> = fc.record(
  {
    level: subset(LEVELS),
    specialty: subset(TOPICS),
    price_band: subset(BUDGET_BANDS),
    community_only: fc.boolean(),
    include_inactive: fc.boolean(),
  },
  { requiredKeys: [] },
);
/** What else a list query may hold: words, and an order (by words only with words). */
const wordsAndOrder = fc.record(
  {
    q: fc.constantFrom('seo', 'local', 'tecnical', 'ai', 'content strategy'),
    sort: fc.constantFrom(...SORTS.filter((sort) => sort !== 'relevance')),
  },
  { requiredKeys: [] },
);
const slugs = (list: readonly { slug: string }[]) => list.map((course) => course.slug);
/** The refusal a call throws, as the API's 422 body says it. */
function refusal(call: () => unknown) {
  try {
    call();
  } catch (error) {
    return (error as DomainError).toBody().error as any;
  }
  throw new Error('not refused');
}
const problemOf = (call: () => unknown, name: string) =>
  refusal(call).details.parameters.find((p: { name: string }) => p.name === name).problem;

/** A course's words as docs/api.md#search lists its fields, the labels of its levels too. */
const textOf = (course: CourseRecord) => [
  ...courseWords(course),
  ...words(course.levels.map((level) => LEVEL_LABELS[level]).join(' ')),
];
const catalogWords = new Set(records.flatMap(textOf));
/** A word with a plural's final `s` set aside, as the glossary's names are compared (docs/api.md#search). */
const singular = (word: string) =>
  word.length >= 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
/**
 * Every word of the glossary's names, in the singular: a word that is a term's name finds the
 * term's courses too.
 */
const glossaryWords = new Set(
  shipped
    .glossary()
    .flatMap((term) => [term.name, ...term.other_names].flatMap(words))
    .map(singular),
);
const ownWord = (word: string) => !glossaryWords.has(singular(word));
const recordOf = new Map(records.map((course) => [course.slug, course]));

describe('CoursesService.search', () => {
  it('answers every enrolling course, in name order, without filters', () => {
    const enrolling = records.filter((course) => course.status === 'active');
    expect(slugs(courses.search({}).data)).toEqual(slugs(inNameOrder(enrolling)));
  });

  it('keeps exactly the courses every filter keeps, in name order', () => {
    fc.assert(
      fc.property(filters, (query) => {
        const expected = inNameOrder(records.filter((course) => keeps(course, query)));
        expect(slugs(courses.search(query).data)).toEqual(slugs(expected));
      }),
      { seed: SEED, numRuns: 60 },
    );
  });

  it('several values of a filter find what each finds alone, several filters what all find, in the order asked', () => {
    fc.assert(
      fc.property(filters, wordsAndOrder, ({ level, specialty, price_band, ...flags }, rest) => {
        const closed = { level, specialty, price_band };
        const base: Query = { ...flags, ...rest };
        const kept = new Set(slugs(courses.search(base).data));
        for (const [name, values] of Object.entries(closed)) {
          if (values === undefined) continue;
          const union = new Set(
            values.flatMap((value) => slugs(courses.search({ ...base, [name]: [value] }).data)),
          );
          for (const slug of kept) if (!union.has(slug)) kept.delete(slug);
        }
        const query = { ...base, ...closed };
        expect({ query, slugs: slugs(courses.search(query).data) }).toEqual({
          query,
          slugs: slugs(courses.search(base).data).filter((slug) => kept.has(slug)),
        });
      }),
      { seed: SEED, numRuns: 40 },
    );
  });

  it('finds the same whatever the order of a filter’s values, and takes the cursor of either order', () => {
    const query = { sort: 'price-asc' as const, limit: 5 };
    const one = courses.search({ ...query, level: ['beginner', 'intermediate'] });
    const two = courses.search({ ...query, level: ['intermediate', 'beginner'] });
    expect(slugs(two.data)).toEqual(slugs(one.data));
    const followed = courses.search({
      level: ['beginner', 'intermediate'],
      ...query,
      cursor: two.paging!.next,
    });
    expect(followed.paging!.offset).toBe(5);
    const whole = courses.search({ level: ['beginner', 'intermediate'], sort: 'price-asc' });
    expect(slugs(followed.data)).toEqual(slugs(whole.data).slice(5, 10));
  });

  it('finds a course by a word of its name, and orders by relevance what it finds by name', () => {
    fc.assert(
      fc.property(fc.constantFrom(...records), (course) => {
        const word = course.name.split(/[^\p{L}\p{N}]+/u).find((part) => part.length >= 3)!;
        const found = courses.search({ q: word, include_inactive: true }).data;
        expect(slugs(found)).toContain(course.slug);
        const ranked = courses.search({ q: word, include_inactive: true, sort: 'relevance' }).data;
        expect(slugs(ranked).sort()).toEqual(slugs(found).sort());
      }),
      { seed: SEED, numRuns: 40 },
    );
  });
});

describe('CoursesService.search with words (q)', () => {
  /** Whether a query word may mean one of a course's words (docs/api.md#search). */
  const means = (word: string, slug: string) =>
    meansWord(word, textOf(recordOf.get(slug)!), catalogWords);

  it('finds a course by any word of its fields, and only courses holding a word q may mean', () => {
    // A word of the glossary's names may stand for a term, which finds more (src/catalog/course-search.spec.ts).
    const withOwnWords = records.filter((course) => textOf(course).some(ownWord));
    const courseAndWord = fc
      .constantFrom(...withOwnWords)
      .chain((course) =>
        fc.tuple(fc.constant(course), fc.constantFrom(...textOf(course).filter(ownWord))),
      );
    fc.assert(
      fc.property(courseAndWord, ([course, word]) => {
        const found = slugs(courses.search({ q: word, include_inactive: true }).data);
        expect(found).toContain(course.slug);
        // Every course found holds a word it begins or nearly spells, or its two halves.
        for (const slug of found) {
          expect({ slug, word, holds: means(word, slug) }).toEqual({ slug, word, holds: true });
        }
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  it('ignores case and accents, matches the start of words, and needs every word', () => {
    const found = (q: string) => slugs(courses.search({ q }).data);
    const plain = found('local');
    expect(plain.length).toBeGreaterThan(0);
    for (const variant of ['LOCAL', 'Lócäl', 'loc', ' local! ']) {
      expect(found(variant)).toEqual(expect.arrayContaining(plain));
    }
    // `ech` is inside a word ("technical"), at the start of none, and too short to be a typo.
    expect(found('ech')).toEqual([]);
    const agency = found('agency');
    expect(found('local agency')).toEqual(plain.filter((slug) => agency.includes(slug)));
  });

  it('reads the labels of a course’s specialties', () => {
    const labelWords: [keyof CourseRecord['topic_coverage'], string][] = [
      ['local_seo', 'local'],
      ['link_building', 'link'],
      ['affiliate_seo', 'affiliate'],
      ['agency', 'agency'],
    ];
    for (const [key, word] of labelWords) {
      const specialists = records.filter(
        (course) => course.status === 'active' && course.topic_coverage[key] >= 3,
      );
      expect(specialists.length).toBeGreaterThan(0);
      expect(slugs(courses.search({ q: word }).data)).toEqual(
        expect.arrayContaining(slugs(specialists)),
      );
    }
  });

  it('combines with the other filters and the order', () => {
    const filtered = courses.search({ level: ['beginner'], sort: 'price-asc' }).data;
    const searched = courses.search({ level: ['beginner'], sort: 'price-asc', q: 'seo' }).data;
    const seo = slugs(courses.search({ q: 'seo' }).data);
    expect(searched.length).toBeGreaterThan(0);
    expect(slugs(searched)).toEqual(slugs(filtered).filter((slug) => seo.includes(slug)));
  });

  it('by relevance, puts the courses with a word in their name first, and a term’s topic before a mention of it', () => {
    /** Whether the flags are all the trues, then all the falses, with some of each. */
    const firstThenRest = (flags: boolean[]) => {
      expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
      expect(flags).toContain(true);
      expect(flags).toContain(false);
    };
    // A word of no glossary term: the courses with it in their name first.
    const ranked = courses.search({ q: 'workshop', sort: 'relevance' }).data;
    firstThenRest(ranked.map((course) => words(course.name).includes('workshop')));
    // A term's name (Link building's `links`): the courses covering its topic first, then the others.
    const links = courses.search({ q: 'links', sort: 'relevance' }).data;
    firstThenRest(links.map((course) => course.topic_coverage.link_building >= 3));
  });
});

describe('CoursesService.search, in pages', () => {
  it('walks the whole list once, in order, from any page size, filters, words and order; prev walks back', () => {
    const ordered = fc
      .tuple(filters, wordsAndOrder, fc.boolean())
      .map(([f, rest, byRelevance]) => ({
        ...f,
        ...rest,
        ...(byRelevance && rest.q !== undefined ? { sort: 'relevance' as const } : {}),
      }));
    fc.assert(
      fc.property(ordered, fc.integer({ min: 1, max: 40 }), (query, limit) => {
        const whole = slugs(courses.search(query).data);
        const pages = [courses.search({ ...query, limit })];
        while (pages.at(-1)!.paging?.next) {
          pages.push(courses.search({ ...query, cursor: pages.at(-1)!.paging!.next }));
        }
        const page = pages.at(-1)!;
        expect(pages.flatMap((p) => slugs(p.data))).toEqual(whole);
        expect(pages).toHaveLength(Math.max(1, Math.ceil(whole.length / limit)));
        for (const p of pages) expect(p.data.length).toBeLessThanOrEqual(limit);
        expect(page.paging?.total).toBe(whole.length);
        if (page.paging?.prev) {
          const back = courses.search({ ...query, cursor: page.paging.prev });
          expect(back.paging!.offset).toBe(Math.max(0, page.paging.offset - limit));
        }
      }),
      { seed: SEED, numRuns: 40 },
    );
  });

  it('refuses a cursor of other filters, naming the cursor', () => {
    const first = courses.search({ level: ['beginner'], limit: 2 });
    const call = () => courses.search({ level: ['advanced'], cursor: first.paging!.next });
    expect(call).toThrow(DomainError);
    try {
      call();
    } catch (error) {
      const body = (error as DomainError).toBody().error as any;
      expect(body.code).toBe('invalid_parameters');
      expect(body.details.parameters.map((p: { name: string }) => p.name)).toEqual(['cursor']);
      expect(body.details.parameters[0].problem).toMatch(/belongs to other filters/);
    }
  });

  it('refuses a cursor it never gave, one of a page larger than any limit takes included', () => {
    const cursor = courses.search({ limit: 5 }).paging!.next!;
    // A cursor of this data and filters, but a page larger than any `limit` takes.
    const fields = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    const bigger = Buffer.from(JSON.stringify({ ...fields, l: 100_000 })).toString('base64url');
    for (const forged of ['abc', Buffer.from('{"v":1}').toString('base64url'), 'a+b', bigger]) {
      expect(problemOf(() => courses.search({ limit: 5, cursor: forged }), 'cursor')).toMatch(
        /not a cursor this service gave/,
      );
    }
  });

  it('follows a cursor taken before midnight UTC on the next day, to the last page', async () => {
    const { module, clock } = await roomModule([CoursesService], {
      now: onShippedDay('23:59:59.900'),
    });
    try {
      const list = module.get(CoursesService);
      const first = list.search({ include_inactive: true, limit: 7 });
      // The date moves every course's verification age; what a search finds does not move.
      clock.current = onShippedDay('00:00:00.100', 1);
      const walked = [first];
      while (walked.at(-1)!.paging!.next) {
        walked.push(list.search({ include_inactive: true, cursor: walked.at(-1)!.paging!.next }));
      }
      expect(walked.flatMap((page) => slugs(page.data))).toEqual(slugs(inNameOrder(records)));
    } finally {
      await module.close();
    }
  });

  it('refuses a cursor from other data, saying so', async () => {
    const dir = copyOfData();
    const { module } = await roomModule([CoursesService], { env: { DATA_DIR: dir } });
    try {
      const list = module.get(CoursesService);
      const next = list.search({ limit: 5 }).paging!.next;
      const file = join(dir, 'courses.json');
      writeFileSync(file, `${readFileSync(file, 'utf8')}\n`);
      expect(module.get(CatalogService).reload()).toBe(true);
      expect(problemOf(() => list.search({ cursor: next }), 'cursor')).toMatch(
        /^from other data \(the data files changed/,
      );
    } finally {
      await module.close();
    }
  });
});

describe('CoursesService.facets', () => {
  it('counts, for each value of each filter, what the search finds with it in place', () => {
    fc.assert(
      fc.property(filters, (query) => {
        const { total, facets } = courses.facets(query).data;
        expect(total).toBe(records.filter((course) => keeps(course, query)).length);
        const instead = (name: keyof Filters, value: unknown): Filters =>
          name === 'community_only' || name === 'include_inactive'
            ? { ...query, [name]: value === 'true' }
            : { ...query, [name]: [value] };
        for (const [name, counts] of Object.entries(facets)) {
          for (const [value, count] of Object.entries(counts as Record<string, number>)) {
            const kept = instead(name as keyof Filters, value);
            expect([name, value, count]).toEqual([
              name,
              value,
              records.filter((course) => keeps(course, kept)).length,
            ]);
          }
        }
      }),
      { seed: SEED, numRuns: 20 },
    );
  });
});

describe('CoursesService.facets, with words', () => {
  it('counts each value as the search counts it with that value in place, the total as the search', () => {
    fc.assert(
      fc.property(filters, wordsAndOrder, (query, { q }) => {
        const asked: Query = { ...query, q };
        const { total, facets } = courses.facets(asked).data;
        expect(total).toBe(courses.search(asked).data.length);
        for (const [name, counts] of Object.entries(facets)) {
          for (const [value, count] of Object.entries(counts as Record<string, number>)) {
            const instead =
              name === 'community_only' || name === 'include_inactive'
                ? { ...asked, [name]: value === 'true' }
                : { ...asked, [name]: [value] };
            expect({ name, value, count }).toEqual({
              name,
              value,
              count: courses.search(instead).data.length,
            });
          }
        }
      }),
      { seed: SEED, numRuns: 15 },
    );
  });

  it('lists every filter and every value, in the vocabulary’s order, 0 included', () => {
    const { facets } = courses.facets({ q: 'local' }).data;
    expect(Object.keys(facets)).toEqual([
      'level',
      'specialty',
      'price_band',
      'community_only',
      'include_inactive',
    ]);
    expect(Object.keys(facets.level)).toEqual([...LEVELS]);
    expect(Object.keys(facets.specialty)).toEqual([...TOPICS]);
    expect(Object.keys(facets.price_band)).toEqual([...BUDGET_BANDS]);
    expect(Object.values<object>(facets).flatMap(Object.values)).toContain(0);
  });
});

describe('CoursesService.get', () => {
  it('answers a course by its slug, inactive ones too, and not_found for any other', () => {
    for (const record of records) expect(courses.get(record.slug).data.name).toBe(record.name);
    for (const slug of ['no-such-course', 'Answer-Engine-Foundations', '../etc']) {
      expect(() => courses.get(slug)).toThrow(
        expect.objectContaining({ code: 'not_found' }) as unknown as Error,
      );
    }
  });
});
