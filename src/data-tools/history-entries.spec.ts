import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { changeLogOf } from '../catalog/change-log';
import type { CourseRecord } from '../catalog/course.schema';
import { type DataError, loadDataset } from '../catalog/dataset';
import { canonicalJson, fingerprint, foldHistory, parseHistory } from '../catalog/history';
import type { HistoryEntry } from '../catalog/history.schema';
import { unrecorded } from '../catalog/history-check';
import {
  AI_GEO_FOCUS,
  COMMUNITY,
  COURSE_STATUSES,
  COVERAGE_KEYS,
  CURRENCIES,
  FORMATS,
  LEVELS,
  OPERATING_MODELS,
  PERIODIC_UPDATES,
  PRICE_TYPES,
  SOURCE_TYPES,
  UPDATE_CADENCES,
} from '../catalog/vocabulary';
import { entriesToRecord } from './history-entries';

/**
 * The history against generated edits of every kind of course field (docs/data.md#the-history):
 * the check names the course and the field, one record brings one entry with the value before
 * and after, and the history then holds what the files hold, that entry first.
 */

const DATA_DIR = join(__dirname, '..', '..', 'data');
const SITE = 'http://localhost:3000';
const dataset = loadDataset(DATA_DIR);
const text = readFileSync(join(DATA_DIR, 'history.jsonl'), 'utf8');
const shipped = parseHistory(text, 'history.jsonl').entries;
const history = shipped.map(({ entry }) => entry);
const { state } = foldHistory(shipped, 'history.jsonl');
const before = {
  ref: 'HEAD',
  courses: new Map(dataset.courses.map((course) => [course.slug, course])),
  methodology: dataset.methodology,
  entryIds: new Set(history.map((entry) => entry.id)),
};

const text40 = fc.string({ minLength: 1, maxLength: 40 });
const url = fc.constantFrom('https://provider.example.com/course', 'https://example.org/x');
const some = <T>(values: readonly T[]) => fc.subarray([...values], { minLength: 1 });
const date = fc.constantFrom('2026-11-20', '2026-11-23');

/** A new value for each member of a course, of the kind the member holds. */
const FIELDS: { [K in keyof CourseRecord]?: fc.Arbitrary<CourseRecord[K]> } = {
  name: text40,
  provider: fc.record({ name: text40, url: fc.option(url, { nil: null }) }),
  status: fc.constantFrom(...COURSE_STATUSES),
  url: fc.option(url, { nil: null }),
  description: fc.option(fc.string(), { nil: null }),
  best_for: fc.option(fc.string(), { nil: null }),
  highlights: fc.array(fc.string(), { maxLength: 4 }),
  price: fc.record({
    display: fc.option(fc.string(), { nil: null }),
    amount: fc.option(fc.nat(5000), { nil: null }),
    currency: fc.option(fc.constantFrom(...CURRENCIES), { nil: null }),
    type: fc.option(fc.constantFrom(...PRICE_TYPES), { nil: null }),
    first_year_cost_usd: fc.option(fc.nat(60000), { nil: null }),
    known: fc.boolean(),
  }),
  levels: some(LEVELS),
  topic_coverage: fc.record(
    Object.fromEntries(COVERAGE_KEYS.map((key) => [key, fc.integer({ min: 0, max: 5 })])) as {
      [K in (typeof COVERAGE_KEYS)[number]]: fc.Arbitrary<number>;
    },
  ),
  ai_geo_focus: fc.constantFrom(...AI_GEO_FOCUS),
  formats: some(FORMATS),
  certification: fc.boolean(),
  community: fc.constantFrom(...COMMUNITY),
  updates: fc.constantFrom(...UPDATE_CADENCES, ...PERIODIC_UPDATES),
  operating_models: some(OPERATING_MODELS),
  verification: fc.record({
    last_verified_on: date,
    sources: fc.array(
      fc.record({
        field: fc.constantFrom('price', 'levels'),
        source_type: fc.constantFrom(...SOURCE_TYPES),
        label: text40,
        url: fc.option(url, { nil: null }),
        verified_on: date,
      }),
      { minLength: 1, maxLength: 2 },
    ),
  }),
  editorial_pick: fc.option(
    fc.record({
      label: fc.option(text40, { nil: null }),
      reason: fc.option(text40, { nil: null }),
    }),
    { nil: null },
  ),
  placeholder_data: fc.boolean(),
};

const edits = fc.constantFrom(...(Object.keys(FIELDS) as (keyof CourseRecord)[])).chain((field) =>
  fc.record({
    field: fc.constant(field),
    at: fc.nat(dataset.courses.length - 1),
    value: FIELDS[field]! as fc.Arbitrary<unknown>,
  }),
);

it('a fingerprint does not depend on the order members are written in', () => {
  fc.assert(
    fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (value) => {
      const reversed = Object.fromEntries(Object.entries(value).reverse());
      expect(fingerprint(reversed)).toBe(fingerprint(value));
      expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
    }),
  );
});

it('names the course and the field of any edit; one record brings the entry, first in the history', () => {
  fc.assert(
    fc.property(edits, ({ field, at, value }) => {
      const old = dataset.courses[at];
      fc.pre(!isDeepStrictEqual(old[field], value));
      const edited = { ...old, [field]: value } as CourseRecord;
      const courses = dataset.courses.map((course, i) => (i === at ? edited : course));

      const problems = unrecorded('data', state, courses, dataset.methodology);
      expect(problems).toEqual([
        `data/courses.json: course "${old.slug}", field ${field}: changed since the history last recorded it; record it with \`npm run data:record\``,
      ]);

      const { entries, replaced } = entriesToRecord({
        state,
        history,
        courses,
        methodology: dataset.methodology,
        before,
        date: '2026-11-25',
        sources: [],
      });
      expect(replaced.size).toBe(0);
      expect(entries).toHaveLength(1);
      const [entry] = entries;
      const newSources =
        field === 'verification' &&
        edited.verification.sources.some(
          (source) => !old.verification.sources.some((s) => isDeepStrictEqual(s, source)),
        );
      const kind = newSources
        ? 'verified'
        : field === 'status' && value === 'inactive'
          ? 'no_longer_enrolling'
          : 'changed';
      expect(entry).toMatchObject({ date: '2026-11-25', kind, course: old.slug });
      if (kind !== 'verified') {
        expect(entry.changes).toEqual([{ field, before: old[field], after: value }]);
      }

      const after = [...history, entry];
      const folded = foldHistory(
        after.map((e, line) => ({ entry: e, line })),
        'history.jsonl',
      );
      expect(folded.problems).toEqual([]);
      expect(unrecorded('data', folded.state, courses, dataset.methodology)).toEqual([]);

      const [first] = changeLogOf(after, courses, SITE).entries;
      expect(first.id).toBe(entry.id);
      expect(first.text).toMatch(new RegExp(`^.+: \\S.*\\.$`, 's'));
      expect(first.changes.every((change) => change.text.length > 0)).toBe(true);
    }),
    { numRuns: 300 },
  );
});

it('edits of one course recorded one after another on one day leave the history holding what the files hold', () => {
  // As the tools run: each record reads the file (in the history's order, not the lines'), and
  // appends its entries, and the editor commits; the service then reads the whole file in the same
  // order.
  const asRead = (entries: readonly HistoryEntry[]) =>
    parseHistory(entries.map((entry) => JSON.stringify(entry)).join('\n'), 'history.jsonl');
  fc.assert(
    fc.property(
      fc.nat(dataset.courses.length - 1),
      fc.array(edits, { minLength: 2, maxLength: 4 }),
      (at, steps) => {
        let courses = dataset.courses;
        let written = history;
        for (const { field, value } of steps) {
          const committed = courses;
          const edited = { ...courses[at], [field]: value } as CourseRecord;
          fc.pre(!isDeepStrictEqual(courses[at][field], value));
          courses = courses.map((course, i) => (i === at ? edited : course));
          const read = asRead(written);
          const { entries } = entriesToRecord({
            state: foldHistory(read.entries, 'history.jsonl').state,
            history: read.entries.map(({ entry }) => entry),
            courses,
            methodology: dataset.methodology,
            before: {
              ...before,
              courses: new Map(committed.map((course) => [course.slug, course])),
              entryIds: new Set(written.map((entry) => entry.id)),
            },
            date: '2026-11-25',
            sources: [],
          });
          written = [...written, ...entries];
        }
        const folded = foldHistory(asRead(written).entries, 'history.jsonl');
        expect(folded.problems).toEqual([]);
        expect(unrecorded('data', folded.state, courses, dataset.methodology)).toEqual([]);
      },
    ),
    { numRuns: 100 },
  );
});

it('refuses an edit whose value before is neither at the ref nor in an entry', () => {
  const [old] = dataset.courses;
  const courses = [{ ...old, certification: !old.certification }, ...dataset.courses.slice(1)];
  const stale = { ...before, courses: new Map(courses.map((c) => [c.slug, c])) };
  expect(() =>
    entriesToRecord({
      state,
      history,
      courses,
      methodology: dataset.methodology,
      before: stale,
      date: '2026-11-25',
      sources: [],
    }),
  ).toThrow(`course "${old.slug}", field certification: the value the history last recorded`);
});

it('refuses a methodology outside the contract’s bounds, recorded or not, naming the field and the bound', () => {
  const dir = mkdtempSync(join(tmpdir(), 'course-finder-bounds-'));
  try {
    cpSync(DATA_DIR, dir, { recursive: true });
    const path = join(dir, 'methodology.json');
    const shippedFile = JSON.parse(readFileSync(path, 'utf8'));
    const refusal = (field: string, value: number) =>
      ({
        result_limit: `${path}: field result_limit: must be a whole number from 1 to 3 (the contract: at most 3 recommendations), not ${value}`,
        match_threshold: `${path}: field match_threshold: must be a whole number from 0 to 99 (the contract: a match percent is 0 to 99), not ${value}`,
      })[field];
    for (const [field, value] of [
      ['result_limit', 4],
      ['result_limit', 0],
      ['match_threshold', 100],
    ] as const) {
      const methodology = { ...dataset.methodology, [field]: value };
      writeFileSync(path, JSON.stringify({ ...shippedFile, [field]: value }));
      const problems = () => {
        try {
          loadDataset(dir);
          return [];
        } catch (error) {
          return (error as DataError).problems;
        }
      };
      expect(problems()).toEqual([refusal(field, value)]);
      // Recorded as the tools record it, the history then agrees with the file: still refused.
      const { entries } = entriesToRecord({
        state,
        history,
        courses: dataset.courses,
        methodology,
        before,
        // The history's latest day: an entry is never dated before it.
        date: history.at(-1)!.date,
        sources: [],
      });
      expect(entries.map((entry) => entry.changes?.map((change) => change.field))).toEqual([
        [field],
      ]);
      writeFileSync(join(dir, 'history.jsonl'), `${text}${JSON.stringify(entries[0])}\n`);
      expect(problems()).toEqual([refusal(field, value)]);
      writeFileSync(join(dir, 'history.jsonl'), text);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
