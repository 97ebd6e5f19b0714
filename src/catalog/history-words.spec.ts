import { Logger, type LoggerService } from '@nestjs/common';
import fc from 'fast-check';
import { arbitraryOf } from '../../test/support/arbitrary-of';
import { loadMethodology, makeCourse } from '../../test/support/courses';
import { z } from 'zod';
import { courseRecordSchema } from './course.schema';
import { dateInWords } from './check-words';
import { changeInWords, entryInWords, priceInWords } from './history-words';
import { methodologySchema } from './methodology.schema';

/** The history in words (docs/api.md#change), sentence by sentence. */

const price = (over: object) => ({
  display: '$199',
  amount: 199,
  currency: 'USD',
  type: 'one_time',
  first_year_cost_usd: 199,
  known: true,
  ...over,
});

/** A course's whole topic coverage, none but the topics given; the shipped methodology's parts. */
const coverage = (over: object) => makeCourse('x', { topic_coverage: over }).topic_coverage;
const weights = (over: object) => ({ ...loadMethodology().weights, ...over });

it.each([
  [price({}), '$199'],
  [price({ amount: 249, type: 'monthly' }), '$249 a month'],
  [price({ amount: 1450, currency: 'GBP', type: 'annual' }), '£1,450 a year'],
  [price({ amount: 0, type: 'free' }), 'free'],
  [price({ known: false, amount: null }), 'not published'],
  [price({ type: 'custom', amount: null, display: 'Pricing on request' }), 'Pricing on request'],
])('a price reads as a person says it: %j', (value, words) => {
  expect(priceInWords(value as never)).toBe(words);
});

it.each([
  [
    { field: 'price', before: price({}), after: price({ amount: 249, type: 'monthly' }) },
    'Price changed from $199 to $249 a month',
  ],
  [
    { field: 'price', before: price({}), after: price({ display: '$199 once' }) },
    'Price as published changed from “$199” to “$199 once”',
  ],
  [
    { field: 'price', before: price({}), after: price({ first_year_cost_usd: 210 }) },
    'First-year cost changed from about $199 to about $210',
  ],
  [
    { field: 'levels', before: ['beginner'], after: ['beginner', 'advanced'] },
    'Levels changed from Beginner to Beginner, Advanced / Operator',
  ],
  [
    { field: 'topic_coverage', before: coverage({ geo: 3 }), after: coverage({ geo: 5 }) },
    'Topic coverage changed: GEO from 3/5 to 5/5',
  ],
  [{ field: 'status', before: 'inactive', after: 'active' }, 'Enrolling again'],
  [{ field: 'name', before: 'Old', after: 'New' }, 'Renamed from “Old” to “New”'],
  [
    { field: 'editorial_pick', before: null, after: { label: 'Overall Best 2026', reason: null } },
    'Given the editorial pick “Overall Best 2026”',
  ],
])('a course change reads: %j', (change, words) => {
  expect(changeInWords(change, 'course')).toBe(words);
});

const bands = (upper_limits_usd: object) => ({
  ...loadMethodology().budget_bands,
  upper_limits_usd,
});

it('a methodology change names each number, and a nested one by its name', () => {
  expect(
    changeInWords(
      { field: 'weights', before: weights({}), after: weights({ objective: 35 }) },
      'methodology',
    ),
  ).toBe('Weight of objective changed from 40 to 35');
  expect(changeInWords({ field: 'match_threshold', before: 55, after: 60 }, 'methodology')).toBe(
    'Match threshold changed from 55 to 60',
  );
  expect(
    changeInWords(
      {
        field: 'budget_bands',
        before: bands({ free: 0, under_100: 100, '100_500': 500 }),
        after: bands({ free: 5, under_100: 100, '100_500': 500 }),
      },
      'methodology',
    ),
  ).toBe('Budget bands changed');
});

it('a methodology member renamed since the entry reads as one removed and one added, with their numbers', () => {
  // As the shipped history records the budget rule's change: the names of that day, not today's.
  expect(
    changeInWords(
      {
        field: 'penalties',
        before: { level_gap_per_level: 10, over_budget_per_band: 10 },
        after: { level_gap_per_level: 12, over_budget_per_doubling: 8 },
      },
      'methodology',
    ),
  ).toBe(
    'Penalty level gap per level changed from 10 to 12. Penalty over budget per band removed (it was 10). Penalty over budget per doubling added: 8',
  );
});

it('a methodology change of any values reads as words, never as a program prints them', () => {
  fc.assert(
    fc.property(
      fc.constantFrom('weights', 'budget_bands', 'match_threshold', 'something_new'),
      fc.jsonValue(),
      fc.jsonValue(),
      (field, before, after) => {
        const text = changeInWords({ field, before, after }, 'methodology');
        expect(text).not.toMatch(/\[object |undefined/);
        for (const value of [before, after]) {
          // How a program would print the list, when it can print it at all.
          let printed: string | undefined;
          try {
            printed = String(value);
          } catch {
            printed = undefined;
          }
          if (Array.isArray(value) && value.length > 1 && printed) {
            expect(text).not.toContain(printed);
          }
        }
      },
    ),
  );
});

it('a change of any course field to any values reads as a sentence, and never fails', () => {
  const fields = ['name', 'provider', 'status', 'url', 'price', 'levels', 'topic_coverage'];
  const more = ['ai_geo_focus', 'formats', 'community', 'updates', 'operating_models'];
  // Objects whose members shadow those a string conversion reads, as a hand-written line may hold.
  const hostile = fc.constantFrom({ toString: 0 }, { valueOf: {} }, [{ toString: 0 }, 1]);
  const value = fc.oneof(fc.jsonValue(), hostile);
  fc.assert(
    fc.property(
      fc.constantFrom(...fields, ...more, 'editorial_pick', 'something_new'),
      value,
      value,
      (field, before, after) => {
        const text = changeInWords({ field, before, after }, 'course');
        expect(typeof text).toBe('string');
        expect(text.length).toBeGreaterThan(0);
      },
    ),
    { seed: 20261128, numRuns: 500 },
  );
  expect(
    changeInWords({ field: 'weights', before: { a: { toString: 0 } }, after: {} }, 'methodology'),
  ).toBe('Weights changed');
});

describe('a change whose values are not its field’s', () => {
  // What the words log at debug level: why a change is named rather than spelled out.
  let debugged: string[] = [];
  const quiet = () => undefined;
  const logger: LoggerService = {
    log: quiet,
    error: quiet,
    warn: quiet,
    debug: (message: unknown) => debugged.push(String(message)),
  };
  beforeAll(() => Logger.overrideLogger(logger));
  afterAll(() => Logger.overrideLogger(true));
  beforeEach(() => (debugged = []));

  it.each([
    [
      { field: 'price', before: { amount: '199' }, after: { amount: 249 } },
      'course',
      'Price changed',
    ],
    [{ field: 'name', before: 5, after: 'New' }, 'course', 'Name changed'],
    [{ field: 'url', before: null, after: 'not a url' }, 'course', 'Course page changed'],
    [{ field: 'levels', before: ['beginner'], after: ['guru'] }, 'course', 'Levels changed'],
    [
      { field: 'weights', before: { objective: 40 }, after: [35] },
      'methodology',
      'Weights changed',
    ],
    [
      { field: 'match_threshold', before: 55, after: '60' },
      'methodology',
      'Match threshold changed',
    ],
  ] as const)('is named, and why is logged at debug level: %j', (change, subject, words) => {
    expect(changeInWords(change, subject)).toBe(words);
    expect(debugged).toEqual([expect.stringContaining(change.field)]);
  });

  /** Values no field takes, or only some do, as a line written by hand may hold them. */
  const stray = fc.oneof(
    fc.jsonValue(),
    fc.constantFrom({ toString: 0 }, { valueOf: {} }, [{ toString: 0 }, 1], undefined),
  );
  // The facts the history records (docs/data.md#the-history): a course's members but its slug; the
  // methodology file's but its date and `$schema` (the served one's but its URL), each also read as
  // the contract shapes it, names with numbers or words, whatever names that day's file gave them.
  const namedValues = z.record(z.string(), z.union([z.number(), z.string()]));
  const FACT_SCHEMAS: Record<'course' | 'methodology', Record<string, z.ZodType>> = {
    course: courseRecordSchema.omit({ slug: true }).shape,
    methodology: methodologySchema.omit({ methodology_url: true }).shape,
  };
  /** Whether a value is one the history spells out for a field: its own, or named values. */
  const isValueOf = (subject: 'course' | 'methodology', field: string, value: unknown) =>
    FACT_SCHEMAS[subject][field].safeParse(value).success ||
    (subject === 'methodology' && namedValues.safeParse(value).success);
  const FIELDS = Object.entries(FACT_SCHEMAS).flatMap(([subject, shape]) =>
    Object.keys(shape).map((field) => [subject as 'course' | 'methodology', field] as const),
  );

  it.each(FIELDS)(
    '%s %s: spelled out when both values are the field’s, named otherwise, and never fails',
    (subject, field) => {
      const schema = FACT_SCHEMAS[subject][field];
      const valid = arbitraryOf(schema);
      const value = fc.oneof(valid, valid, stray);
      // A value before may be absent: a member new to the data.
      const takes = (v: unknown, before: boolean) =>
        (before && v === undefined) || isValueOf(subject, field, v);
      fc.assert(
        fc.property(value, value, (before, after) => {
          debugged = [];
          const text = changeInWords({ field, before, after }, subject);
          expect(text).toMatch(/^\S/);
          expect(text).not.toMatch(/\[object |undefined|NaN/);
          if (takes(before, true) && takes(after, false)) {
            expect(debugged).toEqual([]);
          } else {
            expect(text).toMatch(/^[A-Z“][^.]* changed$/);
            expect(debugged).toEqual([expect.stringContaining(field)]);
          }
        }),
        { seed: 20261208, numRuns: 60 },
      );
    },
  );

  it('a field the data does not have is named by its words', () => {
    expect(changeInWords({ field: 'some_new_member', before: 1, after: 2 }, 'course')).toBe(
      'Some new member changed',
    );
    expect(debugged).toEqual([expect.stringContaining('some_new_member')]);
  });
});

it('an entry reads as one sentence, its sources named', () => {
  expect(dateInWords('2027-03-12')).toBe('12 March 2027');
  expect(
    entryInWords({
      id: '2027-03-12-aaaaaaaa',
      date: '2027-03-12',
      kind: 'verified',
      course: 'x',
      name: 'Answer Engine Foundations',
      sources: [
        {
          field: 'price',
          source_type: 'official',
          label: 'Pricing',
          url: 'https://x.example.com/p',
        },
      ],
    }).text,
  ).toBe("Answer Engine Foundations: Price checked on the provider's page on 12 March 2027.");
  // Several fields, parts of facts, and another kind of source: each field named, each way said.
  expect(
    entryInWords({
      id: '2027-03-12-aaaaaaaa',
      date: '2027-03-12',
      kind: 'verified',
      course: 'x',
      name: 'X',
      sources: [
        { field: 'levels', source_type: 'official', label: 'Syllabus', url: null },
        { field: 'price.display', source_type: 'official', label: 'Pricing', url: null },
        { field: 'url', source_type: 'official', label: 'Course page', url: null },
        { field: 'formats', source_type: 'first_hand', label: 'Took it', url: null },
        { field: 'community', source_type: 'member_verified', label: 'A member', url: null },
      ],
    }).text,
  ).toBe(
    "X: Levels, price (display) and course page checked on the provider's page; formats checked by taking the course; community checked against A member on 12 March 2027.",
  );
  expect(
    entryInWords({
      id: '2027-03-12-aaaaaaaa',
      date: '2027-03-12',
      kind: 'changed',
      course: 'x',
      name: 'X',
      changes: [{ field: 'certification', before: false, after: true }],
      sources: [{ field: null, source_type: 'public_third_party', label: 'A review', url: null }],
    }).text,
  ).toBe('X: Now awards a certificate (checked against A review).');
  expect(entryInWords({ id: '2026-11-22-aaaaaaaa', date: '2026-11-22', kind: 'added' }).text).toBe(
    'Scoring methodology: Recorded as it stood when the history started.',
  );
});
