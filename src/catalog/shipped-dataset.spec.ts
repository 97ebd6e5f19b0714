import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { coursesFileSchema, type CourseRecord } from './course.schema';
import { trackingMarker } from './link-rules';
import {
  AI_GEO_FOCUS,
  BUDGET_BANDS,
  COMMUNITY,
  COURSE_STATUSES,
  COVERAGE_KEYS,
  CURRENCIES,
  FORMATS,
  LEVELS,
  OPERATING_MODELS,
  PRICE_TYPES,
  TOPIC_COVERAGE,
  TOPICS,
  UPDATE_CADENCES,
  type BudgetBand,
  type Topic,
} from './vocabulary';

const DATA_FILE = join(__dirname, '..', '..', 'data', 'courses.json');
const EXAMPLE_HOST = /^(?:[a-z0-9-]+\.)*example\.(?:com|org|net)$/;

function load(): CourseRecord[] {
  return coursesFileSchema.parse(JSON.parse(readFileSync(DATA_FILE, 'utf8'))).courses;
}

function bandOf(cost: number): BudgetBand {
  if (cost <= 0) return 'free';
  if (cost < 100) return 'under_100';
  if (cost <= 500) return '100_500';
  return '500_plus';
}

function hasTopic(course: CourseRecord, topic: Topic): boolean {
  return Math.max(...TOPIC_COVERAGE[topic].map((key) => course.topic_coverage[key])) >= 3;
}

/** Returns the vocabulary values that no course provides; `[]` means full coverage. */
function missing<T>(values: readonly T[], present: Iterable<T>): T[] {
  const seen = new Set(present);
  return values.filter((value) => !seen.has(value));
}

describe('shipped dataset data/courses.json', () => {
  const courses = load();
  const active = courses.filter((course) => course.status === 'active');

  it('links every course to the provider directly: no affiliate flag, no tracking marker (rule 4)', () => {
    const raw = JSON.parse(readFileSync(DATA_FILE, 'utf8')).courses as Record<string, any>[];
    expect(raw.filter((course) => course.link_is_affiliate !== false).map((c) => c.slug)).toEqual(
      [],
    );
    const links = raw.flatMap((course) => [course.url, course.provider.url]).filter(Boolean);
    expect(links.filter((url: string) => trackingMarker(url) !== undefined)).toEqual([]);
  });

  it('validates against the data-file schema and has at least 30 courses', () => {
    expect(courses.length).toBeGreaterThanOrEqual(30);
  });

  it('has unique slugs', () => {
    const slugs = courses.map((course) => course.slug);
    const duplicates = slugs.filter((slug, index) => slugs.indexOf(slug) !== index);
    expect(duplicates).toEqual([]);
  });

  it('marks every course as placeholder data with no verification date or sources', () => {
    const offenders = courses
      .filter(
        (course) =>
          !course.placeholder_data ||
          course.verification.last_verified_on !== null ||
          course.verification.sources.length > 0,
      )
      .map((course) => course.slug);
    expect(offenders).toEqual([]);
  });

  it('uses only reserved example domains for URLs', () => {
    const urls = courses.flatMap((course) => [course.url, course.provider.url]);
    const offenders = urls
      .filter((url): url is string => url !== null)
      .filter((url) => !EXAMPLE_HOST.test(new URL(url).hostname));
    expect(offenders).toEqual([]);
  });

  it('has at most one editorial pick', () => {
    expect(courses.filter((course) => course.editorial_pick !== null).length).toBeLessThanOrEqual(
      1,
    );
  });

  it('covers every level', () => {
    expect(
      missing(
        LEVELS,
        courses.flatMap((course) => course.levels),
      ),
    ).toEqual([]);
  });

  it.each(TOPICS)('has active courses with specialty %s (coverage >= 3)', (topic) => {
    expect(active.filter((course) => hasTopic(course, topic)).length).toBeGreaterThanOrEqual(3);
  });

  it('uses every topic coverage value 0..5 for each coverage key', () => {
    const gaps = COVERAGE_KEYS.flatMap((key) =>
      missing(
        [0, 1, 2, 3, 4, 5],
        courses.map((course) => course.topic_coverage[key]),
      ).map((value) => `${key}=${value}`),
    );
    expect(gaps).toEqual([]);
  });

  it('covers every AI/GEO focus value', () => {
    expect(
      missing(
        AI_GEO_FOCUS,
        courses.map((course) => course.ai_geo_focus),
      ),
    ).toEqual([]);
  });

  it('covers every format', () => {
    expect(
      missing(
        FORMATS,
        courses.flatMap((course) => course.formats),
      ),
    ).toEqual([]);
  });

  it('covers every community value', () => {
    expect(
      missing(
        COMMUNITY,
        courses.map((course) => course.community),
      ),
    ).toEqual([]);
  });

  it('covers every named update cadence and at least one periodic frequency', () => {
    const updates = courses.map((course) => course.updates);
    expect(missing(UPDATE_CADENCES, updates)).toEqual([]);
    expect(updates.some((value) => !(UPDATE_CADENCES as readonly string[]).includes(value))).toBe(
      true,
    );
  });

  it('covers every operating model', () => {
    expect(
      missing(
        OPERATING_MODELS,
        courses.flatMap((course) => course.operating_models),
      ),
    ).toEqual([]);
  });

  it('covers both certification values', () => {
    expect(
      missing(
        [true, false],
        courses.map((course) => course.certification),
      ),
    ).toEqual([]);
  });

  it('covers both statuses', () => {
    expect(
      missing(
        COURSE_STATUSES,
        courses.map((course) => course.status),
      ),
    ).toEqual([]);
  });

  it('covers every currency and price type, and unknown prices', () => {
    expect(
      missing(
        CURRENCIES,
        courses.map((course) => course.price.currency),
      ),
    ).toEqual([]);
    expect(
      missing(
        PRICE_TYPES,
        courses.map((course) => course.price.type),
      ),
    ).toEqual([]);
    expect(courses.some((course) => !course.price.known)).toBe(true);
  });

  it('keeps prices internally consistent', () => {
    const offenders = courses
      .filter(({ price }) => {
        if (!price.known) {
          return (
            price.amount !== null || price.currency !== null || price.first_year_cost_usd !== null
          );
        }
        if (price.amount === null || price.currency === null || price.type === null) return true;
        if (price.first_year_cost_usd === null) return true;
        if (price.type === 'free') return price.amount !== 0 || price.first_year_cost_usd !== 0;
        return false;
      })
      .map((course) => course.slug);
    expect(offenders).toEqual([]);
  });

  it('derives first_year_cost_usd from amount, currency and type', () => {
    // Approximate exchange rates; the file only needs to be roughly right for the budget bands.
    const usdPer: Record<string, number> = { USD: 1, GBP: 1.27, EUR: 1.08 };
    const offenders = courses
      .filter(({ price }) => price.known && price.amount !== null && price.currency !== null)
      .filter(({ price }) => {
        const yearly = price.type === 'monthly' ? price.amount! * 12 : price.amount!;
        return Math.abs(yearly * usdPer[price.currency!] - price.first_year_cost_usd!) > 1;
      })
      .map((course) => course.slug);
    expect(offenders).toEqual([]);
  });

  it.each([null, ...LEVELS])('has every budget band among active courses (level: %s)', (level) => {
    const bands = active
      .filter((course) => level === null || course.levels.includes(level))
      .map((course) => course.price.first_year_cost_usd)
      .filter((cost): cost is number => cost !== null)
      .map(bandOf);
    expect(missing(BUDGET_BANDS, bands)).toEqual([]);
  });
});
