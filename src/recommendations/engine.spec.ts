import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { Course } from '../catalog/course.schema';
import {
  BUDGET_BAND_LABELS,
  BUDGET_BANDS,
  COMMUNITY,
  COVERAGE_KEYS,
  FORMATS,
  LEVELS,
  OPERATING_MODELS,
  PERIODIC_UPDATES,
  TOPIC_COVERAGE,
  TOPICS,
  UPDATE_CADENCES,
  VERIFICATION_STATUSES,
  type BudgetBand,
} from '../catalog/vocabulary';
import { type Methodology, methodologyFileSchema } from '../catalog/methodology.schema';
import { distribution } from './distribution';
import { closest, matchOf, recommend, scoreCourse } from './engine';
import { budgetBand } from '../catalog/derive';
import { answersArb, OVER_BUDGET_ANSWERS, SAMPLE_ANSWERS } from '../../test/support/answers';
import { loadMethodology, loadShippedCourses, makeCourse } from '../../test/support/courses';
import type { Answers } from './answers.dto';
import type { RecommendationResult } from './recommendations.responses';

const METHODOLOGY = loadMethodology();

// ---------------------------------------------------------------------------------------------
// Arbitraries

const coverageArb = fc.record(
  Object.fromEntries(COVERAGE_KEYS.map((key) => [key, fc.integer({ min: 0, max: 5 })])) as Record<
    (typeof COVERAGE_KEYS)[number],
    fc.Arbitrary<number>
  >,
);

const priceArb = fc.oneof(
  fc.constant<Course['price']>({
    display: null,
    amount: null,
    currency: null,
    type: null,
    first_year_cost_usd: null,
    budget_band: null,
    known: false,
  }),
  fc
    .oneof(fc.constant(0), fc.integer({ min: 1, max: 3000 }), fc.constant(null))
    .map<Course['price']>((cost) => ({
      display: cost === null ? 'Custom quote' : cost === 0 ? 'Free' : `$${cost}`,
      amount: cost,
      currency: 'USD',
      type: cost === null ? 'custom' : cost === 0 ? 'free' : 'one_time',
      first_year_cost_usd: cost,
      budget_band: budgetBand(cost, METHODOLOGY.budget_bands),
      known: true,
    })),
);

/**
 * A course with any mix of facts; names repeat on purpose so ties need the slug to break them, and
 * differ in case and in numbers, which the name order reads as a reader does.
 */
const courseFactsArb = fc.record({
  name: fc.constantFrom('Alpha', 'alpha', 'beta', 'Gamma', 'Course 2', 'Course 10'),
  status: fc.constantFrom('active' as const, 'inactive' as const),
  levels: fc.subarray([...LEVELS]),
  topic_coverage: coverageArb,
  formats: fc.subarray([...FORMATS]),
  community: fc.constantFrom(...COMMUNITY),
  updates: fc.constantFrom(...UPDATE_CADENCES, ...PERIODIC_UPDATES),
  operating_models: fc.subarray([...OPERATING_MODELS]),
  price: priceArb,
  verificationStatus: fc.constantFrom(...VERIFICATION_STATUSES),
  placeholder_data: fc.boolean(),
});

type CourseFacts = typeof courseFactsArb extends fc.Arbitrary<infer T> ? T : never;

function courseFrom(facts: CourseFacts, slug: string): Course {
  const { price, verificationStatus: status, ...rest } = facts;
  const course = makeCourse(slug, {
    ...rest,
    verification: {
      status,
      last_verified_on: status === 'unverified' ? null : '2025-01-01',
      sources: [],
    },
  });
  return { ...course, price };
}

const coursesArb = fc
  .array(courseFactsArb, { minLength: 0, maxLength: 25 })
  .map((all) => all.map((facts, i) => courseFrom(facts, `course-${i}`)));

const fitArb = fc.double({ min: 0, max: 1, noNaN: true });

/** Any methodology the schema accepts, so the properties hold for every tuning, not just ours. */
const methodologyArb: fc.Arbitrary<Methodology> = fc
  .record({
    weights: fc.record({
      objective: fc.integer({ min: 0, max: 60 }),
      experience: fc.integer({ min: 0, max: 60 }),
      learning_style: fc.integer({ min: 0, max: 60 }),
      freshness: fc.integer({ min: 0, max: 60 }),
      operating_model: fc.integer({ min: 0, max: 60 }),
      budget: fc.integer({ min: 0, max: 60 }),
    }),
    adjustments: fc.record({
      adjacent_level_fit: fitArb,
      cheaper_than_budget_fit: fitArb,
      unknown_price_fit: fitArb,
      over_budget_fit_loss_per_doubling: fitArb,
      freshness_importance_critical: fc.double({ min: 0, max: 3, noNaN: true }),
      facts_stale_factor: fitArb,
      strong_coverage_from: fc.integer({ min: 0, max: 5 }),
    }),
    penalties: fc.record({
      objective_coverage_below_strong_per_point: fc.integer({ min: 0, max: 20 }),
      level_gap: fc.integer({ min: 0, max: 30 }),
      over_budget_per_doubling: fc.integer({ min: 0, max: 30 }),
    }),
    match_threshold: fc.integer({ min: 0, max: 99 }),
    result_limit: fc.integer({ min: 1, max: 5 }),
  })
  .map((tuning) => ({
    ...METHODOLOGY,
    ...tuning,
    adjustments: { ...METHODOLOGY.adjustments, ...tuning.adjustments },
    penalties: { ...METHODOLOGY.penalties, ...tuning.penalties },
  }));

const COST_IN_BAND: Record<BudgetBand, number> = {
  free: 0,
  under_100: 50,
  '100_500': 300,
  '500_plus': 1500,
};

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Names as docs/api.md#searchcourses orders them: case-insensitive, numbers by value. */
function compareNames(a: string, b: string): number {
  return a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });
}

function ranking(results: RecommendationResult[]): [string, number][] {
  return results.map((r) => [r.course.slug, r.match_percent]);
}

/**
 * The oracle of the engine's ranking: every enrolling course scored, those at `threshold` or more
 * sorted by match, name and slug, the first `result_limit` of them.
 */
function scoredAll(
  answers: Answers,
  courses: readonly Course[],
  m: Methodology,
  threshold: number,
): [string, number][] {
  return courses
    .filter((c) => c.enrolling)
    .map((course) => ({ course, match: scoreCourse(answers, course, m) }))
    .filter((s) => s.match >= threshold)
    .sort(
      (x, y) =>
        y.match - x.match ||
        compareNames(x.course.name, y.course.name) ||
        compareText(x.course.slug, y.course.slug),
    )
    .slice(0, m.result_limit)
    .map((s): [string, number] => [s.course.slug, s.match]);
}

// ---------------------------------------------------------------------------------------------

describe('recommend: properties', () => {
  it('returns ranked, sorted, enrolling results at or above the threshold, at most the limit', () => {
    fc.assert(
      fc.property(answersArb, coursesArb, methodologyArb, (answers, courses, m) => {
        const results = recommend(answers, courses, m);
        expect(results.length).toBeLessThanOrEqual(m.result_limit);
        results.forEach((r, i) => {
          expect(r.rank).toBe(i + 1);
          expect(Number.isInteger(r.match_percent)).toBe(true);
          expect(r.match_percent).toBeGreaterThanOrEqual(Math.max(0, m.match_threshold));
          expect(r.match_percent).toBeLessThanOrEqual(99);
          expect(r.course.enrolling).toBe(true);
          expect(r.match_percent).toBe(scoreCourse(answers, r.course, m));
        });
        // The same as scoring every enrolling course, sorting and cutting: nothing better is left out.
        expect(ranking(results)).toEqual(scoredAll(answers, courses, m, m.match_threshold));
      }),
      // Many runs: the engine leaves out unscored the courses that cannot reach the top, and an
      // edge of that (a threshold of 0, a match clamped at 0) needs thousands of runs to meet.
      { numRuns: 5000 },
    );
  });

  it('closest: the result_limit enrolling courses that rank highest whatever their match, as scoring every course finds them', () => {
    fc.assert(
      fc.property(answersArb, coursesArb, methodologyArb, (answers, courses, m) => {
        const found = closest(answers, courses, m);
        expect(found.map((c): [string, number] => [c.course.slug, c.match_percent])).toEqual(
          scoredAll(answers, courses, m, 0),
        );
        // A recommendation is what came closest, cut at the threshold, with the same words.
        const results = recommend(answers, courses, m);
        expect(results.map(({ rank: _rank, ...match }) => match)).toEqual(
          found.filter((c) => c.match_percent >= m.match_threshold),
        );
        for (const c of found) expect(matchOf(answers, c.course, m)).toEqual(c);
      }),
      { numRuns: 2000 },
    );
  });

  it('scores every course as an integer from 0 to 99', () => {
    fc.assert(
      fc.property(answersArb, courseFactsArb, methodologyArb, (answers, facts, m) => {
        const match = scoreCourse(answers, courseFrom(facts, 'x'), m);
        expect(Number.isInteger(match)).toBe(true);
        expect(match).toBeGreaterThanOrEqual(0);
        expect(match).toBeLessThanOrEqual(99);
      }),
    );
  });

  it('is deterministic and does not depend on the order of the courses', () => {
    fc.assert(
      fc.property(answersArb, coursesArb, fc.integer(), (answers, courses, seed) => {
        const first = recommend(answers, courses, METHODOLOGY);
        expect(recommend(answers, courses, METHODOLOGY)).toEqual(first);
        const shuffled = fc.sample(fc.shuffledSubarray(courses, { minLength: courses.length }), {
          seed,
          numRuns: 1,
        })[0];
        expect(ranking(recommend(answers, shuffled, METHODOLOGY))).toEqual(ranking(first));
      }),
    );
  });

  it('never lowers a match when the course covers the objective more', () => {
    fc.assert(
      fc.property(
        answersArb,
        courseFactsArb,
        methodologyArb,
        fc.nat(),
        fc.integer({ min: 1, max: 5 }),
        (answers, facts, m, pick, raise) => {
          const course = courseFrom(facts, 'x');
          const keys = TOPIC_COVERAGE[answers.objective];
          const key = keys[pick % keys.length];
          const better: Course = {
            ...course,
            topic_coverage: {
              ...course.topic_coverage,
              [key]: Math.min(5, course.topic_coverage[key] + raise),
            },
          };
          expect(scoreCourse(answers, better, m)).toBeGreaterThanOrEqual(
            scoreCourse(answers, course, m),
          );
        },
      ),
    );
  });

  it('never lowers a match when the price moves into the chosen budget', () => {
    fc.assert(
      fc.property(answersArb, courseFactsArb, methodologyArb, (answers, facts, m) => {
        const course = courseFrom(facts, 'x');
        const cost = COST_IN_BAND[answers.budget];
        const inBudget: Course = {
          ...course,
          price: {
            ...course.price,
            display: `$${cost}`,
            first_year_cost_usd: cost,
            budget_band: answers.budget,
            known: true,
          },
        };
        expect(scoreCourse(answers, inBudget, m)).toBeGreaterThanOrEqual(
          scoreCourse(answers, course, m),
        );
      }),
    );
  });

  /**
   * The top of each budget band that has one, and what a cost above it is measured from: the top,
   * or for a free budget (a top of $0) the first paid band's top (docs/methodology.md#over-budget-by-how-much).
   */
  const TOPS: [BudgetBand, number, number][] = [
    ['free', 0, 100],
    ['under_100', 100, 100],
    ['100_500', 500, 500],
  ];
  const withCost = (course: Course, cost: number): Course => ({
    ...course,
    price: {
      ...course.price,
      display: `$${cost}`,
      amount: cost,
      currency: 'USD',
      type: 'one_time',
      first_year_cost_usd: cost,
      budget_band: budgetBand(cost, METHODOLOGY.budget_bands),
      known: true,
    },
  });
  const overTheTop = fc.constantFrom(...TOPS).chain(([budget, top, unit]) =>
    fc.record({
      budget: fc.constant(budget),
      top: fc.constant(top),
      unit: fc.constant(unit),
      // Costs above the top, from a cent over it to a hundred times the unit.
      costs: fc
        .array(fc.double({ min: 0.01, max: 100 * unit, noNaN: true }), {
          minLength: 2,
          maxLength: 6,
        })
        .map((extra) => extra.map((x) => top + x).sort((a, b) => a - b)),
    }),
  );

  it('over budget: the match never rises as the first-year cost rises above the top, nor exceeds the match in band', () => {
    fc.assert(
      fc.property(
        answersArb,
        courseFactsArb,
        methodologyArb,
        overTheTop,
        (given, facts, m, { budget, costs }) => {
          const answers: Answers = { ...given, budget };
          const course = courseFrom(facts, 'x');
          const inBand = scoreCourse(answers, withCost(course, COST_IN_BAND[budget]), m);
          const matches = costs.map((cost) => scoreCourse(answers, withCost(course, cost), m));
          for (const [i, match] of matches.entries()) {
            expect(match).toBeLessThanOrEqual(inBand);
            if (i > 0) expect(match).toBeLessThanOrEqual(matches[i - 1]);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('over budget by how much: at five times the top a course matches less than at 1.2 times, wherever that is above 0', () => {
    fc.assert(
      fc.property(
        answersArb,
        courseFactsArb,
        fc.constantFrom(...TOPS),
        (given, facts, [budget, top, unit]) => {
          const answers: Answers = { ...given, budget };
          const course = courseFrom(facts, 'x');
          // A free budget's top is $0: its multiples are counted from the first paid band's top.
          const at = (times: number) => top + (top > 0 ? top * (times - 1) : unit * times);
          const near = scoreCourse(answers, withCost(course, at(1.2)), METHODOLOGY);
          const far = scoreCourse(answers, withCost(course, at(5)), METHODOLOGY);
          if (near > 0) expect(far).toBeLessThan(near);
          else expect(far).toBe(0);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('gives no weight to the learning style when there is no preference', () => {
    fc.assert(
      fc.property(answersArb, courseFactsArb, methodologyArb, fc.nat(60), (a, facts, m, weight) => {
        const answers: Answers = { ...a, learning_style: 'no_preference' };
        const course = courseFrom(facts, 'x');
        const reweighted = { ...m, weights: { ...m.weights, learning_style: weight } };
        expect(scoreCourse(answers, course, reweighted)).toBe(scoreCourse(answers, course, m));
      }),
    );
  });

  it('breaks ties by name, then slug, and caps a perfect fit at 99', () => {
    const answers: Answers = {
      experience: 'beginner',
      objective: 'local',
      learning_style: 'self_paced',
      freshness: 'important',
      budget: 'free',
      operating_model: 'local',
    };
    const perfect = {
      levels: ['beginner' as const],
      topic_coverage: { local_seo: 5 },
      formats: ['Self-paced' as const],
      updates: 'Continuous' as const,
      operating_models: ['local' as const],
      price: { display: 'Free', amount: 0, first_year_cost_usd: 0 },
    };
    const courses = [
      makeCourse('a-zed', { ...perfect, name: 'Zed' }),
      makeCourse('c-mid', { ...perfect, name: 'Mid' }),
      makeCourse('b-mid', { ...perfect, name: 'Mid' }),
      // As the course list orders names: "agency" before "Mid", whatever the capitals.
      makeCourse('d-agency', { ...perfect, name: 'agency' }),
    ];
    const results = recommend(answers, courses, METHODOLOGY);
    expect(results.map((r) => [r.rank, r.course.slug, r.match_percent])).toEqual([
      [1, 'd-agency', 99],
      [2, 'b-mid', 99],
      [3, 'c-mid', 99],
    ]);
  });

  it('ranks the same whatever the formats and community when there is no learning preference', () => {
    const styleFacts = fc.record({
      formats: fc.subarray([...FORMATS]),
      community: fc.constantFrom(...COMMUNITY),
    });
    fc.assert(
      fc.property(
        answersArb,
        coursesArb,
        fc.array(styleFacts, { minLength: 25, maxLength: 25 }),
        (answers, courses, styles) => {
          const noPreference: Answers = { ...answers, learning_style: 'no_preference' };
          const restyled = courses.map((c, i) => ({ ...c, ...styles[i] }));
          const before = recommend(noPreference, courses, METHODOLOGY);
          const after = recommend(noPreference, restyled, METHODOLOGY);
          expect(ranking(after)).toEqual(ranking(before));
          expect(after.map((r) => [r.match_reasons, r.warnings])).toEqual(
            before.map((r) => [r.match_reasons, r.warnings]),
          );
        },
      ),
    );
  });
});

// ---------------------------------------------------------------------------------------------

describe('recommend: reasons read as a person writes them', () => {
  it('never writes a label where a phrase belongs ("Price Free", "your Under $100 budget")', () => {
    const labels = Object.values(BUDGET_BAND_LABELS).join('|').replace(/\$/g, '\\$');
    const stilted = new RegExp(
      `^(Price|Costs) Free|your (${labels}) budget|^Price [^,]+ (fits|is below)`,
    );
    fc.assert(
      fc.property(answersArb, coursesArb, (answers, courses) => {
        const m = { ...METHODOLOGY, match_threshold: 0 };
        for (const { match_reasons, warnings } of recommend(answers, courses, m)) {
          for (const line of [...match_reasons, ...warnings]) expect(line).not.toMatch(stilted);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('recommend: reasons and warnings', () => {
  const everything: Methodology = { ...METHODOLOGY, match_threshold: 0 };
  const answers: Answers = {
    experience: 'intermediate',
    objective: 'links',
    learning_style: 'live_community',
    freshness: 'critical',
    budget: 'under_100',
    operating_model: 'affiliate',
  };
  const ideal = makeCourse('ideal', {
    levels: ['intermediate'],
    topic_coverage: { link_building: 5 },
    formats: ['Live / community', 'Self-paced'],
    community: 'Yes (active)',
    updates: 'Continuous',
    price: { display: '$79 one-time', amount: 79, first_year_cost_usd: 79 },
    operating_models: ['affiliate'],
  });

  function explainFor(
    course: Course,
    given: Partial<Answers> = {},
  ): { reasons: string[]; warnings: string[] } {
    const [result] = recommend({ ...answers, ...given }, [course], everything);
    return { reasons: result.match_reasons, warnings: result.warnings };
  }

  function variant(overrides: Parameters<typeof makeCourse>[1]): Course {
    return makeCourse('variant', {
      ...ideal,
      ...overrides,
      price: { ...ideal.price, ...overrides?.price },
      topic_coverage: { ...ideal.topic_coverage, ...overrides?.topic_coverage },
      verification: { ...ideal.verification, ...overrides?.verification },
    });
  }

  it('reads general_seo coverage alone for the General SEO objective, never technical_seo', () => {
    const technical = variant({ topic_coverage: { general_seo: 0, technical_seo: 5 } });
    expect(explainFor(technical, { objective: 'general_seo' }).warnings).toContain(
      'Does not cover General SEO (0/5)',
    );
    const general = variant({ topic_coverage: { general_seo: 4, technical_seo: 0 } });
    expect(explainFor(general, { objective: 'general_seo' }).reasons).toContain(
      'Covers General SEO: major focus (4/5)',
    );
  });

  it('gives the ideal course one reason per answer and no warnings', () => {
    expect(explainFor(ideal)).toEqual({
      reasons: [
        'Covers Link building: core specialty (5/5)',
        'Teaches at intermediate level',
        'Offers live / community training with an active community',
        'Updated continuously',
        'Costs $79 one-time, within your budget (under $100)',
        'Aimed at Affiliate work',
      ],
      warnings: [],
    });
  });

  type Case = {
    name: string;
    course: Course;
    given?: Partial<Answers>;
    reason?: string;
    warning?: string;
    /** A line the ideal course shows that must be gone once the fact changes. */
    gone?: string;
  };
  const cases: Case[] = [
    {
      name: 'substantial coverage',
      course: variant({ topic_coverage: { link_building: 3 } }),
      reason: 'Covers Link building: substantial (3/5)',
      gone: 'Covers Link building: core specialty (5/5)',
    },
    {
      name: 'light coverage',
      course: variant({ topic_coverage: { link_building: 2 } }),
      warning: 'Covers Link building only lightly: one module (2/5)',
      gone: 'Covers Link building: core specialty (5/5)',
    },
    {
      name: 'no coverage',
      course: variant({ topic_coverage: { link_building: 0 } }),
      warning: 'Does not cover Link building (0/5)',
      gone: 'Covers Link building: core specialty (5/5)',
    },
    {
      name: 'coverage is the best member of the objective',
      course: variant({ topic_coverage: { ai_seo: 1, geo: 4 } }),
      given: { objective: 'ai_geo' },
      reason: 'Covers AI SEO / GEO: major focus (4/5)',
    },
    {
      name: 'adjacent level',
      course: variant({ levels: ['advanced'] }),
      warning: 'Teaches at advanced level, one step from your intermediate level',
      gone: 'Teaches at intermediate level',
    },
    {
      name: 'level gap',
      course: variant({ levels: ['advanced'] }),
      given: { experience: 'beginner' },
      warning: 'Level gap: teaches only at advanced level, not near your beginner level',
    },
    {
      name: 'level not stated',
      course: variant({ levels: [] }),
      warning: 'Teaching level not stated',
      gone: 'Teaches at intermediate level',
    },
    {
      name: 'live training without an active community',
      course: variant({ community: 'No' }),
      reason: 'Offers live / community training',
      gone: 'Offers live / community training with an active community',
    },
    {
      name: 'community without live training',
      course: variant({ formats: ['Self-paced'], community: 'Yes (forum)' }),
      reason: 'Has a community forum, though no live training',
      gone: 'Offers live / community training with an active community',
    },
    {
      name: 'learning style not offered',
      course: variant({ formats: ['Live / community'] }),
      given: { learning_style: 'self_paced' },
      warning: 'Does not offer self-paced learning',
    },
    {
      name: 'learning style offered',
      course: variant({ formats: ['Templates & SOPs'] }),
      given: { learning_style: 'templates_sops' },
      reason: 'Offers templates & SOPs',
    },
    {
      name: 'updated per cohort',
      course: variant({ updates: 'Per cohort' }),
      reason: 'Updated for each cohort',
      gone: 'Updated continuously',
    },
    {
      name: 'infrequent updates when freshness is critical',
      course: variant({ updates: 'Yearly' }),
      warning: 'Updated once a year, while you rated up-to-date training critical',
      gone: 'Updated continuously',
    },
    {
      name: 'static when freshness is important',
      course: variant({ updates: 'Static' }),
      given: { freshness: 'important' },
      warning: 'Not updated after release, while you rated up-to-date training important',
    },
    {
      name: 'cheaper than the budget',
      course: variant({ price: { display: 'Free', amount: 0, first_year_cost_usd: 0 } }),
      reason: 'Free, less than your budget (under $100)',
      gone: 'Costs $79 one-time, within your budget (under $100)',
    },
    {
      name: 'price without a display text',
      course: variant({ price: { display: null } }),
      reason: 'Costs about $79 in the first year, within your budget (under $100)',
    },
    {
      name: 'over budget, three times the top',
      course: variant({ price: { display: '$300 one-time', first_year_cost_usd: 300 } }),
      warning: 'Costs $300, three times the $100 top of your budget',
      gone: 'Costs $79 one-time, within your budget (under $100)',
    },
    {
      name: 'over budget with a recurring price in another currency, a little over the top',
      course: variant({
        price: {
          display: '€9/month',
          amount: 9,
          currency: 'EUR',
          type: 'monthly',
          first_year_cost_usd: 117,
        },
      }),
      warning: 'Costs about $117 in the first year, 17 % over the $100 top of your budget',
      gone: 'Costs $79 one-time, within your budget (under $100)',
    },
    {
      name: 'a yearly price that fits, with its estimate',
      course: variant({
        price: {
          display: '£60/year',
          amount: 60,
          currency: 'GBP',
          type: 'annual',
          first_year_cost_usd: 76,
        },
      }),
      reason: 'Costs £60/year (about $76 in the first year), within your budget (under $100)',
    },
    {
      name: 'at the top of a budget whose top is exclusive',
      course: variant({ price: { display: '$100 one-time', first_year_cost_usd: 100 } }),
      warning: 'Costs $100, at the $100 top of your budget',
    },
    {
      name: 'far over budget',
      course: variant({ price: { display: '$1,200 one-time', first_year_cost_usd: 1200 } }),
      warning: 'Costs $1,200, 12 times the $100 top of your budget',
    },
    {
      name: 'a monthly price almost five times the top',
      course: variant({
        price: { display: '$199/month', amount: 199, type: 'monthly', first_year_cost_usd: 2388 },
      }),
      given: { budget: '100_500' },
      warning:
        'Costs about $2,388 in the first year, almost five times the $500 top of your budget',
    },
    {
      name: 'over a free budget',
      course: variant({ price: { display: '$1,200 one-time', first_year_cost_usd: 1200 } }),
      given: { budget: 'free' },
      warning: 'Costs $1,200, over your budget (free only)',
    },
    {
      name: 'price not published',
      course: variant({
        price: { display: null, amount: null, first_year_cost_usd: null, known: false },
      }),
      warning: 'Price not published',
      gone: 'Costs $79 one-time, within your budget (under $100)',
    },
    {
      name: 'published price without a first-year cost',
      course: variant({
        price: { display: 'Custom quote', type: 'custom', first_year_cost_usd: null },
      }),
      warning: 'Custom quote: no first-year cost in USD is known',
    },
    {
      name: 'operating model not served',
      course: variant({ operating_models: ['brand_client'] }),
      warning: 'Not aimed at Affiliate work',
      gone: 'Aimed at Affiliate work',
    },
    {
      name: 'unverified facts',
      course: variant({ verification: { status: 'unverified', last_verified_on: null } }),
      warning: 'Facts not yet verified',
    },
    {
      name: 'stale facts',
      course: variant({ verification: { status: 'stale', last_verified_on: '2025-06-01' } }),
      warning: 'Facts last verified on 2025-06-01, now stale',
    },
    {
      name: 'seriously stale facts',
      course: variant({
        verification: { status: 'seriously_stale', last_verified_on: '2024-01-01' },
      }),
      warning: 'Facts last verified on 2024-01-01, seriously out of date',
    },
    {
      name: 'placeholder data',
      course: variant({ placeholder_data: true }),
      warning: 'Placeholder data: illustrative facts, not a verified course',
    },
  ];

  it.each(cases)('$name', ({ course, given, reason, warning, gone }) => {
    const base = explainFor(ideal, given);
    const { reasons, warnings } = explainFor(course, given);
    if (reason !== undefined) {
      expect(reasons).toContain(reason);
      expect(base.reasons).not.toContain(reason);
    }
    if (warning !== undefined) {
      expect(warnings).toContain(warning);
      expect(base.warnings).not.toContain(warning);
    }
    if (gone !== undefined) {
      expect(base.reasons).toContain(gone);
      expect([...reasons, ...warnings]).not.toContain(gone);
    }
  });

  it('says nothing about updates when freshness is only nice to have', () => {
    const course = variant({ updates: 'Yearly' });
    const { reasons, warnings } = explainFor(course, { freshness: 'low' });
    expect([...reasons, ...warnings].filter((line) => /update/i.test(line))).toEqual([]);
  });

  it('says nothing about learning style when there is no preference', () => {
    for (const formats of [[], ['Self-paced'], ['Live / community']] as Course['formats'][]) {
      const { reasons, warnings } = explainFor(variant({ formats }), {
        learning_style: 'no_preference',
      });
      expect([...reasons, ...warnings].filter((line) => /offer|community/i.test(line))).toEqual([]);
    }
  });

  it('does not repeat "unverified" for placeholder data, and is silent while only due a review', () => {
    const placeholder = explainFor(
      variant({
        placeholder_data: true,
        verification: { status: 'unverified', last_verified_on: null },
      }),
    );
    expect(placeholder.warnings).toEqual([
      'Placeholder data: illustrative facts, not a verified course',
    ]);
    const due = explainFor(
      variant({ verification: { status: 'review_due', last_verified_on: '2026-06-01' } }),
    );
    expect(due.warnings).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('recommend: every number comes from the methodology', () => {
  const scenarios = fc.sample(fc.tuple(answersArb, courseFactsArb), { seed: 42, numRuns: 400 });

  function changesSomeScore(change: (m: Methodology) => void): boolean {
    const changed = structuredClone(METHODOLOGY);
    change(changed);
    return scenarios.some(([answers, facts]) => {
      const course = courseFrom(facts, 'x');
      return scoreCourse(answers, course, changed) !== scoreCourse(answers, course, METHODOLOGY);
    });
  }

  it.each(Object.keys(METHODOLOGY.weights))('weight %s changes scores', (key) => {
    expect(
      changesSomeScore((m) => {
        m.weights[key as keyof Methodology['weights']] += 20;
      }),
    ).toBe(true);
  });

  const scored = (keys: object) =>
    Object.keys(keys).filter((key) => key !== 'frequent_updates_from_fit');

  it.each(scored(METHODOLOGY.adjustments))('adjustment %s changes scores', (key) => {
    const k = key as keyof Methodology['adjustments'];
    expect(
      changesSomeScore((m) => {
        m.adjustments[k] = k === 'strong_coverage_from' ? 5 : m.adjustments[k] / 2 + 0.05;
      }),
    ).toBe(true);
  });

  it.each(Object.keys(METHODOLOGY.penalties))('penalty %s changes scores', (key) => {
    expect(
      changesSomeScore((m) => {
        m.penalties[key as keyof Methodology['penalties']] += 7;
      }),
    ).toBe(true);
  });

  it.each(Object.keys(METHODOLOGY.freshness_fit))('freshness fit %s changes scores', (key) => {
    const k = key as keyof Methodology['freshness_fit'];
    expect(
      changesSomeScore((m) => {
        m.freshness_fit[k] = m.freshness_fit[k] > 0.5 ? 0 : 1;
      }),
    ).toBe(true);
  });

  it('reads the frequent-updates line, threshold and limit from the methodology', () => {
    const answers: Answers = {
      experience: 'beginner',
      objective: 'local',
      learning_style: 'self_paced',
      freshness: 'critical',
      budget: 'free',
      operating_model: 'local',
    };
    const courses = ['a', 'b', 'c', 'd'].map((slug) =>
      makeCourse(slug, {
        levels: ['beginner'],
        topic_coverage: { local_seo: 5 },
        operating_models: ['local'],
        updates: 'Quarterly',
        price: { display: 'Free', amount: 0, first_year_cost_usd: 0 },
      }),
    );
    const top = recommend(answers, courses, METHODOLOGY);
    expect(top[0].match_reasons).toContain('Updated quarterly');
    const strict = { ...METHODOLOGY, adjustments: { ...METHODOLOGY.adjustments } };
    strict.adjustments.frequent_updates_from_fit = 0.8;
    expect(recommend(answers, courses, strict)[0].warnings).toContain(
      'Updated quarterly, while you rated up-to-date training critical',
    );
    expect(recommend(answers, courses, { ...METHODOLOGY, result_limit: 2 })).toHaveLength(2);
    expect(recommend(answers, courses, { ...METHODOLOGY, match_threshold: 99 })).toHaveLength(0);
  });

  it('refuses a methodology file that lacks a key the engine reads', () => {
    const file = { ...METHODOLOGY, scoring_weights_updated_on: null } as Record<string, unknown>;
    delete file.methodology_url;
    expect(methodologyFileSchema.safeParse(file).success).toBe(true);
    const { level_gap: _gone, ...penalties } = METHODOLOGY.penalties;
    expect(methodologyFileSchema.safeParse({ ...file, penalties }).success).toBe(false);
    const { static: _static, ...freshness_fit } = METHODOLOGY.freshness_fit;
    expect(methodologyFileSchema.safeParse({ ...file, freshness_fit }).success).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------

describe('recommend: matches worked by hand from docs/methodology.md#the-formula', () => {
  // The shipped numbers: weights objective 40, experience 15, learning style 10, freshness
  // 10 × importance, operating model 15, budget 10; penalties 6 a coverage point below 3, 15 for a
  // level gap, 10 for each doubling of the first-year cost over the budget's top, which also takes
  // 0.5 of the budget fit a doubling; threshold 55, at most 3 results.
  // The README's answers: a beginner in AI visibility, self-paced, under $100, for a brand.
  const beginnerGeo = SAMPLE_ANSWERS;
  const free = { display: 'Free', amount: 0, type: 'free' as const, first_year_cost_usd: 0 };
  const unverified = { status: 'unverified' as const, last_verified_on: null };
  const geoStarter = makeCourse('geo-starter', {
    levels: ['beginner'],
    topic_coverage: { ai_seo: 3, geo: 4 },
    formats: ['Self-paced'],
    updates: 'Monthly',
    operating_models: ['brand_client'],
    price: free,
    verification: unverified,
  });
  const match = (answers: Answers, course: Course) => scoreCourse(answers, course, METHODOLOGY);

  it('a close fit with compromises: 88', () => {
    // objective: the best of AI SEO 3 and GEO 4 is 4, 40 × 4/5 = 32; experience: beginner taught,
    // 15 × 1 = 15; learning style: self-paced offered, 10 × 1 = 10; freshness: important (× 1),
    // monthly 0.9 × unverified 0.8, 10 × 0.72 = 7.2; operating model listed, 15; budget: free is
    // cheaper than under $100, 10 × 0.9 = 9. Σ = 88.2 of Σ weight 100; no penalty.
    expect(match(beginnerGeo, geoStarter)).toBe(88);
  });

  it('light coverage, a level away, three times the budget, critical freshness, no style preference: 31', () => {
    const answers: Answers = {
      experience: 'intermediate',
      objective: 'links',
      learning_style: 'no_preference',
      freshness: 'critical',
      budget: 'under_100',
      operating_model: 'affiliate',
    };
    const course = makeCourse('outreach', {
      levels: ['advanced'],
      topic_coverage: { link_building: 2 },
      updates: 'Quarterly',
      operating_models: ['affiliate'],
      price: { display: '$300 one-time', amount: 300, first_year_cost_usd: 300 },
    });
    // objective 40 × 2/5 = 16; experience: advanced is one step away, 15 × 0.4 = 6; learning
    // style: no preference, weight 0; freshness: critical, weight 10 × 1.5 = 15, quarterly 0.75 ×
    // fresh facts 1 = 11.25; operating model 15; budget: $300 is three times the $100 top of under
    // $100, log2 3 = 1.585 doublings, 10 × (1 − 0.5 × 1.585) = 2.075. Σ = 50.325 of Σ weight
    // 40 + 15 + 0 + 15 + 15 + 10 = 95, 52.97…; penalties: coverage 1 below 3, 6; 10 × 1.585 =
    // 15.85 over budget. 52.97 − 21.85 = 31.12….
    expect(match(answers, course)).toBe(31);
  });

  it('a level gap, no published price, a static course, a forum for live learning: 36', () => {
    const answers: Answers = {
      experience: 'beginner',
      objective: 'local',
      learning_style: 'live_community',
      freshness: 'low',
      budget: '100_500',
      operating_model: 'local',
    };
    const course = makeCourse('local-pro', {
      levels: ['advanced'],
      topic_coverage: { local_seo: 5 },
      formats: ['Self-paced'],
      community: 'Yes (forum)',
      updates: 'Static',
      operating_models: ['brand_client'],
      price: { display: null, amount: null, first_year_cost_usd: null, known: false },
    });
    // objective 40 × 5/5 = 40; experience: advanced is two steps from beginner, 0; learning style:
    // no live training, a forum, 10 × 0.5 = 5; freshness: nice to have, weight 10 × 0.5 = 5,
    // static 0; operating model not listed, 0; budget: price not published, 10 × 0.4 = 4.
    // Σ = 49 of Σ weight 40 + 15 + 10 + 5 + 15 + 10 = 95, 51.57…; the level gap costs 15: 36.57….
    expect(match(answers, course)).toBe(36);
  });

  describe('over budget by how much', () => {
    // An intermediate learner of link building by hands-on work, freshness important, a budget of
    // $100 to $500 (top $500), affiliate work; an advanced course covering links 4/5, hands-on,
    // weekly updates, unverified facts, aimed at affiliates. Without the budget: objective
    // 40 × 4/5 = 32, experience one level away 15 × 0.4 = 6, style 10, freshness 10 × (weekly 1 ×
    // unverified 0.8) = 8, operating model 15: 71 of Σ weight 100, no other penalty.
    const answers = OVER_BUDGET_ANSWERS;
    const circle = (cost: number) =>
      makeCourse('circle', {
        levels: ['advanced'],
        topic_coverage: { link_building: 4 },
        formats: ['Hands-on implementation'],
        updates: 'Weekly',
        operating_models: ['affiliate'],
        price: { display: `$${cost}`, amount: cost, first_year_cost_usd: cost },
        verification: unverified,
      });

    it('in band: 81', () => {
      // budget 10 × 1: 81.
      expect(match(answers, circle(300))).toBe(81);
    });

    it('just over the top, $600 (1.2 times): 77', () => {
      // log2 1.2 = 0.263 doublings: budget 10 × (1 − 0.5 × 0.263) = 8.68, penalty 10 × 0.263 =
      // 2.63: 79.68 − 2.63 = 77.05.
      expect(match(answers, circle(600))).toBe(77);
    });

    it('about $2,388 in the first year ($199 a month, almost five times the top): 48', () => {
      // log2 (2388 / 500) = 2.256 doublings: budget fit 1 − 1.128 is below 0, so 0; penalty 22.56:
      // 71 − 22.56 = 48.44. (Counted in bands it was one band over: 75 − 10 = 65.)
      expect(match(answers, circle(2388))).toBe(48);
    });

    it('$9,600, more than 19 times the top: 28', () => {
      // log2 19.2 = 4.263 doublings: budget 0, penalty 42.63: 71 − 42.63 = 28.37.
      expect(match(answers, circle(9600))).toBe(28);
    });

    it('nothing is over a $500+ budget', () => {
      // In band whatever the cost: 81.
      expect(match({ ...answers, budget: '500_plus' }, circle(9600))).toBe(81);
    });

    it('a free budget counts from the first paid band’s top: $50 is 0.585 doublings, $100 one', () => {
      const free: Answers = { ...answers, budget: 'free' };
      // log2 (1 + 50 / 100) = 0.585: budget 10 × (1 − 0.2925) = 7.075, penalty 5.85: 78.075 −
      // 5.85 = 72.2; a free course would be 81.
      expect(match(free, circle(50))).toBe(72);
      // log2 (1 + 100 / 100) = 1: budget 5, penalty 10: 76 − 10 = 66.
      expect(match(free, circle(100))).toBe(66);
    });
  });

  it('ranks the matches of 55 and more, best first, and leaves out the rest', () => {
    const courses = [
      // Twice yearly (0.5) with fresh facts: freshness 10 × 0.5 = 5 instead of 7.2, so 86.
      makeCourse('geo-twice', {
        levels: ['beginner'],
        topic_coverage: { ai_seo: 3, geo: 4 },
        formats: ['Self-paced'],
        updates: 'Twice yearly',
        price: free,
      }),
      // Not about AI search at all: objective 0, the rest whole (15 + 10 + 10 + 15 + 10 = 60 with
      // continuous updates, fresh facts and a $50 price in the band), 3 points below 3: 60 − 18 = 42.
      makeCourse('seo-only', {
        levels: ['beginner'],
        formats: ['Self-paced'],
        updates: 'Continuous',
        topic_coverage: { general_seo: 5 },
      }),
      geoStarter,
      // AI SEO 2 only: 40 × 2/5 = 16, the rest whole as above: 76; one point below 3: 70.
      makeCourse('geo-light', {
        levels: ['beginner', 'intermediate'],
        formats: ['Self-paced'],
        updates: 'Continuous',
        topic_coverage: { ai_seo: 2 },
      }),
    ];
    const results = recommend(beginnerGeo, courses, METHODOLOGY);
    expect(results.map((r) => [r.rank, r.course.slug, r.match_percent])).toEqual([
      [1, 'geo-starter', 88],
      [2, 'geo-twice', 86],
      [3, 'geo-light', 70],
    ]);
    // Alone, the course of 42 is no strong match.
    expect(recommend(beginnerGeo, [courses[1]], METHODOLOGY)).toEqual([]);
  });
});

describe('recommend: personas on a fixture dataset', () => {
  const free = { display: 'Free', amount: 0, type: 'free' as const, first_year_cost_usd: 0 };
  const usd = (cost: number) => ({ display: `$${cost}`, amount: cost, first_year_cost_usd: cost });
  const fixture: Course[] = [
    makeCourse('geo-starter', {
      levels: ['beginner'],
      topic_coverage: { ai_seo: 5, geo: 4 },
      formats: ['Self-paced'],
      community: 'Yes (forum)',
      updates: 'Monthly',
      operating_models: ['brand_client', 'saas_ecommerce'],
      price: free,
    }),
    makeCourse('geo-lab', {
      levels: ['advanced'],
      topic_coverage: { ai_seo: 5, geo: 5, technical_seo: 3 },
      formats: ['Live / community', 'Hands-on implementation'],
      community: 'Yes (active)',
      updates: 'Continuous',
      operating_models: ['brand_client', 'aggressive'],
      price: usd(1200),
    }),
    makeCourse('seo-basics', {
      levels: ['beginner', 'intermediate'],
      topic_coverage: { general_seo: 5, technical_seo: 3, local_seo: 2 },
      formats: ['Self-paced'],
      updates: 'Yearly',
      operating_models: ['brand_client', 'local', 'lead_gen'],
      price: usd(49),
    }),
    makeCourse('tech-audit-pro', {
      levels: ['advanced'],
      topic_coverage: { general_seo: 4, technical_seo: 5 },
      formats: ['Hands-on implementation'],
      updates: 'Quarterly',
      operating_models: ['saas_ecommerce', 'brand_client'],
      price: usd(399),
    }),
    makeCourse('niche-affiliate', {
      levels: ['beginner', 'intermediate'],
      topic_coverage: { affiliate_seo: 5, content_seo: 4 },
      formats: ['Templates & SOPs', 'Self-paced'],
      updates: 'Static',
      operating_models: ['affiliate', 'aggressive'],
      price: usd(97),
    }),
    makeCourse('affiliate-mastermind', {
      levels: ['advanced'],
      topic_coverage: { affiliate_seo: 5, link_building: 4 },
      formats: ['Live / community'],
      community: 'Yes (active)',
      updates: 'Weekly',
      operating_models: ['affiliate', 'aggressive'],
      price: usd(2000),
    }),
    makeCourse('local-maps', {
      levels: ['beginner', 'intermediate'],
      topic_coverage: { local_seo: 5, general_seo: 2 },
      formats: ['Templates & SOPs'],
      updates: 'Monthly',
      operating_models: ['local', 'lead_gen'],
      price: free,
    }),
    makeCourse('outreach-101', {
      levels: ['beginner', 'intermediate'],
      topic_coverage: { link_building: 5, content_seo: 2 },
      formats: ['Self-paced'],
      updates: 'Quarterly',
      operating_models: ['brand_client', 'saas_ecommerce'],
      price: usd(150),
    }),
    makeCourse('content-engine', {
      levels: ['intermediate', 'advanced'],
      topic_coverage: { content_seo: 5, programmatic_seo: 4 },
      formats: ['Hands-on implementation', 'Templates & SOPs'],
      updates: 'Monthly',
      operating_models: ['saas_ecommerce', 'affiliate'],
      price: usd(450),
    }),
    makeCourse('agency-scale', {
      levels: ['intermediate', 'advanced'],
      topic_coverage: { agency: 5, local_seo: 3 },
      formats: ['Live / community'],
      community: 'Yes (active)',
      updates: 'Continuous',
      operating_models: ['brand_client', 'local', 'lead_gen'],
      price: usd(900),
    }),
    makeCourse('agency-kit', {
      levels: ['beginner', 'intermediate'],
      topic_coverage: { agency: 4 },
      formats: ['Templates & SOPs'],
      updates: 'Static',
      operating_models: ['brand_client'],
      price: usd(79),
    }),
    // Would top several personas, but is not enrolling.
    makeCourse('closed-everything-course', {
      status: 'inactive',
      levels: ['beginner', 'intermediate', 'advanced'],
      topic_coverage: Object.fromEntries(COVERAGE_KEYS.map((key) => [key, 5])),
      formats: [...FORMATS],
      community: 'Yes (active)',
      updates: 'Continuous',
      operating_models: [...OPERATING_MODELS],
      price: free,
    }),
  ];

  const personas: [string, Answers, string | null][] = [
    [
      'a beginner on a zero budget learning AI search for a brand',
      {
        experience: 'beginner',
        objective: 'ai_geo',
        learning_style: 'self_paced',
        freshness: 'important',
        budget: 'free',
        operating_model: 'brand_client',
      },
      'geo-starter',
    ],
    [
      'an experimental operator who wants live, current GEO training and can pay for it',
      {
        experience: 'advanced',
        objective: 'ai_geo',
        learning_style: 'live_community',
        freshness: 'critical',
        budget: '500_plus',
        operating_model: 'aggressive',
      },
      'geo-lab',
    ],
    [
      'an intermediate local marketer wanting general SEO cheaply',
      {
        experience: 'intermediate',
        objective: 'general_seo',
        learning_style: 'self_paced',
        freshness: 'low',
        budget: 'under_100',
        operating_model: 'local',
      },
      'seo-basics',
    ],
    [
      'an advanced SaaS SEO wanting hands-on technical work',
      {
        experience: 'advanced',
        objective: 'general_seo',
        learning_style: 'hands_on',
        freshness: 'important',
        budget: '100_500',
        operating_model: 'saas_ecommerce',
      },
      'tech-audit-pro',
    ],
    [
      'a beginner affiliate who likes templates',
      {
        experience: 'beginner',
        objective: 'affiliate',
        learning_style: 'templates_sops',
        freshness: 'low',
        budget: 'under_100',
        operating_model: 'affiliate',
      },
      'niche-affiliate',
    ],
    [
      'an advanced affiliate wanting a live, current mastermind with a big budget',
      {
        experience: 'advanced',
        objective: 'affiliate',
        learning_style: 'live_community',
        freshness: 'critical',
        budget: '500_plus',
        operating_model: 'affiliate',
      },
      'affiliate-mastermind',
    ],
    [
      'a beginner in lead generation learning local SEO for free',
      {
        experience: 'beginner',
        objective: 'local',
        learning_style: 'templates_sops',
        freshness: 'important',
        budget: 'free',
        operating_model: 'lead_gen',
      },
      'local-maps',
    ],
    [
      'an intermediate brand SEO learning link building at mid budget',
      {
        experience: 'intermediate',
        objective: 'links',
        learning_style: 'self_paced',
        freshness: 'low',
        budget: '100_500',
        operating_model: 'brand_client',
      },
      'outreach-101',
    ],
    [
      'an advanced ecommerce SEO scaling content with hands-on help',
      {
        experience: 'advanced',
        objective: 'content_programmatic',
        learning_style: 'hands_on',
        freshness: 'important',
        budget: '100_500',
        operating_model: 'saas_ecommerce',
      },
      'content-engine',
    ],
    [
      'an agency owner wanting live, current coaching',
      {
        experience: 'intermediate',
        objective: 'agency',
        learning_style: 'live_community',
        freshness: 'critical',
        budget: '500_plus',
        operating_model: 'brand_client',
      },
      'agency-scale',
    ],
    [
      'a beginner freelancer wanting agency templates under $100',
      {
        experience: 'beginner',
        objective: 'agency',
        learning_style: 'templates_sops',
        freshness: 'low',
        budget: 'under_100',
        operating_model: 'brand_client',
      },
      'agency-kit',
    ],
    [
      'a beginner wanting hands-on, current link building for free: nothing fits well',
      {
        experience: 'beginner',
        objective: 'links',
        learning_style: 'hands_on',
        freshness: 'critical',
        budget: 'free',
        operating_model: 'aggressive',
      },
      null,
    ],
  ];

  it.each(personas)('%s', (_who, answers, expected) => {
    const results = recommend(answers, fixture, METHODOLOGY);
    if (expected === null) {
      expect(results).toEqual([]);
      return;
    }
    expect(results[0]?.course.slug).toBe(expected);
    expect(results.map((r) => r.course.slug)).not.toContain('closed-everything-course');
  });

  it('spans every objective and every budget', () => {
    const withPick = personas.filter(([, , expected]) => expected !== null);
    expect(new Set(withPick.map(([, a]) => a.objective))).toEqual(new Set(TOPICS));
    expect(new Set(withPick.map(([, a]) => a.budget))).toEqual(new Set(BUDGET_BANDS));
  });
});

// ---------------------------------------------------------------------------------------------

const shippedData = join(__dirname, '..', '..', 'data', 'courses.json');

(existsSync(shippedData) ? describe : describe.skip)('on the shipped dataset', () => {
  const courses = loadShippedCourses();

  it('leaves a minority without a strong match and spreads the top match percents', () => {
    const d = distribution(courses, METHODOLOGY);
    expect(d.combinations).toBe(3 * 7 * 5 * 3 * 4 * 6);
    expect(d.top_match.reduce((sum, b) => sum + b.count, 0)).toBe(d.combinations);
    expect(d.no_strong_match).toBeGreaterThan(0);
    expect(d.no_strong_match).toBeLessThan(d.combinations * 0.2);
    const buckets = d.top_match.filter((b) => b.bucket !== 'none');
    // Spread: no single bucket holds half the answers, and at least three hold a tenth each.
    expect(Math.max(...buckets.map((b) => b.count))).toBeLessThan(d.combinations / 2);
    expect(buckets.filter((b) => b.count >= d.combinations / 10).length).toBeGreaterThanOrEqual(3);
  });
});
