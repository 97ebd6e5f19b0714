import fc from 'fast-check';
import type { CourseRecord } from './course.schema';
import { checksOf, type Fact, FACTS, factChecks, lastVerifiedOn, unsupportedDate } from './facts';
import type { KeptEntry } from './history-check';

/**
 * "Verified" means every fact (docs/data.md#the-facts): a course's date is the day by which every
 * fact had been checked, worked out from its sources and its history, by hand here.
 */

type Source = CourseRecord['verification']['sources'][number];

const source = (field: string, on: string, url = `https://x.example.com/${field}`): Source => ({
  field,
  source_type: 'official',
  label: field,
  url,
  verified_on: on,
});
const course = (sources: Source[], last: string | null = null) => ({
  slug: 'x',
  verification: { last_verified_on: last, sources },
});
const every = (on: string, except: readonly string[] = []) =>
  FACTS.filter((fact) => !except.includes(fact)).map((fact) => source(fact, on));
/** The entry `data:verify` writes for sources checked on their day. */
const verified = (sources: Source[]): KeptEntry => ({
  id: `${sources[0].verified_on}-verified`,
  date: sources[0].verified_on,
  kind: 'verified',
  course: 'x',
  name: 'X',
  sources: sources.map(({ verified_on: _on, ...s }) => s),
});
const changed = (date: string, fields: string[], withSource = false): KeptEntry => ({
  id: `${date}-changed`,
  date,
  kind: 'changed',
  course: 'x',
  name: 'X',
  changes: fields.map((field) => ({ field, before: 1, after: 2 })),
  ...(withSource
    ? { sources: [{ field: null, source_type: 'official' as const, label: 'p', url: null }] }
    : {}),
});
const dateOf = (c: ReturnType<typeof course>, entries: KeptEntry[] = []) =>
  lastVerifiedOn(factChecks(c, entries));

it('is verified as of the oldest of its facts’ latest checks, and unverified while one has none', () => {
  expect(dateOf(course([]))).toBeNull();
  // One fact checked: unverified, whatever day it was.
  expect(dateOf(course([source('price', '2026-12-07')]))).toBeNull();
  // Every fact but one, the price, checked on the 7th; the price on the 1st, then again on the 5th.
  const sources = [
    ...every('2026-12-07', ['price']),
    source('price', '2026-12-01', 'https://x.example.com/old'),
  ];
  expect(dateOf(course(sources))).toBe('2026-12-01');
  expect(dateOf(course([...sources, source('price', '2026-12-05')]))).toBe('2026-12-05');
  // Every fact on the 7th.
  expect(dateOf(course(every('2026-12-07')))).toBe('2026-12-07');
});

it('counts a part for its fact, and a member that is no fact for nothing', () => {
  const sources = [...every('2026-12-07', ['price']), source('price.display', '2026-12-06')];
  expect(dateOf(course(sources))).toBe('2026-12-06');
  const noFact = [...every('2026-12-07'), source('description', '2026-01-01')];
  expect(dateOf(course(noFact))).toBe('2026-12-07');
});

it('a fact changed after its check is unchecked, unless the change was recorded against a source', () => {
  const sources = every('2026-12-01');
  const entries = [verified(sources)];
  expect(dateOf(course(sources), entries)).toBe('2026-12-01');
  // The price changed on the 5th, recorded without a source: the check of the 1st no longer holds.
  const checks = factChecks(course(sources), [...entries, changed('2026-12-05', ['price'])]);
  expect(checks.find((c) => c.fact === 'price')).toEqual({
    fact: 'price',
    checkedOn: null,
    changedOn: '2026-12-05',
  });
  expect(lastVerifiedOn(checks)).toBeNull();
  // Recorded with `--source`: the change is the price's check, on its day.
  expect(dateOf(course(sources), [...entries, changed('2026-12-05', ['price'], true)])).toBe(
    '2026-12-01',
  );
  const allOn5th = [...entries, changed('2026-12-05', [...FACTS], true)];
  expect(dateOf(course(sources), allOn5th)).toBe('2026-12-05');
  // A member that is no fact changes nothing.
  expect(dateOf(course(sources), [...entries, changed('2026-12-05', ['description'])])).toBe(
    '2026-12-01',
  );
});

it('on one day, the history’s order decides; a check no entry records comes first', () => {
  const sources = every('2026-12-05');
  const check = verified(sources);
  const change = changed('2026-12-05', ['levels']);
  expect(dateOf(course(sources), [check, change])).toBeNull();
  expect(dateOf(course(sources), [change, check])).toBe('2026-12-05');
  // Sources written by hand (or before the history started): a change that day voids them.
  expect(dateOf(course(sources), [change])).toBeNull();
});

it('never serves a date its sources do not support, whatever the sources and changes', () => {
  const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-11-${String(d).padStart(2, '0')}`);
  const field = fc.constantFrom<string>(...FACTS, 'price.display', 'description');
  fc.assert(
    fc.property(
      fc.array(fc.tuple(field, day), { maxLength: 30 }),
      fc.array(fc.tuple(day, fc.subarray([...FACTS]), fc.boolean()), { maxLength: 4 }),
      (checks, changes) => {
        const sources = checks.map(([f, on], i) => source(f, on, `https://x.example.com/${i}`));
        const entries = changes
          .map(([on, fields, withSource]) => changed(on, fields, withSource))
          .sort((a, b) => a.date.localeCompare(b.date));
        const date = dateOf(course(sources), entries);
        for (const fact of FACTS) {
          const mine = (f: string) => f === fact || f.startsWith(`${fact}.`);
          const latest = [
            ...checks.filter(([f]) => mine(f)).map(([, on]) => on),
            ...entries
              .filter((e) => e.sources && e.changes!.some((c) => c.field === fact))
              .map((e) => e.date),
          ].sort();
          // No check of a fact at all: no date. Otherwise never later than its latest check.
          if (latest.length === 0) expect(date).toBeNull();
          else if (date !== null) expect(date <= latest.at(-1)!).toBe(true);
          // A change without a source after every check of the fact: no date either.
          const lastChange = entries
            .filter((e) => !e.sources && e.changes!.some((c) => c.field === fact))
            .map((e) => e.date)
            .sort()
            .at(-1);
          if (lastChange !== undefined && latest.every((on) => on < lastChange)) {
            expect(date).toBeNull();
          }
        }
      },
    ),
    { numRuns: 300 },
  );
});

it('tells an editor whose file holds a date the sources do not support what to check', () => {
  const sources = [source('price', '2026-12-07')];
  const byOldRule = course(sources, '2026-12-07');
  const rest = FACTS.filter((f: Fact) => f !== 'price');
  expect(unsupportedDate(byOldRule, factChecks(byOldRule, []))).toBe(
    `course "x", field verification.last_verified_on: 2026-12-07 is not what its sources support (no check of ${rest.join(', ')}), so the service serves null (unverified); check them: npm run data:verify -- x ${rest.map((f) => `--field ${f}`).join(' ')} --source … --url …`,
  );
  const agrees = course(every('2026-12-07'), '2026-12-07');
  expect(unsupportedDate(agrees, factChecks(agrees, []))).toBeUndefined();
});

it('reads each course’s entries since its latest "added"', () => {
  const sources = every('2026-12-01');
  const record = { ...course(sources), slug: 'x' } as unknown as CourseRecord;
  const added = (date: string): KeptEntry => ({
    id: `${date}-added`,
    date,
    kind: 'added',
    course: 'x',
    name: 'X',
  });
  const history = [added('2026-11-01'), changed('2026-12-03', ['price']), added('2026-12-04')];
  // The change came before the course was added again: the sources of the 1st hold.
  expect(lastVerifiedOn(checksOf([record], history).get('x')!)).toBe('2026-12-01');
  expect(lastVerifiedOn(checksOf([record], history.slice(0, 2)).get('x')!)).toBeNull();
});
