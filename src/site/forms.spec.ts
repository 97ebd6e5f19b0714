import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { DATA_DIR } from '../../test/support/data-dir';
import { cleanAddress } from './forms';

/**
 * One way to write a request (docs/website.md#one-way-to-write-a-request): an address with an
 * empty field or a list given apart is written as the API takes it. The 308 that sends a browser
 * there, and its headers, are test/site.e2e-spec.ts's.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const slugs: string[] = JSON.parse(
  readFileSync(join(DATA_DIR, 'courses.json'), 'utf8'),
).courses.map((course: { slug: string }) => course.slug);
/** The names that take a comma list, as the API's do. */
const LISTS = ['courses', 'level'];

describe('cleanAddress', () => {
  it('writes any address with empty fields or a list given apart as one the API would take as it is, and leaves that one be', () => {
    const field = fc.oneof(
      fc.tuple(fc.constantFrom('q', 'level', 'specialty', 'price_band'), fc.constant('')),
      fc.tuple(fc.constant('q'), fc.stringMatching(/^[a-z ,]{1,12}$/)),
      fc.tuple(fc.constant('level'), fc.constantFrom('beginner', 'advanced')),
    );
    const addresses = fc.oneof(
      fc.array(field, { maxLength: 5 }).map((fields) => ['/ai-seo-courses', fields] as const),
      fc
        .array(fc.tuple(fc.constant('courses'), fc.constantFrom('', ...slugs)), {
          minLength: 1,
          maxLength: 4,
        })
        .map((fields) => ['/ai-seo-courses/compare', fields] as const),
    );
    fc.assert(
      fc.property(addresses, ([path, fields]) => {
        const query = fields.map(([n, v]) => `${n}=${encodeURIComponent(v)}`).join('&');
        const clean = cleanAddress(`${path}?${query}`);
        const given = fields.filter(([, v]) => v !== '');
        const repeated = LISTS.some((list) => given.filter(([n]) => n === list).length > 1);
        if (given.length === fields.length && !repeated) {
          expect(clean).toBeUndefined();
          return;
        }
        expect(clean).toBeDefined();
        expect(clean!.startsWith(path)).toBe(true);
        const kept = new URLSearchParams(clean!.split('?')[1] ?? '');
        expect([...kept.values()].every((v) => v !== '')).toBe(true);
        for (const list of LISTS) {
          expect(kept.getAll(list).length).toBeLessThanOrEqual(1);
          expect(kept.getAll(list).join(',')).toBe(
            given.flatMap(([n, v]) => (n === list ? [v] : [])).join(','),
          );
        }
        expect(kept.getAll('q')).toEqual(given.flatMap(([n, v]) => (n === 'q' ? [v] : [])));
        // The address it is sent to is written the one way already.
        expect(cleanAddress(clean!)).toBeUndefined();
      }),
      { numRuns: 300, seed: SEED },
    );
  });

  it('keeps a name that takes one value given twice, for the page to say what is wrong', () => {
    expect(cleanAddress('/ai-seo-courses/finder?objective=ai_geo&objective=links')).toBeUndefined();
    expect(cleanAddress('/ai-seo-courses/finder?objective=ai_geo&objective=links&budget=')).toBe(
      '/ai-seo-courses/finder?objective=ai_geo&objective=links',
    );
  });
});
