import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SOURCED_FIELDS } from '../src/data-tools/report';
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

const dated =
  (last: string, sources: [field: string, on: string][] = []) =>
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
  const courses = [
    fixtureCourse(
      'fresh-one',
      dated(last.fresh, [
        ['price', last.fresh],
        ['levels', plusDays(last.fresh, -5)],
      ]),
    ),
    fixtureCourse('due-one', dated(last.due, [['price.display', last.due]])),
    fixtureCourse('stale-one', dated(last.stale)),
    fixtureCourse('old-active', dated(last.old)),
    fixtureCourse('old-inactive', (c) => {
      dated(last.oldInactive)(c);
      c.status = 'inactive';
    }),
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

  it('lists fields with no source, sources older than the course’s last verification, unknown facts and placeholders', async () => {
    const { dir, last } = dataset();
    const { markdown } = await report(dir);
    const allBut = (...covered: string[]) =>
      SOURCED_FIELDS.filter((field) => !covered.includes(field)).join(', ');
    expect(markdownRows(markdown, 'Fields with no source')).toEqual([
      ['fresh-one', allBut('price', 'levels')],
      ['due-one', allBut('price')],
      ['stale-one', 'all (no sources yet)'],
      ['old-active', 'all (no sources yet)'],
      ['old-inactive', 'all (no sources yet)'],
      ['placeholder-one', 'all (no sources yet)'],
    ]);
    expect(markdownRows(markdown, 'Sources older than the course’s last verification')).toEqual([
      ['fresh-one', 'levels', 'official', plusDays(last.fresh, -5), last.fresh],
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
      courses: '6 (5 active)',
      fresh: '1 (1 active)',
      review_due: '1 (1 active)',
      stale: '1 (1 active)',
      seriously_stale: '2 (1 active)',
      unverified: '1 (1 active)',
      'placeholder courses': '1',
      'courses with fields that have no source': '6',
      'sources older than their course’s last verification': '1',
      'courses with unknown (null) facts': '1',
    });
    expect(stdout).toMatch(/^seriously_stale\s+2 \(1 active\)$/m);
    expect(stdout).toContain(`As of ${TODAY} (UTC).`);
  });

  it.each([
    ['seriously_stale', ['old-active (seriously_stale)']],
    ['stale', ['old-active (seriously_stale)', 'stale-one (stale)']],
    ['review_due', ['old-active (seriously_stale)', 'stale-one (stale)', 'due-one (review_due)']],
    ['unverified', ['placeholder-one (unverified)']],
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
    expect(both.stderr).toContain(': placeholder-one (unverified)\n');
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
