import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FACTS } from '../src/catalog/facts';
import {
  fixtureCourse,
  fixtureData,
  markdownRows,
  plusDays,
  readJson,
  type Record,
  runHere,
  runTool,
} from './support/data-tools';

/**
 * `npm run data:report` (docs/editing-data.md), on small datasets written here: the command in this
 * process, and the built CLI for its exit codes.
 */

const TODAY = '2026-06-15';

/** Every fact checked on `on`, but those given a day of their own. */
const everyFact = (on: string, own: { [field: string]: string } = {}) =>
  FACTS.map((fact): [string, string] => [fact, own[fact] ?? on]);

const dated =
  (last: string | null, sources: [field: string, on: string][] = []) =>
  (c: Record) => {
    c.verification = {
      last_verified_on: last,
      sources: sources.map(([field, on]) => ({
        field,
        source_type: 'official',
        label: `${field} page`,
        url: `https://example.com/${field}`,
        verified_on: on,
      })),
    };
  };

function dataset() {
  const dir = fixtureData([]);
  const days = readJson(join(dir, 'methodology.json')).verification_days;
  const last = {
    fresh: plusDays(TODAY, -10),
    due: plusDays(TODAY, -(days.fresh + 1)),
    stale: plusDays(TODAY, -(days.review_due + 1)),
    old: plusDays(TODAY, -(days.stale + 1)),
    oldInactive: plusDays(TODAY, -(days.stale + 50)),
  };
  // Each course's date is the day by which every fact had been checked (docs/data.md#the-facts).
  const courses = [
    // Levels checked five days before the rest: the course is verified as of that check.
    fixtureCourse(
      'fresh-one',
      dated(last.fresh, everyFact(plusDays(last.fresh, 5), { levels: last.fresh })),
    ),
    // A part of a fact checks the fact.
    fixtureCourse(
      'due-one',
      dated(
        last.due,
        everyFact(last.due).map(([f, on]) => [f === 'price' ? 'price.display' : f, on]),
      ),
    ),
    fixtureCourse('stale-one', dated(last.stale, everyFact(last.stale))),
    fixtureCourse('old-active', dated(last.old, everyFact(last.old))),
    fixtureCourse('old-inactive', (c) => {
      dated(last.oldInactive, everyFact(last.oldInactive))(c);
      c.status = 'inactive';
    }),
    // Dated by an earlier rule, which moved the date with one check: unverified, and said so.
    fixtureCourse('partial-one', dated(last.fresh, [['price', last.fresh]])),
    fixtureCourse('placeholder-one', (c) => {
      c.name = 'Pipes | Co';
      c.placeholder_data = true;
      c.provider.url = null;
      c.price = {
        display: null,
        amount: null,
        currency: null,
        type: null,
        first_year_cost_usd: null,
        known: false,
      };
    }),
  ];
  writeFileSync(
    join(dir, 'courses.json'),
    JSON.stringify({ $schema: './schemas/courses.schema.json', courses }),
  );
  return { dir, days, last };
}

/** A run in this process; the built CLI's own run is the last test's. */
async function report(dir: string, ...args: string[]) {
  const markdown = join(dir, 'report.md');
  const run = await runHere('report', [
    '--data-dir',
    dir,
    '--today',
    TODAY,
    '--markdown',
    markdown,
    ...args,
  ]);
  return { ...run, markdown: readFileSync(markdown, 'utf8') };
}

describe('npm run data:report', () => {
  it('lists courses by verification status with the dates each becomes review_due, stale and seriously_stale', async () => {
    const { dir, days, last } = dataset();
    const { code, stdout, markdown } = await report(dir);
    expect(code).toBe(0);
    const row = (status: string, slug: string, course: string, on: string) => [
      status,
      slug,
      course,
      on,
      plusDays(on, days.fresh + 1),
      plusDays(on, days.review_due + 1),
      plusDays(on, days.stale + 1),
    ];
    const rows = [
      row('seriously_stale', 'old-inactive', 'inactive', last.oldInactive),
      row('seriously_stale', 'old-active', 'active', last.old),
      row('stale', 'stale-one', 'active', last.stale),
      row('review_due', 'due-one', 'active', last.due),
      ['unverified', 'partial-one', 'active', 'never', '', '', ''],
      ['unverified', 'placeholder-one', 'active', 'never', '', '', ''],
      row('fresh', 'fresh-one', 'active', last.fresh),
    ];
    expect(markdownRows(markdown, 'Courses by verification status')).toEqual(rows);
    // The terminal shows the same rows as aligned columns.
    for (const cells of rows) {
      expect(stdout).toMatch(new RegExp(`^${cells.filter(Boolean).join('\\s+')}$`, 'm'));
    }
  });

  it('a status the methodology skips (fresh == review_due) is never reached', async () => {
    const { dir } = dataset();
    const path = join(dir, 'methodology.json');
    const methodology = readJson(path);
    methodology.verification_days = { fresh: 30, review_due: 30, stale: 60 };
    writeFileSync(path, JSON.stringify(methodology));
    const rows = markdownRows((await report(dir)).markdown, 'Courses by verification status');
    const fresh = rows.find(([, slug]) => slug === 'fresh-one')!;
    expect(fresh.slice(4)).toEqual(['never', plusDays(fresh[3], 31), plusDays(fresh[3], 61)]);
  });

  it('lists facts not checked, facts checked before the rest, dates the sources do not support, unknown facts and placeholders', async () => {
    const { dir, last } = dataset();
    const { markdown } = await report(dir);
    expect(markdownRows(markdown, 'Facts not checked')).toEqual([
      ['partial-one', FACTS.filter((fact) => fact !== 'price').join(', ')],
      ['placeholder-one', 'all (no sources yet)'],
    ]);
    expect(markdownRows(markdown, 'Facts checked before the rest')).toEqual([
      ['fresh-one', 'levels', last.fresh, plusDays(last.fresh, 5)],
    ]);
    expect(markdownRows(markdown, 'Last-verified dates the sources do not support')).toEqual([
      ['partial-one', last.fresh, 'null'],
    ]);
    const unknown = markdownRows(markdown, 'Unknown (null) facts');
    expect(unknown.map(([slug]) => slug)).toEqual(['placeholder-one']);
    expect(unknown[0][1].split(', ').sort()).toEqual(
      [
        'provider.url',
        'price.display',
        'price.amount',
        'price.currency',
        'price.type',
        'price.first_year_cost_usd',
      ].sort(),
    );
    expect(markdownRows(markdown, 'Placeholder courses left')).toEqual([
      ['placeholder-one', 'Pipes | Co', 'active'],
    ]);
  });

  it('counts it all in a summary', async () => {
    const { dir } = dataset();
    const { stdout, markdown } = await report(dir);
    expect(Object.fromEntries(markdownRows(markdown, 'Summary'))).toEqual({
      courses: '7 (6 active)',
      fresh: '1 (1 active)',
      review_due: '1 (1 active)',
      stale: '1 (1 active)',
      seriously_stale: '2 (1 active)',
      unverified: '2 (2 active)',
      'placeholder courses': '1',
      'courses with facts not checked': '2',
      'facts checked before the rest of their course': '1',
      'last-verified dates the sources do not support': '1',
      'courses with unknown (null) facts': '1',
    });
    expect(stdout).toMatch(/^seriously_stale\s+2 \(1 active\)$/m);
    expect(stdout).toContain(`As of ${TODAY} (UTC).`);
  });

  it.each([
    ['seriously_stale', ['old-active (seriously_stale)']],
    ['stale', ['old-active (seriously_stale)', 'stale-one (stale)']],
    ['review_due', ['old-active (seriously_stale)', 'stale-one (stale)', 'due-one (review_due)']],
    ['unverified', ['partial-one (unverified)', 'placeholder-one (unverified)']],
  ])(
    '--fail-on %s fails on the active courses at or past it, never the inactive',
    async (status, failing) => {
      const { dir } = dataset();
      const run = await report(dir, '--fail-on', status);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `${failing.length} active course(s) at or past it: ${failing.join(', ')}\n`,
      );
      expect(run.stderr).not.toContain('old-inactive');
      // The report is still printed and written.
      expect(run.stdout).toContain('Placeholder courses left');
      expect(run.markdown).toContain('## Summary');
    },
  );

  it('--fail-on passes when no active course is at or past it; repeated, it checks each', async () => {
    const { dir } = dataset();
    const path = join(dir, 'courses.json');
    const file = readJson(path);
    file.courses = file.courses.filter((c: Record) => c.slug !== 'old-active');
    writeFileSync(path, JSON.stringify(file));
    expect(await report(dir, '--fail-on', 'seriously_stale')).toMatchObject({
      code: 0,
      stderr: '',
    });
    const both = await report(dir, '--fail-on', 'seriously_stale', '--fail-on', 'unverified');
    expect(both.code).toBe(1);
    expect(both.stderr).toContain(': partial-one (unverified), placeholder-one (unverified)\n');
  });

  it('refuses a bad command line (exit 2) and invalid data (exit 1)', () => {
    const { dir, last } = dataset();
    const bad = runTool('report', ['--data-dir', dir, '--fail-on', 'sometimes']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--fail-on must be one of .*seriously_stale.*, not "sometimes"/);
    expect(runTool('report', ['--data-dir', dir, '--today', '15/06/2026']).code).toBe(2);
    // A day before the freshest course was verified, its date is in the future.
    const early = runTool('report', ['--data-dir', dir, '--today', plusDays(last.fresh, -1)]);
    expect(early.code).toBe(1);
    expect(early.stderr).toMatch(
      /courses\.json: course "fresh-one", field verification\.last_verified_on: .* is in the future/,
    );
  });
});
