import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDataset } from '../src/catalog/dataset';
import { buildCatalog } from '../src/catalog/derive';
import { FACTS } from '../src/catalog/facts';
import { copyOfData } from './support/app';
import { SHIPPED_HISTORY_DAY } from './support/clock';
import {
  fixtureCourse,
  fixtureData,
  plusDays,
  readJson,
  runHere,
  runTool,
  verificationText,
} from './support/data-tools';

/**
 * `npm run data:verify` (docs/editing-data.md), on a copy of the shipped data (its real
 * formatting): the built CLI for the runs that write, the command in this process for those it
 * refuses.
 */

const TODAY = '2026-06-15';
const SLUG = 'answer-engine-foundations';
const PRICING = 'https://lanternfield.example.com/pricing';
const URLS = { siteUrl: 'http://localhost:3000', baseUrl: 'http://localhost:3000/api/v1' };

/** A run that writes, by the built CLI: it formats with Prettier, which jest's loader cannot load. */
function verify(dir: string, ...args: string[]) {
  return runTool('verify', [...args, '--data-dir', dir]);
}

/** A run refused before anything is written, in this process. */
function refused(dir: string, ...args: string[]) {
  return runHere('verify', [...args, '--data-dir', dir]);
}

describe('npm run data:verify', () => {
  it('records the source and today’s date, changing only those lines of courses.json; one fact checked leaves the course unverified, naming the others', () => {
    const dir = copyOfData();
    const path = join(dir, 'courses.json');
    const original = readFileSync(path, 'utf8');
    const run = runTool('verify', [
      '--data-dir',
      dir,
      SLUG,
      '--field',
      'price',
      '--source',
      'official',
      '--url',
      PRICING,
      '--label',
      'Pricing page',
      '--today',
      TODAY,
    ]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain(
      `course "${SLUG}": price verified on ${TODAY} (official, ${PRICING})\n`,
    );
    // Its date is the day every fact had been checked by (docs/data.md#the-facts): none yet.
    const others = FACTS.filter((fact) => fact !== 'price');
    expect(run.stdout).toContain(
      `course "${SLUG}": last_verified_on null → null; no check yet of ${others.join(', ')}: the course is unverified until every fact is checked`,
    );

    const start = original.indexOf(`"slug": "${SLUG}"`);
    const block = verificationText({ last_verified_on: null, sources: [] });
    const at = original.indexOf(block, start);
    expect(at).toBeGreaterThan(start);
    const recorded = verificationText({
      last_verified_on: null,
      sources: [
        {
          field: 'price',
          source_type: 'official',
          label: 'Pricing page',
          url: PRICING,
          verified_on: TODAY,
        },
      ],
    });
    const expected = original.slice(0, at) + recorded + original.slice(at + block.length);
    expect(readFileSync(path, 'utf8')).toBe(expected);
    const served = (day: string) =>
      buildCatalog(loadDataset(dir, day), day, URLS).bySlug.get(SLUG)!.verification;
    expect(served(TODAY)).toMatchObject({ last_verified_on: null, status: 'unverified' });

    // Every other fact, checked a week later in one run: verified as of the oldest check.
    const week = plusDays(TODAY, 7);
    const rest = verify(
      dir,
      SLUG,
      ...others.flatMap((fact) => ['--field', fact]),
      ...['--source', 'official', '--url', PRICING, '--today', week],
    );
    expect(rest).toMatchObject({ code: 0, stderr: '' });
    expect(rest.stdout).toContain(
      `course "${SLUG}": last_verified_on null → ${TODAY}; checked before the rest (${week}): price on ${TODAY}`,
    );
    expect(served(week)).toMatchObject({ last_verified_on: TODAY, status: 'fresh' });
  });

  it('adds a source per field and page, and replaces a re-check of the same one', () => {
    const dir = copyOfData();
    const later = plusDays(TODAY, 30);
    const official = ['--field', 'price', '--source', 'official', '--url', PRICING];
    expect(verify(dir, SLUG, ...official, '--today', TODAY).code).toBe(0);
    const levels = ['--field', 'levels', '--source', 'first_hand', '--label', 'Took lesson 1'];
    expect(verify(dir, SLUG, ...levels, '--today', TODAY).code).toBe(0);
    const again = verify(dir, SLUG, ...official, '--today', later);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`replacing the check of ${TODAY}`);

    const course = readJson(join(dir, 'courses.json')).courses.find((c: any) => c.slug === SLUG);
    expect(course.verification).toEqual({
      // Two facts of thirteen checked: no day by which every fact was.
      last_verified_on: null,
      sources: [
        {
          field: 'price',
          source_type: 'official',
          label: 'lanternfield.example.com/pricing',
          url: PRICING,
          verified_on: later,
        },
        {
          field: 'levels',
          source_type: 'first_hand',
          label: 'Took lesson 1',
          url: null,
          verified_on: TODAY,
        },
      ],
    });
  });

  it('records checks of one course on one day in the order they were made: the data stays valid', () => {
    const dir = copyOfData({ history: true });
    const day = SHIPPED_HISTORY_DAY;
    const fields = ['price', 'levels', 'formats'];
    for (const field of fields) {
      const args = ['--field', field, '--source', 'official', '--url', PRICING, '--today', day];
      expect(verify(dir, SLUG, ...args)).toMatchObject({ code: 0, stderr: '' });
    }
    expect(() => loadDataset(dir, day)).not.toThrow();
    const lines = readFileSync(join(dir, 'history.jsonl'), 'utf8').trim().split('\n');
    const written = lines.slice(-fields.length).map((line) => JSON.parse(line));
    // After the entries the day had already: the first of a day has no seq, then 1, 2, …
    const had = lines.slice(0, -fields.length).filter((line) => JSON.parse(line).date === day);
    const seq = (k: number) => (had.length + k === 0 ? undefined : had.length + k);
    expect(written.map((entry) => [entry.kind, entry.date, entry.seq])).toEqual([
      ['verified', day, seq(0)],
      ['verified', day, seq(1)],
      ['verified', day, seq(2)],
    ]);
  });

  it.each([
    ['a subdomain of the provider’s host', 'https://learn.lanternfield.example.com/pricing'],
    ['the provider’s host in capitals', 'https://Lanternfield.Example.com/pricing'],
  ])('accepts %s', (_label, url) => {
    const dir = copyOfData();
    const args = ['--field', 'price', '--source', 'official', '--url', url, '--today', TODAY];
    expect(verify(dir, SLUG, ...args)).toMatchObject({ code: 0, stderr: '' });
  });

  it('takes the bare domain of a www. provider, and the course url’s host when there is no provider.url', () => {
    const dir = fixtureData([
      fixtureCourse('www-course', (c) => {
        c.provider.url = 'https://www.acme.example.org';
        c.url = null;
      }),
      fixtureCourse('url-course', (c) => {
        c.provider.url = null;
        c.url = 'https://courses.zenith.example.net/seo';
      }),
    ]);
    const check = (slug: string, url: string) =>
      verify(dir, slug, '--field', 'price', '--source', 'official', '--url', url, '--today', TODAY)
        .code;
    expect(check('www-course', 'https://acme.example.org/pricing')).toBe(0);
    expect(check('www-course', 'https://shop.acme.example.org/pricing')).toBe(0);
    expect(check('url-course', 'https://courses.zenith.example.net/pricing')).toBe(0);
    expect(check('url-course', 'https://zenith.example.net/pricing')).toBe(1);
  });

  it('dates a check with --today, and checks the files as of the real day', () => {
    const dir = copyOfData({ history: true });
    const official = (url: string, day: string) => [
      ...['--field', 'price', '--source', 'official', '--url', url, '--today', day],
    ];
    const day = SHIPPED_HISTORY_DAY;
    const later = verify(
      dir,
      'geo-operator-intensive',
      ...official('https://kestrelvale.example.org/pricing', day),
    );
    expect(later).toMatchObject({ code: 0, stderr: '' });
    // A check made earlier, recorded after it: the entry of the later day is no future for the files.
    const earlier = verify(dir, SLUG, ...official(PRICING, plusDays(day, -3)));
    expect(earlier).toMatchObject({ code: 0, stderr: '' });
    const course = readJson(join(dir, 'courses.json')).courses.find((c: any) => c.slug === SLUG);
    expect(course.verification.sources[0].verified_on).toBe(plusDays(day, -3));
    expect(() => loadDataset(dir, day)).not.toThrow();
  });

  describe('refuses, leaving the file as it was', () => {
    const official = (url: string) => ['--field', 'price', '--source', 'official', '--url', url];
    it.each<[string, string[], number, RegExp]>([
      [
        'an unknown slug',
        ['no-such-course', ...official(PRICING)],
        1,
        /courses\.json: no course "no-such-course"/,
      ],
      [
        'an unknown source type',
        [SLUG, '--field', 'price', '--source', 'blog', '--url', PRICING],
        1,
        /unknown source type "blog"; one of official, public_third_party, first_hand/,
      ],
      [
        'another site',
        [SLUG, ...official('https://reviews.example.net/lanternfield')],
        1,
        /course "answer-engine-foundations", --url: the host reviews\.example\.net is not the provider's \(lanternfield\.example\.com, or a subdomain of one\)/,
      ],
      [
        'a look-alike host ending in the provider’s',
        [SLUG, ...official('https://notlanternfield.example.com/pricing')],
        1,
        /the host notlanternfield\.example\.com is not the provider's/,
      ],
      [
        'the provider’s host inside another domain',
        [SLUG, ...official('https://lanternfield.example.com.evil.example.net/pricing')],
        1,
        /the host lanternfield\.example\.com\.evil\.example\.net is not the provider's/,
      ],
      [
        'a utm_ tracking marker',
        [SLUG, ...official(`${PRICING}?utm_source=newsletter`)],
        1,
        /--url: rule 4: .*the query parameter "utm_source" is a tracking marker/,
      ],
      [
        'a ref= tracking marker',
        [SLUG, ...official(`${PRICING}?ref=partner42`)],
        1,
        /--url: rule 4: .*"ref" is a tracking marker/,
      ],
      [
        'an affiliate network',
        [SLUG, ...official('https://www.shareasale.com/r.cfm?b=1')],
        1,
        /--url: rule 4: .*the host www\.shareasale\.com is an affiliate network/,
      ],
      [
        'a URL that is not http(s)',
        [SLUG, ...official('ftp://lanternfield.example.com/pricing')],
        1,
        /--url: "ftp:\/\/lanternfield\.example\.com\/pricing" is not an http\(s\) URL/,
      ],
      [
        'an unknown field',
        [SLUG, '--field', 'prise', '--source', 'official', '--url', PRICING],
        1,
        /course "answer-engine-foundations" has no field "prise"/,
      ],
      [
        'the verification itself as the field',
        [SLUG, '--field', 'verification', '--source', 'official', '--url', PRICING],
        1,
        /has no field "verification"/,
      ],
      [
        'an official source without a URL',
        [SLUG, '--field', 'price', '--source', 'official', '--label', 'Pricing'],
        1,
        /an official source needs --url/,
      ],
      [
        'a course with no provider URL to check against',
        ['programmatic-seo-pilot', ...official('https://sparrowgate.example.com/p')],
        1,
        /course "programmatic-seo-pilot" has no provider\.url or url/,
      ],
      ['no --field', [SLUG, '--source', 'official', '--url', PRICING], 2, /--field and --source/],
      ['two slugs', [SLUG, SLUG, ...official(PRICING)], 2, /exactly one course slug/],
      ['a bad --today', [SLUG, ...official(PRICING), '--today', '2026-6-1'], 2, /--today/],
    ])('%s', async (_label, args, code, message) => {
      const dir = copyOfData();
      const path = join(dir, 'courses.json');
      const before = readFileSync(path, 'utf8');
      const run = await refused(
        dir,
        ...args,
        ...(args.includes('--today') ? [] : ['--today', TODAY]),
      );
      expect({ code: run.code, stdout: run.stdout }).toEqual({ code, stdout: '' });
      expect(run.stderr).toMatch(message);
      expect(readFileSync(path, 'utf8')).toBe(before);
    });

    it('invalid data: the edit waits until data:check passes', async () => {
      const dir = copyOfData();
      const path = join(dir, 'courses.json');
      const file = readJson(path);
      // After any day the files are checked on (the real one: --today only dates the check).
      file.courses[1].verification = { last_verified_on: '2999-01-01', sources: [] };
      writeFileSync(path, JSON.stringify(file, null, 2));
      const before = readFileSync(path, 'utf8');
      const run = await refused(dir, SLUG, ...official(PRICING), '--today', TODAY);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        /courses\.json: course "[a-z0-9-]+", field verification\.last_verified_on: .* is in the future/,
      );
      expect(readFileSync(path, 'utf8')).toBe(before);
    });
  });
});
