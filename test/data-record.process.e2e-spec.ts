import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import { loadDataset } from '../src/catalog/dataset';
import { dateInWords } from '../src/catalog/check-words';
import { startTestApp } from './support/app';
import { onShippedDay, SHIPPED_HISTORY_DAY as DAY, TestClock } from './support/clock';
import { fixtureCourse, git, readJson, repoWithShippedData, runTool } from './support/data-tools';
import { PRICE_CHANGE } from './support/room';

/**
 * `npm run data:record` and the check that the files never disagree with the history
 * (docs/editing-data.md, docs/data.md#the-history), run as an editor runs them: from this
 * checkout, on the data directory of another clone (`--data-dir`).
 */

const { slug: SLUG, after: NEW_PRICE } = PRICE_CHANGE;
const ORIGIN = 'http://localhost:3000';

const check = (data: string) => runTool('check', ['--data-dir', data]);
const record = (data: string, ...args: string[]) =>
  runTool('record', ['--data-dir', data, ...args]);

const lines = (data: string) =>
  readFileSync(join(data, 'history.jsonl'), 'utf8').split('\n').filter(Boolean);
const lastEntry = (data: string) => JSON.parse(lines(data).at(-1)!);

/**
 * Edits a course in courses.json as an editor types, line by line, so the file keeps the layout
 * `data:check` asks for: each `[from, to]` replaces the first `from` after the course's slug.
 */
function editCourse(data: string, slug: string, ...edits: [from: string, to: string][]): void {
  const path = join(data, 'courses.json');
  let text = readFileSync(path, 'utf8');
  const at = text.indexOf(`"slug": "${slug}"`);
  for (const [from, to] of edits) {
    const i = text.indexOf(from, at);
    if (at < 0 || i < 0) throw new Error(`no ${from} in course ${slug}`);
    text = text.slice(0, i) + to + text.slice(i + from.length);
  }
  writeFileSync(path, text);
}

/** The price of SLUG becomes NEW_PRICE. */
const NEW_PRICE_EDITS: [string, string][] = [
  ['"display": "$97"', '"display": "$249/month"'],
  ['"amount": 97', '"amount": 249'],
  ['"type": "one_time"', '"type": "monthly"'],
  ['"first_year_cost_usd": 97', '"first_year_cost_usd": 2988'],
];

/** Rewrites the courses (as JSON, not laid out: for the tests that validate in-process). */
function rewriteCourses(data: string, edit: (courses: any[]) => void): void {
  const path = join(data, 'courses.json');
  const file = readJson(path);
  edit(file.courses);
  writeFileSync(path, JSON.stringify(file));
}

const course = (courses: any[], slug: string) => courses.find((c) => c.slug === slug);

/** Takes a course out of courses.json; returns its record, to put back. */
function removeCourse(data: string, slug: string): any {
  let removed: any;
  rewriteCourses(data, (courses) => {
    removed = courses.splice(
      courses.findIndex((c) => c.slug === slug),
      1,
    )[0];
  });
  return removed;
}

describe('a fact changed without an entry', () => {
  it('is refused by data:check, naming the course, the field and data:record; once recorded, it is served first everywhere', async () => {
    const data = join(repoWithShippedData(), 'data');
    const before = lines(data).length;
    const oldPrice = course(readJson(join(data, 'courses.json')).courses, SLUG).price;
    editCourse(data, SLUG, ...NEW_PRICE_EDITS);

    const refused = check(data);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `courses.json: course "${SLUG}", field price: changed since the history last recorded it; record it with \`npm run data:record\``,
    );

    // Dated on the shipped history's newest day, after its entries of that day: the newest entry.
    const recorded = record(data, '--today', DAY);
    expect(recorded).toMatchObject({ code: 0, stderr: '' });
    expect(recorded.stdout).toContain(
      `${DAY}  changed              Niche Site Launchpad: Price changed from $97 to $249 a month.`,
    );
    expect(check(data)).toMatchObject({ code: 0, stderr: '' });
    expect(lines(data)).toHaveLength(before + 1);
    const entry = lastEntry(data);
    expect(entry).toMatchObject({
      date: DAY,
      kind: 'changed',
      course: SLUG,
      changes: [{ field: 'price', before: oldPrice, after: NEW_PRICE }],
    });

    const t = await startTestApp({
      env: { DATA_DIR: data },
      clock: new TestClock(onShippedDay('09:00:00')),
    });
    try {
      const api = await t.json('/api/v1/changes');
      expect(api.data[0]).toMatchObject({
        id: entry.id,
        kind: 'changed',
        text: 'Niche Site Launchpad: Price changed from $97 to $249 a month.',
        changes: [{ field: 'price', before: oldPrice, after: NEW_PRICE }],
        page_url: `${ORIGIN}/ai-seo-courses/${SLUG}`,
      });
      const page = await (await t.get('/ai-seo-courses/changes')).text();
      expect(/<li id="([^"]+)">/.exec(page)![1]).toBe(entry.id);
      expect(page).toContain('<p>Price changed from $97 to $249 a month.</p>');
      const feed = parseFeed(await (await t.get('/ai-seo-courses/changes.atom')).text());
      expect(feed.items[0]).toMatchObject({
        id: `${ORIGIN}/ai-seo-courses/changes#${entry.id}`,
        title: api.data[0].text,
        url: `${ORIGIN}/ai-seo-courses/${SLUG}`,
      });
      const coursePage = await (
        await t.get(`/ai-seo-courses/${SLUG}`, { headers: { Accept: 'text/html' } })
      ).text();
      const history = coursePage.slice(coursePage.indexOf('<h2 id="history">'));
      expect(history).toMatch(
        new RegExp(
          `^<h2 id="history">What changed</h2>\n<ol class="changes">\n {2}<li id="[^"]+"><time datetime="${DAY}">${dateInWords(DAY)}</time>: Price changed from \\$97 to \\$249 a month\\.</li>`,
        ),
      );
      expect(await (await t.get('/sitemap.xml')).text()).toContain(
        `<loc>${ORIGIN}/ai-seo-courses/${SLUG}</loc><lastmod>${DAY}</lastmod>`,
      );
    } finally {
      await t.close();
    }
  });

  it('is refused at start, naming the course and the field, as data:check refuses it', async () => {
    const data = join(repoWithShippedData(), 'data');
    editCourse(data, SLUG, ['"certification": false', '"certification": true']);
    await expect(startTestApp({ env: { DATA_DIR: data } })).rejects.toThrow(
      `course "${SLUG}", field certification: changed since the history last recorded it`,
    );
  });
});

describe('npm run data:record', () => {
  it('records each kind of difference in one run, each course its own entry, and the data is valid', async () => {
    const data = join(repoWithShippedData(), 'data');
    const gone = 'voice-search-sprint';
    const levels = course(readJson(join(data, 'courses.json')).courses, 'open-crawl-lab').levels;
    rewriteCourses(data, (courses) => {
      courses.splice(courses.indexOf(course(courses, gone)), 1);
      course(courses, 'open-crawl-lab').status = 'inactive';
      course(courses, 'open-crawl-lab').levels = ['beginner'];
      courses.push(fixtureCourse('brand-new-course'));
    });
    const methodologyPath = join(data, 'methodology.json');
    const methodology = readJson(methodologyPath);
    methodology.weights.objective = 35;
    methodology.weights.experience = 20;
    methodology.scoring_weights_updated_on = '2026-11-01';
    writeFileSync(methodologyPath, JSON.stringify(methodology));

    // Not before the methodology's latest entry (the budget rule's, 2026-12-07).
    const run = record(data, '--today', '2026-12-07');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('recorded 5 entries');
    const entries = lines(data)
      .slice(-5)
      .map((line) => JSON.parse(line));
    expect(entries.map((e) => [e.kind, e.course ?? 'methodology'])).toEqual([
      ['changed', 'open-crawl-lab'],
      ['no_longer_enrolling', 'open-crawl-lab'],
      ['added', 'brand-new-course'],
      ['removed', gone],
      ['changed', 'methodology'],
    ]);
    expect(entries[0].changes).toEqual([{ field: 'levels', before: levels, after: ['beginner'] }]);
    expect(entries[4].changes).toEqual([
      {
        field: 'weights',
        before: expect.objectContaining({ objective: 40 }),
        after: methodology.weights,
      },
    ]);
    expect(run.stdout).toContain(
      'Scoring methodology: Weight of objective changed from 40 to 35. Weight of experience changed from 15 to 20.',
    );
    expect(run.stdout).toContain('Open Crawl Lab: No longer enrolling.');
    // The scoring's date moves with the weights (docs/data.md#the-history): the tool says so.
    expect(run.stdout).toContain(
      `note: the scoring changed; set scoring_weights_updated_on in ${methodologyPath} to 2026-12-07`,
    );
    expect(() => loadDataset(data)).not.toThrow();
    expect(record(data, '--today', '2026-12-07').stdout).toContain('nothing to record');

    // The removed course's entries link to its place on the changes page.
    const t = await startTestApp({ env: { DATA_DIR: data } });
    try {
      const { data: removed } = await t.json(`/api/v1/changes?course=${gone}`);
      expect(removed.map((e: any) => [e.kind, e.course.removed, e.page_url])).toEqual([
        ['removed', true, `${ORIGIN}/ai-seo-courses/changes?course=${gone}`],
        ['added', true, `${ORIGIN}/ai-seo-courses/changes?course=${gone}`],
      ]);
      const page = await (await t.get(`/ai-seo-courses/changes?course=${gone}`)).text();
      expect(page).toContain(
        `<a href="/ai-seo-courses/changes?course=${gone}">Voice Search Sprint</a> <span class="badge inactive">Removed</span>`,
      );
    } finally {
      await t.close();
    }
  });

  it('refuses a future date, and a date before the course’s latest entry', () => {
    const data = join(repoWithShippedData(), 'data');
    const future = record(data, '--today', '2999-01-01');
    expect(future.code).toBe(1);
    expect(future.stderr).toContain('--today 2999-01-01 is in the future');
    writeFileSync(
      join(data, 'courses.json'),
      readFileSync(join(data, 'courses.json'), 'utf8').replace(
        '"name": "Niche Site Launchpad"',
        '"name": "Niche Site Launchpad 2"',
      ),
    );
    const earlier = record(data, '--today', '2026-11-21');
    expect(earlier.code).toBe(1);
    expect(earlier.stderr).toContain(
      `course "${SLUG}": 2026-11-21 is before its latest entry (2026-11-22); the history cannot go back`,
    );
    expect(lines(data)).toEqual(lines(join(__dirname, '..', 'data')));
  });

  it('takes --source as data:verify takes --url: the provider’s own page only', () => {
    const data = join(repoWithShippedData(), 'data');
    editCourse(data, SLUG, ...NEW_PRICE_EDITS);
    const elsewhere = record(
      data,
      '--today',
      '2026-11-25',
      '--source',
      'https://reviews.example.org/x',
    );
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toContain(
      `course "${SLUG}", --source: the host reviews.example.org is not the provider's`,
    );
    const tracked = record(
      data,
      '--today',
      '2026-11-25',
      '--source',
      'https://saltmarsh.example.com/p?utm_source=x',
    );
    expect(tracked.code).toBe(1);
    const own = record(
      data,
      '--today',
      '2026-11-25',
      '--source',
      'https://saltmarsh.example.com/pricing',
    );
    expect(own).toMatchObject({ code: 0, stderr: '' });
    expect(lastEntry(data).sources).toEqual([
      {
        field: null,
        source_type: 'official',
        label: 'saltmarsh.example.com/pricing',
        url: 'https://saltmarsh.example.com/pricing',
      },
    ]);
    expect(own.stdout).toContain("(checked against the provider's page)");
  });

  it('takes the value before from --ref when the change was committed without an entry', () => {
    const repo = repoWithShippedData();
    const data = join(repo, 'data');
    editCourse(data, SLUG, ...NEW_PRICE_EDITS);
    git(repo, 'commit', '-q', '-am', 'A price, committed without recording it');
    const refused = record(data, '--today', '2026-11-25');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `course "${SLUG}", field price: the value the history last recorded is neither at HEAD nor in an entry`,
    );
    expect(refused.stderr).toContain('--ref');
    expect(record(data, '--today', '2026-11-25', '--ref', 'HEAD~1')).toMatchObject({ code: 0 });
    expect(lastEntry(data).changes[0].before).toMatchObject({ display: '$97', amount: 97 });
  });

  it('folds a change to a course added since the last commit into its one "added" entry', () => {
    const data = join(repoWithShippedData(), 'data');
    rewriteCourses(data, (courses) => courses.push(fixtureCourse('fresh-course')));
    expect(record(data, '--today', '2026-11-25').code).toBe(0);
    rewriteCourses(
      data,
      (courses) => (course(courses, 'fresh-course').name = 'Fresh Course, renamed'),
    );
    const again = record(data, '--today', '2026-11-25');
    expect(again).toMatchObject({ code: 0, stderr: '' });
    expect(again.stdout).toContain('replacing 1 of courses added since HEAD');
    const mine = lines(data)
      .map((line) => JSON.parse(line))
      .filter((e) => e.course === 'fresh-course');
    expect(mine.map((e) => [e.kind, e.name])).toEqual([['added', 'Fresh Course, renamed']]);
    expect(() => loadDataset(data)).not.toThrow();
  });

  it('--course records that course alone, whatever other courses still differ', () => {
    const data = join(repoWithShippedData(), 'data');
    editCourse(data, SLUG, ['"community": "Yes (forum)"', '"community": "No"']);
    editCourse(data, 'geo-operator-intensive', ['"community": "Cohort only"', '"community": "No"']);
    const one = record(data, '--today', '2026-11-25', '--course', SLUG);
    expect(one).toMatchObject({ code: 0, stderr: '' });
    expect(lastEntry(data)).toMatchObject({ kind: 'changed', course: SLUG });
    expect(check(data).stderr).toContain('course "geo-operator-intensive", field community');
    const other = record(data, '--today', '2026-11-25', '--course', 'geo-operator-intensive');
    expect(other).toMatchObject({ code: 0, stderr: '' });
    expect(check(data)).toMatchObject({ code: 0 });
  });

  it('never replaces an entry the last commit holds, whatever --ref gives the values before', () => {
    const repo = repoWithShippedData();
    const data = join(repo, 'data');
    rewriteCourses(data, (courses) => courses.push(fixtureCourse('fresh-course')));
    expect(record(data, '--today', '2026-11-25').code).toBe(0);
    git(repo, 'commit', '-q', '-am', 'A course, recorded');
    const published = lines(data);
    // Another course's change committed without an entry needs --ref; the new course changes too.
    rewriteCourses(data, (courses) => (course(courses, SLUG).price = NEW_PRICE));
    git(repo, 'commit', '-q', '-am', 'A price, committed without recording it');
    rewriteCourses(data, (courses) => (course(courses, 'fresh-course').name = 'Fresh Course 2'));
    const run = record(data, '--today', '2026-11-26', '--ref', 'HEAD~2');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(lines(data).slice(0, published.length)).toEqual(published);
    const added = lines(data)
      .slice(published.length)
      .map((line) => JSON.parse(line));
    expect(added.map((entry) => [entry.kind, entry.course])).toEqual([
      ['changed', SLUG],
      ['changed', 'fresh-course'],
    ]);
    expect(() => loadDataset(data)).not.toThrow();
  });

  it.each([
    [
      'a course removed, committed and added back',
      (repo: string, data: string) => {
        const removed = removeCourse(data, SLUG);
        expect(record(data, '--today', '2026-11-25').code).toBe(0);
        git(repo, 'commit', '-q', '-am', 'A course removed, recorded');
        rewriteCourses(data, (courses) => courses.push(removed));
      },
    ],
    [
      'a history started since the last commit',
      (repo: string, data: string) => {
        rmSync(join(data, 'history.jsonl'));
        git(repo, 'commit', '-q', '-am', 'Data without a history');
        expect(record(data, '--today', '2026-11-25').code).toBe(0);
      },
    ],
  ])('folds a later change into the "added" entry of %s', (_what, prepare) => {
    const repo = repoWithShippedData();
    const data = join(repo, 'data');
    prepare(repo, data);
    expect(record(data, '--today', '2026-11-25').code).toBe(0);
    rewriteCourses(data, (courses) => (course(courses, SLUG).name = 'Niche Site Launchpad 2'));
    const run = record(data, '--today', '2026-11-26');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const mine = lines(data)
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.course === SLUG);
    expect(mine.at(-1)).toMatchObject({ kind: 'added', name: 'Niche Site Launchpad 2' });
    expect(mine.filter((entry) => entry.kind === 'added' && entry.date === '2026-11-25')).toEqual(
      [],
    );
    expect(() => loadDataset(data)).not.toThrow();
  });

  it('writes nothing when what it would write is refused', () => {
    const data = join(repoWithShippedData(), 'data');
    const removed = removeCourse(data, SLUG);
    expect(record(data, '--today', '2026-11-26').code).toBe(0);
    const written = readFileSync(join(data, 'history.jsonl'), 'utf8');
    // Back, dated before its removal: the history would say it was added again before it left.
    rewriteCourses(data, (courses) => courses.push(removed));
    const refused = record(data, '--today', '2026-11-25');
    expect(refused.code).toBe(1);
    expect(readFileSync(join(data, 'history.jsonl'), 'utf8')).toBe(written);
    expect(record(data, '--today', '2026-11-26')).toMatchObject({ code: 0, stderr: '' });
  });

  it('starts a history for data that has none: every course added, and the methodology', () => {
    const data = join(repoWithShippedData(), 'data');
    rmSync(join(data, 'history.jsonl'));
    expect(check(data).stdout).toContain('no history.jsonl: the history is empty');
    const run = record(data, '--today', '2026-11-22');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('started the history with 35 entries');
    // The shipped history was started so, on the day the dataset was made: its courses' entries
    // are these; its methodology has changed since (its entries after the first are changes).
    const courses = (all: string[]) => all.filter((line) => line.includes('"course":'));
    const shipped = lines(join(__dirname, '..', 'data'));
    expect(courses(lines(data)).sort()).toEqual(courses(shipped).sort());
    expect(lines(data).filter((line) => !line.includes('"course":'))).toEqual([
      expect.stringMatching(
        /^\{"id":"2026-11-22-[^"]+","date":"2026-11-22","kind":"added","facts":/,
      ),
    ]);
  });
});

describe('npm run data:verify', () => {
  it('records its check in the history as a "verified" entry', () => {
    const data = join(repoWithShippedData(), 'data');
    const run = runTool('verify', [
      SLUG,
      '--field',
      'price',
      '--source',
      'official',
      '--url',
      'https://saltmarsh.example.com/pricing',
      '--today',
      '2026-11-26',
      '--data-dir',
      data,
    ]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain(
      "2026-11-26  verified             Niche Site Launchpad: Price checked on the provider's page on 26 November 2026.",
    );
    expect(lastEntry(data)).toMatchObject({
      kind: 'verified',
      course: SLUG,
      sources: [
        { field: 'price', source_type: 'official', url: 'https://saltmarsh.example.com/pricing' },
      ],
    });
    expect(check(data)).toMatchObject({ code: 0, stderr: '' });
  });
});

describe('two editors in the same week', () => {
  it('merge without conflict, and the merged data passes data:check with both entries', () => {
    const repo = repoWithShippedData();
    const data = join(repo, 'data');
    git(repo, 'switch', '-q', '-c', 'price');
    editCourse(data, SLUG, ...NEW_PRICE_EDITS);
    expect(record(data, '--today', '2026-11-25').code).toBe(0);
    git(repo, 'commit', '-q', '-am', 'A new price');
    git(repo, 'switch', '-q', 'main');
    git(repo, 'switch', '-q', '-c', 'levels');
    editCourse(data, 'open-crawl-lab', [
      '"levels": ["intermediate", "advanced"]',
      '"levels": ["intermediate"]',
    ]);
    expect(record(data, '--today', '2026-11-26').code).toBe(0);
    git(repo, 'commit', '-q', '-am', 'Other levels');
    git(repo, 'switch', '-q', 'main');
    git(repo, 'merge', '-q', '--no-edit', 'price');
    git(repo, 'merge', '-q', '--no-edit', 'levels');

    expect(check(data)).toMatchObject({ code: 0, stderr: '' });
    const merged = lines(data).map((line) => JSON.parse(line));
    expect(
      merged.filter((e) => e.kind === 'changed').map((e) => [e.course, e.changes[0].field]),
    ).toEqual(
      expect.arrayContaining([
        [SLUG, 'price'],
        ['open-crawl-lab', 'levels'],
      ]),
    );
    expect(merged).toHaveLength(lines(join(__dirname, '..', 'data')).length + 2);
  });
});
