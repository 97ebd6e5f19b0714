import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDataset } from '../src/catalog/dataset';
import { buildCatalog } from '../src/catalog/derive';
import { FACTS } from '../src/catalog/facts';
import { distribution } from '../src/recommendations/distribution';
import { DATA_DIR } from './support/app';
import {
  fixtureCourse,
  fixtureData,
  git,
  markdownRows,
  plusDays,
  readJson,
  type Record,
  runTool,
  writeCourses,
} from './support/data-tools';

/** `npm run data:diff` (docs/editing-data.md), against a git repository made here. */

const TODAY = '2026-06-15';

/** A repository whose data/ holds `courses`, committed. */
function repoWith(courses: Record[]): string {
  const repo = mkdtempSync(join(tmpdir(), 'course-finder-repo-'));
  cpSync(DATA_DIR, join(repo, 'data'), { recursive: true });
  writeCourses(join(repo, 'data'), courses);
  git(repo, 'init', '-q');
  git(repo, 'add', 'data');
  git(repo, 'commit', '-q', '-m', 'before');
  return repo;
}

function commit(repo: string, courses: Record[], message: string): void {
  writeCourses(join(repo, 'data'), courses);
  git(repo, 'commit', '-q', '-am', message);
}

function diff(repo: string, ...args: string[]) {
  const markdown = join(repo, 'diff.md');
  const run = runTool('diff', [...args, '--today', TODAY, '--markdown', markdown], repo);
  return { ...run, markdown: run.code === 0 ? readFileSync(markdown, 'utf8') : '' };
}

/** How many answer combinations rank each course, computed here from the same data. */
function reach(courses: Record[]): { [slug: string]: number } {
  const catalog = buildCatalog(loadDataset(fixtureData(courses), TODAY), TODAY, {
    siteUrl: 'http://localhost:3000',
    baseUrl: 'http://localhost:3000/api/v1',
  });
  return distribution(catalog.courses, catalog.methodology).times_recommended;
}

const before = () => [
  fixtureCourse('steady'),
  fixtureCourse('leaving', (c) => (c.topic_coverage.local_seo = 5)),
  fixtureCourse('renaming', (c) => (c.name = 'Old name')),
  fixtureCourse('closing', (c) => {
    c.topic_coverage.link_building = 5;
    c.operating_models = ['affiliate'];
  }),
  fixtureCourse('edited', (c) => (c.topic_coverage.content_seo = 1)),
  fixtureCourse('checked'),
];

const SOURCE = {
  field: 'price',
  source_type: 'official',
  label: 'Pricing page',
  url: 'https://example.com/pricing',
  verified_on: plusDays(TODAY, -1),
};

const SOURCES = FACTS.map((field) => ({ ...SOURCE, field }));

/** Every kind of change at once. */
const after = () => [
  fixtureCourse('steady'),
  fixtureCourse('renaming', (c) => (c.name = 'New name')),
  fixtureCourse('closing', (c) => {
    c.topic_coverage.link_building = 5;
    c.operating_models = ['affiliate'];
    c.status = 'inactive';
  }),
  fixtureCourse('edited', (c) => {
    c.topic_coverage.content_seo = 5;
    c.price = { ...c.price, display: '$600 a year', amount: 600, type: 'annual' };
    c.price.first_year_cost_usd = 600;
  }),
  fixtureCourse('checked', (c) => {
    // Every fact checked: the course is verified as of that day (docs/data.md#the-facts).
    c.verification = { last_verified_on: SOURCE.verified_on, sources: SOURCES };
  }),
  fixtureCourse('newcomer', (c) => (c.topic_coverage.agency = 5)),
];

describe('npm run data:diff', () => {
  describe('a commit that changes everything, against HEAD~1', () => {
    let out: ReturnType<typeof diff>;
    beforeAll(() => {
      const repo = repoWith(before());
      commit(repo, after(), 'after');
      out = diff(repo, 'HEAD~1');
    });
    const rows = (title: string) => markdownRows(out.markdown, title);

    it('exits 0 and prints what it writes', () => {
      expect(out).toMatchObject({ code: 0, stderr: '' });
      expect(out.stdout).toContain(`Data changes: HEAD~1 → working tree (derived for ${TODAY})`);
      expect(out.stdout).toMatch(/^renaming\s+Old name\s+New name$/m);
    });

    it('lists courses added, removed and renamed (same slug, new name)', () => {
      expect(rows('Courses added')).toEqual([['newcomer', 'newcomer', 'active']]);
      expect(rows('Courses removed')).toEqual([['leaving', 'leaving', 'active']]);
      expect(rows('Courses renamed')).toEqual([['renaming', 'Old name', 'New name']]);
    });

    it('lists status changes, the course’s and the derived verification status', () => {
      expect(rows('Status changes')).toEqual([
        ['checked', 'verification.status', 'unverified', 'fresh'],
        ['closing', 'status', 'active', 'inactive'],
      ]);
    });

    it('lists field changes with old and new values, as served (derived budget band included)', () => {
      expect(rows('Field changes').sort()).toEqual(
        [
          ['edited', 'price.display', '"$50 one-time"', '"$600 a year"'],
          ['edited', 'price.amount', '50', '600'],
          ['edited', 'price.type', '"one_time"', '"annual"'],
          ['edited', 'price.first_year_cost_usd', '50', '600'],
          ['edited', 'price.budget_band', '"under_100"', '"500_plus"'],
          ['edited', 'topic_coverage.content_seo', '1', '5'],
          ['checked', 'verification.last_verified_on', 'null', `"${SOURCE.verified_on}"`],
          ...SOURCES.map((source, i) => [
            'checked',
            `verification.sources.${i}`,
            '(none)',
            JSON.stringify(source),
          ]),
        ].sort(),
      );
      expect(rows('Methodology changes')).toEqual([]);
    });

    it('gives each course’s reach over the 7,560 answer combinations, before and after', () => {
      const old = reach(before());
      const now = reach(after());
      const shown = Object.fromEntries(rows('Recommendation reach').map(([s, ...r]) => [s, r]));
      const cell = (n: number | undefined) => (n === undefined ? '(none)' : String(n));
      for (const slug of new Set([...Object.keys(old), ...Object.keys(now)])) {
        const expected =
          old[slug] === now[slug]
            ? undefined
            : [cell(old[slug]), cell(now[slug]), expect.stringMatching(/^[+-]\d+$/)];
        expect({ slug, row: shown[slug] }).toEqual({ slug, row: expected });
      }
      // What the edits must do, whatever the numbers: closed courses are never recommended, a
      // removed course is gone, a new one appears, and the edited course's reach moves (its
      // coverage rose and so did its price, which pull it opposite ways: the sign is the data's).
      expect(shown.closing[1]).toBe('0');
      expect(Number(shown.closing[0])).toBeGreaterThan(0);
      expect(shown.leaving[1]).toBe('(none)');
      expect(shown.newcomer[0]).toBe('(none)');
      expect(shown.edited[1]).not.toBe(shown.edited[0]);
      expect(out.markdown).toContain('How many of the 7,560 answer combinations rank each course');
    });

    it('sums it up', () => {
      expect(rows('Summary')).toEqual(
        expect.arrayContaining([
          ['courses', '6', '6'],
          ['active courses', '6', '5'],
          ['courses added / removed / renamed', '', '1 / 1 / 1'],
          ['status changes', '', '2'],
          ['courses with field changes', '', '2'],
        ]),
      );
    });
  });

  it('compares with HEAD by default: nothing changed, then an uncommitted edit', () => {
    const repo = repoWith(before());
    const same = diff(repo);
    expect(same.code).toBe(0);
    for (const title of ['Courses added', 'Courses removed', 'Field changes', 'Status changes']) {
      expect(markdownRows(same.markdown, title)).toEqual([]);
    }
    expect(same.markdown).toContain('No course’s reach changed.');

    const path = join(repo, 'data', 'methodology.json');
    const methodology = readJson(path);
    methodology.weights.objective = 10;
    methodology.penalties.over_budget_per_doubling = 40;
    writeFileSync(path, JSON.stringify(methodology));
    const edited = diff(repo);
    expect(markdownRows(edited.markdown, 'Methodology changes')).toEqual([
      ['weights.objective', '40', '10'],
      ['penalties.over_budget_per_doubling', '10', '40'],
    ]);
    expect(markdownRows(edited.markdown, 'Courses added')).toEqual([]);
    // What the rule moves: every answer combination's best match, band by band, before and after.
    const spread = markdownRows(edited.markdown, 'Best match of every answer combination');
    expect(spread.map(([band]) => band)).toEqual([
      'no strong match',
      '95–99',
      '85–94',
      '75–84',
      '65–74',
      '55–64',
    ]);
    const total = (column: number) => spread.reduce((sum, row) => sum + Number(row[column]), 0);
    expect([total(1), total(2)]).toEqual([7560, 7560]);
    for (const [, old, now, change] of spread) {
      const moved = Number(now) - Number(old);
      expect(change).toBe(moved > 0 ? `+${moved}` : String(moved));
    }
    expect(spread.some(([, old, now]) => old !== now)).toBe(true);
  });

  it('names a ref git does not know, and invalid data at the ref', () => {
    const repo = repoWith(before());
    const unknown = diff(repo, 'no-such-ref');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('git show no-such-ref:./courses.json');

    const broken = before();
    broken[0].ai_geo_focus = 'Huge';
    commit(repo, broken, 'broken');
    writeCourses(join(repo, 'data'), before());
    const invalid = diff(repo, 'HEAD');
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toMatch(
      /HEAD:\.\/data\/courses\.json: course "steady", field ai_geo_focus/,
    );
    expect(diff(repo, 'HEAD~1').code).toBe(0);
  });
});
