import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApp } from '../src/bootstrap';
import { CatalogService } from '../src/catalog/catalog.service';
import { loadDataset } from '../src/catalog/dataset';
import { errorBodySchema } from '../src/core/envelope.schema';
import { copyOfData, startTestApp } from './support/app';
import { TestClock } from './support/clock';
import { checkedOn } from './support/verified-data';
import type { CourseRecord } from '../src/catalog/course.schema';
import { eventually, logCapture } from './support/edge';
import { expectValid } from './support/schemas';

function editCourses(dir: string, edit: (courses: Record<string, any>[]) => void): void {
  const path = join(dir, 'courses.json');
  const file = JSON.parse(readFileSync(path, 'utf8'));
  edit(file.courses);
  writeFileSync(path, JSON.stringify(file));
}

describe('derived fields', () => {
  it('verification status moves fresh → review_due → stale → seriously_stale as the clock advances', async () => {
    const dir = copyOfData();
    editCourses(dir, (courses) => {
      checkedOn(courses[0] as CourseRecord, '2026-01-01');
    });
    const slug = JSON.parse(readFileSync(join(dir, 'courses.json'), 'utf8')).courses[0].slug;
    const clock = new TestClock(new Date('2026-01-01T12:00:00Z'));
    const t = await startTestApp({ env: { DATA_DIR: dir }, clock });
    const statusOn = async (date: string) => {
      clock.current = new Date(`${date}T00:00:00Z`);
      const body = await t.json(`/api/v1/courses/${slug}?`);
      return [body.data.verification.status, body.meta.last_verified_on];
    };
    try {
      const days = JSON.parse(
        readFileSync(join(dir, 'methodology.json'), 'utf8'),
      ).verification_days;
      const plus = (n: number) =>
        new Date(Date.parse('2026-01-01') + n * 86_400_000).toISOString().slice(0, 10);
      expect(await statusOn(plus(days.fresh))).toEqual(['fresh', '2026-01-01']);
      expect(await statusOn(plus(days.fresh + 1))).toEqual(['review_due', '2026-01-01']);
      expect(await statusOn(plus(days.review_due + 1))).toEqual(['stale', '2026-01-01']);
      expect(await statusOn(plus(days.stale + 1))).toEqual(['seriously_stale', '2026-01-01']);
    } finally {
      await t.close();
    }
  });

  it('page_url, enrolling, budget_band and placeholder meta hold for every course', async () => {
    const t = await startTestApp();
    try {
      const body = await t.json('/api/v1/courses?include_inactive=true');
      const limits = { free: 0, under: 100, mid: 500 };
      for (const course of body.data) {
        expect(course.page_url).toBe(`http://localhost:3000/ai-seo-courses/${course.slug}`);
        expect(course.enrolling).toBe(course.status === 'active');
        const cost = course.price.first_year_cost_usd;
        const band =
          cost === null
            ? null
            : cost <= limits.free
              ? 'free'
              : cost < limits.under
                ? 'under_100'
                : cost <= limits.mid
                  ? '100_500'
                  : '500_plus';
        expect(course.price.budget_band).toBe(band);
        expect(course.verification.status).toBe('unverified');
      }
      expect(body.meta.contains_placeholder_data).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('invalid data stops the start with a message naming file, course, field and problem', () => {
  it.each([
    [
      'a wrong enum',
      (c: any[]) => (c[1].ai_geo_focus = 'Huge'),
      /courses\.json: course "[a-z0-9-]+", field ai_geo_focus: .*High/,
    ],
    [
      'a duplicate slug',
      (c: any[]) => (c[2].slug = c[3].slug),
      /courses\.json: course "[a-z0-9-]+", field slug: duplicate slug/,
    ],
    ...['finder', 'compare', 'methodology', 'changes', 'glossary'].map(
      (slug) =>
        [
          `the slug ${slug}, the address of a page of the site`,
          (c: any[]) => (c[2].slug = slug),
          new RegExp(
            `courses\\.json: course "${slug}", field slug: /ai-seo-courses/${slug} is the address of another page`,
          ),
        ] as [string, (c: any[]) => unknown, RegExp],
    ),
    [
      'coverage 6',
      (c: any[]) => (c[0].topic_coverage.geo = 6),
      /courses\.json: course "[a-z0-9-]+", field topic_coverage\.geo: .*5/,
    ],
    [
      'a missing field',
      (c: any[]) => delete c[4].levels,
      /courses\.json: course "[a-z0-9-]+", field levels: .*/,
    ],
    [
      'a published price without its first-year cost',
      (c: any[]) => {
        c[5].price.known = true;
        c[5].price.first_year_cost_usd = null;
      },
      /courses\.json: course "[a-z0-9-]+", field price\.first_year_cost_usd: required when price\.known is true/,
    ],
    ['no levels', (c: any[]) => (c[6].levels = []), /field levels: must list at least one value/],
    [
      'an affiliate link',
      (c: any[]) => (c[7].link_is_affiliate = true),
      /courses\.json: course "[a-z0-9-]+", field link_is_affiliate: rule 4: .*must be false/,
    ],
    [
      'a url with a utm_ marker',
      (c: any[]) => (c[8].url = 'https://provider.example.com/course?utm_source=newsletter'),
      /courses\.json: course "[a-z0-9-]+", field url: rule 4: .*"utm_source" is a tracking marker/,
    ],
    [
      'a url with ref=',
      (c: any[]) => (c[8].url = 'https://provider.example.com/course?ref=partner42'),
      /field url: rule 4: .*"ref" is a tracking marker/,
    ],
    [
      'a url with aff=',
      (c: any[]) => (c[8].url = 'https://provider.example.com/course?id=3&aff=7'),
      /field url: rule 4: .*"aff" is a tracking marker/,
    ],
    [
      'a url with tag=',
      (c: any[]) => (c[8].url = 'https://provider.example.com/course?tag=shop-20'),
      /field url: rule 4: .*"tag" is a tracking marker/,
    ],
    [
      "an affiliate network's host",
      (c: any[]) => (c[9].url = 'https://www.shareasale.com/r.cfm?b=1&u=2'),
      /field url: rule 4: .*host www\.shareasale\.com is an affiliate network/,
    ],
  ])('%s', async (_label, edit, message) => {
    const dir = copyOfData();
    editCourses(dir, edit);
    await expect(
      createApp({ env: { DATA_DIR: dir, ASSISTANT_RANGES: 'static' }, logger: false }),
    ).rejects.toThrow(message);
  });

  describe('verification dates, relative to the clock’s UTC date', () => {
    const verified = (on: string, last: string | null) => (c: any[]) => {
      c[3].verification.last_verified_on = last;
      c[3].verification.sources = [
        { field: 'price', source_type: 'official', label: 'Pricing', url: null, verified_on: on },
      ];
    };
    const start = (dir: string, now: string) =>
      createApp({
        env: { DATA_DIR: dir, ASSISTANT_RANGES: 'static' },
        logger: false,
        clock: new TestClock(new Date(now)),
      });

    it('a source verified_on after today stops the start; the same file starts a day later', async () => {
      const dir = copyOfData();
      editCourses(dir, verified('2026-03-02', '2026-03-02'));
      await expect(start(dir, '2026-03-01T23:59:59Z')).rejects.toThrow(
        /courses\.json: course "[a-z0-9-]+", field verification\.sources\.0\.verified_on: 2026-03-02 is in the future \(today is 2026-03-01, UTC\)/,
      );
      const app = await start(dir, '2026-03-02T00:00:00Z');
      await app.close();
    });

    it('a last_verified_on its sources do not support (an earlier rule’s) starts, served as they support it and logged', async () => {
      // The price alone checked, and the course dated by that one check as the earlier rule did.
      const dir = copyOfData();
      editCourses(dir, verified('2026-03-02', '2026-03-02'));
      const slug = JSON.parse(readFileSync(join(dir, 'courses.json'), 'utf8')).courses[3].slug;
      const log = logCapture();
      const t = await startTestApp({
        env: { DATA_DIR: dir },
        clock: new TestClock(new Date('2026-03-03T12:00:00Z')),
        logStream: log.stream,
      });
      try {
        const { data, meta } = await t.json(`/api/v1/courses/${slug}`);
        expect(data.verification).toMatchObject({ last_verified_on: null, status: 'unverified' });
        expect(meta.last_verified_on).toBeNull();
        const said = log.lines().filter((line) => line.includes('do not support'));
        expect(said).toHaveLength(1);
        expect(said[0]).toContain('1 course(s)');
      } finally {
        await t.close();
      }
    });

    it('a reload with a future date keeps the previous data', async () => {
      const dir = copyOfData();
      const clock = new TestClock(new Date('2026-03-01T12:00:00Z'));
      const t = await startTestApp({ env: { DATA_DIR: dir }, clock });
      try {
        editCourses(dir, verified('2026-03-05', '2026-03-05'));
        expect(t.app.get(CatalogService).reload()).toBe(false);
        clock.current = new Date('2026-03-05T00:00:00Z');
        expect(t.app.get(CatalogService).reload()).toBe(true);
      } finally {
        await t.close();
      }
    });

    it('loadDataset without today leaves the date of today unchecked, the order of dates checked', () => {
      const dir = copyOfData();
      editCourses(dir, verified('2999-01-01', '2999-01-01'));
      expect(loadDataset(dir).courses[3].verification.last_verified_on).toBe('2999-01-01');
      expect(() => loadDataset(dir, '2026-01-01')).toThrow(/2999-01-01 is in the future/);
      // A date the sources do not support is noted, not refused (docs/data.md#the-facts).
      editCourses(dir, verified('2999-01-01', '2998-12-31'));
      expect(loadDataset(dir).notes).toEqual([
        expect.stringMatching(
          /courses\.json: course "[a-z0-9-]+", field verification\.last_verified_on: 2998-12-31 is not what its sources support \(no check of name, provider, url, status, levels, .*\), so the service serves null \(unverified\)/,
        ),
      ]);
    });
  });

  it('a broken methodology file names the file and field', async () => {
    const dir = copyOfData();
    const path = join(dir, 'methodology.json');
    const file = JSON.parse(readFileSync(path, 'utf8'));
    file.match_threshold = 'high';
    writeFileSync(path, JSON.stringify(file));
    await expect(
      createApp({ env: { DATA_DIR: dir, ASSISTANT_RANGES: 'static' }, logger: false }),
    ).rejects.toThrow(/methodology\.json: field match_threshold: /);
  });

  it('a bad configuration value stops the start naming the variable', async () => {
    await expect(createApp({ env: { PORT: 'eighty' }, logger: false })).rejects.toThrow(/PORT/);
    await expect(createApp({ env: { TRUST_PROXY: 'everyone' }, logger: false })).rejects.toThrow(
      /TRUST_PROXY/,
    );
  });
});

describe('the $schema member of the data files', () => {
  it('a data file may name its JSON Schema; the served data does not carry it', async () => {
    const dir = copyOfData();
    for (const file of ['courses', 'methodology', 'policies', 'assistants']) {
      const json = JSON.parse(readFileSync(join(dir, `${file}.json`), 'utf8'));
      expect(json.$schema).toBe(`./schemas/${file}.schema.json`);
    }
    const t = await startTestApp({ env: { DATA_DIR: dir } });
    try {
      const methodology = await t.json('/api/v1/methodology');
      expect(methodology.data).not.toHaveProperty('$schema');
      expect(methodology.data.weights).toBeDefined();
      expect(JSON.stringify(await t.json('/ai-seo-courses.json'))).not.toContain('$schema');
    } finally {
      await t.close();
    }
    const path = join(dir, 'policies.json');
    writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, 'utf8')), $schema: 7 }));
    expect(() => loadDataset(dir)).toThrow(/policies\.json: field \$schema: /);
  });
});

describe('SIGHUP', () => {
  it('reloads good data and keeps serving the old data when the new files are broken', async () => {
    const dir = copyOfData();
    const t = await startTestApp({ env: { DATA_DIR: dir } });
    try {
      const before = await t.json('/api/v1/courses?include_inactive=true');
      const first = before.data[0];

      editCourses(dir, (courses) => {
        courses.find((c) => c.slug === first.slug)!.name = 'Renamed course';
      });
      process.emit('SIGHUP');
      // The files are read in a worker thread; the old data serves until they are.
      await eventually(
        async () => (await t.json(`/api/v1/courses/${first.slug}`)).data.name === 'Renamed course',
      );

      editCourses(dir, (courses) => (courses[0].topic_coverage.geo = 9));
      process.emit('SIGHUP');
      expect(t.app.get(CatalogService).reload()).toBe(false);
      const after = await t.json(`/api/v1/courses/${first.slug}`);
      expect(after.data.name).toBe('Renamed course');
    } finally {
      await t.close();
    }
  });
});

describe('a thrown bug', () => {
  it('is a 500 internal_error body with no stack, path or library text', async () => {
    const clock = new TestClock(new Date());
    const t = await startTestApp({ clock });
    try {
      clock.fail = true;
      const response = await t.get('/api/v1/courses');
      expect(response.status).toBe(500);
      const text = await response.text();
      const body = JSON.parse(text);
      expectValid(errorBodySchema, body);
      expect(body).toEqual({
        error: { code: 'internal_error', message: 'Internal server error.' },
      });
      expect(text).not.toMatch(/secret|exploded|\.ts|at /);
    } finally {
      await t.close();
    }
  });
});
