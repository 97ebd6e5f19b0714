import fc from 'fast-check';
import { inNameOrder, shipped, useRoom } from '../../test/support/room';
import type { CourseRecord } from '../catalog/course.schema';
import {
  BUDGET_BANDS,
  type BudgetBand,
  LEVELS,
  type Level,
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
const slugs = (list: readonly { slug: string }[]) => list.map((course) => course.slug);

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

describe('CoursesService.search, in pages', () => {
  it('walks the whole list once, in order, from any page size; prev walks back', () => {
    fc.assert(
      fc.property(filters, fc.integer({ min: 1, max: 12 }), (query, limit) => {
        const whole = slugs(courses.search(query).data);
        const walked: string[] = [];
        let page = courses.search({ ...query, limit });
        walked.push(...slugs(page.data));
        while (page.paging?.next) {
          page = courses.search({ ...query, cursor: page.paging.next });
          walked.push(...slugs(page.data));
        }
        expect(walked).toEqual(whole);
        expect(page.paging?.total).toBe(whole.length);
        if (page.paging?.prev) {
          const back = courses.search({ ...query, cursor: page.paging.prev });
          expect(back.paging!.offset).toBe(Math.max(0, page.paging.offset - limit));
        }
      }),
      { seed: SEED, numRuns: 30 },
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
