import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoggerService } from '@nestjs/common';
import { plusDays } from '../../test/support/clock';
import { copyOfData } from '../../test/support/data-dir';
import { roomModule, shipped, useRoom } from '../../test/support/room';
import { checkedOn } from '../../test/support/verified-data';
import { CoursesService } from '../courses/courses.service';
import { MethodologyService } from '../methodology/methodology.service';
import { CatalogService } from './catalog.service';
import type { CourseRecord } from './course.schema';
import { loadDataset } from './dataset';

/**
 * The catalog (docs/data.md#loading-and-reloading, docs/data.md#derived-fields): the editors'
 * files checked before anything serves, the fields derived from them and from the date, and a
 * reload that keeps the previous data when the new files are wrong. Each case edits a copy of
 * the shipped data and starts the catalog on it, as the app starts it.
 */

function editCourses(dir: string, edit: (courses: Record<string, any>[]) => void): void {
  const path = join(dir, 'courses.json');
  const file = JSON.parse(readFileSync(path, 'utf8'));
  edit(file.courses);
  writeFileSync(path, JSON.stringify(file));
}
const slugAt = (dir: string, i: number): string =>
  JSON.parse(readFileSync(join(dir, 'courses.json'), 'utf8')).courses[i].slug;

/** The catalog and the list's service started on a data directory, at a moment. */
const start = (dir: string, now?: Date, logger?: LoggerService) =>
  roomModule([CoursesService], { env: { DATA_DIR: dir }, ...(now && { now }), logger });
/** Whether the catalog refuses to start on a directory, and with what message. */
const refusal = (dir: string, now?: Date) =>
  start(dir, now).then(
    async ({ module }) => {
      await module.close();
      return 'started';
    },
    (error: Error) => error.message,
  );

/** Every line a logger is given, whatever its level. */
function logLines(): { logger: LoggerService; lines: string[] } {
  const lines: string[] = [];
  const take = (message: unknown) => void lines.push(String(message));
  return { logger: { log: take, error: take, warn: take, debug: take, verbose: take }, lines };
}

describe('derived fields', () => {
  const room = useRoom([CoursesService]);

  it('page_url, enrolling, budget_band and placeholder meta hold for every course', () => {
    const { data, meta } = room.get(CoursesService).search({ include_inactive: true });
    const limits = shipped.methodology().budget_bands.upper_limits_usd;
    expect(data).toHaveLength(shipped.courses().length);
    for (const course of data) {
      expect(course.page_url).toBe(`http://localhost:3000/ai-seo-courses/${course.slug}`);
      expect(course.enrolling).toBe(course.status === 'active');
      const cost = course.price.first_year_cost_usd;
      const band =
        cost === null
          ? null
          : cost <= limits.free
            ? 'free'
            : cost < limits.under_100
              ? 'under_100'
              : cost <= limits['100_500']
                ? '100_500'
                : '500_plus';
      expect({ slug: course.slug, band: course.price.budget_band }).toEqual({
        slug: course.slug,
        band,
      });
      expect(course.verification.status).toBe('unverified');
    }
    expect(meta.contains_placeholder_data).toBe(true);
  });

  it('verification status moves fresh → review_due → stale → seriously_stale as the clock advances', async () => {
    const dir = copyOfData();
    editCourses(dir, (courses) => checkedOn(courses[0] as CourseRecord, '2026-01-01'));
    const slug = slugAt(dir, 0);
    const { module, clock } = await start(dir, new Date('2026-01-01T12:00:00Z'));
    try {
      const statusOn = (date: string) => {
        clock.current = new Date(`${date}T00:00:00Z`);
        const { data, meta } = module.get(CoursesService).get(slug);
        return [data.verification.status, meta.last_verified_on];
      };
      const days = shipped.methodology().verification_days;
      const plus = (n: number) => plusDays('2026-01-01', n);
      expect(statusOn(plus(days.fresh))).toEqual(['fresh', '2026-01-01']);
      expect(statusOn(plus(days.fresh + 1))).toEqual(['review_due', '2026-01-01']);
      expect(statusOn(plus(days.review_due + 1))).toEqual(['stale', '2026-01-01']);
      expect(statusOn(plus(days.stale + 1))).toEqual(['seriously_stale', '2026-01-01']);
    } finally {
      await module.close();
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
    expect(await refusal(dir)).toMatch(message);
  });

  it('a broken methodology file names the file and field', async () => {
    const dir = copyOfData();
    const path = join(dir, 'methodology.json');
    writeFileSync(
      path,
      JSON.stringify({ ...JSON.parse(readFileSync(path, 'utf8')), match_threshold: 'high' }),
    );
    expect(await refusal(dir)).toMatch(/methodology\.json: field match_threshold: /);
  });
});

describe('verification dates, relative to the clock’s UTC date', () => {
  const verified = (on: string, last: string | null) => (c: any[]) => {
    c[3].verification.last_verified_on = last;
    c[3].verification.sources = [
      { field: 'price', source_type: 'official', label: 'Pricing', url: null, verified_on: on },
    ];
  };

  it('a source verified_on after today stops the start; the same file starts a day later', async () => {
    const dir = copyOfData();
    editCourses(dir, verified('2026-03-02', '2026-03-02'));
    expect(await refusal(dir, new Date('2026-03-01T23:59:59Z'))).toMatch(
      /courses\.json: course "[a-z0-9-]+", field verification\.sources\.0\.verified_on: 2026-03-02 is in the future \(today is 2026-03-01, UTC\)/,
    );
    expect(await refusal(dir, new Date('2026-03-02T00:00:00Z'))).toBe('started');
  });

  it('a last_verified_on its sources do not support (an earlier rule’s) starts, served as they support it and logged', async () => {
    // The price alone checked, and the course dated by that one check as the earlier rule did.
    const dir = copyOfData();
    editCourses(dir, verified('2026-03-02', '2026-03-02'));
    const log = logLines();
    const { module } = await start(dir, new Date('2026-03-03T12:00:00Z'), log.logger);
    try {
      const { data, meta } = module.get(CoursesService).get(slugAt(dir, 3));
      expect(data.verification).toMatchObject({ last_verified_on: null, status: 'unverified' });
      expect(meta.last_verified_on).toBeNull();
      const said = log.lines.filter((line) => line.includes('do not support'));
      expect(said).toHaveLength(1);
      expect(said[0]).toContain('1 course(s)');
    } finally {
      await module.close();
    }
  });

  it('a reload with a future date keeps the previous data', async () => {
    const dir = copyOfData();
    const { module, clock } = await start(dir, new Date('2026-03-01T12:00:00Z'));
    try {
      editCourses(dir, verified('2026-03-05', '2026-03-05'));
      expect(module.get(CatalogService).reload()).toBe(false);
      clock.current = new Date('2026-03-05T00:00:00Z');
      expect(module.get(CatalogService).reload()).toBe(true);
    } finally {
      await module.close();
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

describe('the $schema member of the data files', () => {
  it('a data file may name its JSON Schema; the served data does not carry it, and a bad one is refused', async () => {
    const dir = copyOfData();
    for (const file of ['courses', 'methodology', 'policies', 'assistants']) {
      const json = JSON.parse(readFileSync(join(dir, `${file}.json`), 'utf8'));
      expect(json.$schema).toBe(`./schemas/${file}.schema.json`);
    }
    const { module } = await roomModule([CoursesService, MethodologyService], {
      env: { DATA_DIR: dir },
    });
    try {
      const methodology = module.get(MethodologyService).get().data;
      expect(methodology).not.toHaveProperty('$schema');
      expect(methodology.weights).toBeDefined();
      // The JSON dataset (/ai-seo-courses.json) is this body.
      const dataset = module.get(CoursesService).search({ include_inactive: true });
      expect(JSON.stringify(dataset.body())).not.toContain('$schema');
    } finally {
      await module.close();
    }
    const path = join(dir, 'policies.json');
    writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, 'utf8')), $schema: 7 }));
    expect(() => loadDataset(dir)).toThrow(/policies\.json: field \$schema: /);
  });
});

describe('SIGHUP', () => {
  it('reloads good data and keeps serving the old data when the new files are broken', async () => {
    const dir = copyOfData();
    const { module } = await start(dir);
    try {
      const list = module.get(CoursesService);
      const { slug } = list.search({ include_inactive: true }).data[0];
      editCourses(dir, (courses) => {
        courses.find((c) => c.slug === slug)!.name = 'Renamed course';
      });
      process.emit('SIGHUP');
      expect(list.get(slug).data.name).toBe('Renamed course');

      editCourses(dir, (courses) => (courses[0].topic_coverage.geo = 9));
      process.emit('SIGHUP');
      expect(module.get(CatalogService).reload()).toBe(false);
      expect(list.get(slug).data.name).toBe('Renamed course');
    } finally {
      await module.close();
    }
  });
});
