import { join } from 'node:path';
import fc from 'fast-check';
import { loadShippedCourses } from '../../test/support/courses';
import { CourseSearch } from './course-search';
import { loadDataset } from './dataset';
import { searchesNear, suggestSearches } from './search-suggestions';

/**
 * What the searches offered cost (docs/api.md#ways-out-of-an-empty-list): every part of a query
 * must be found, so the searches near a query that finds nothing search each of its parts once and
 * the whole query a handful of times, however long it is; the suggestions, when the words before
 * the last find nothing, search no completion of the last.
 */

const SEED = 20261207;
const courses = loadShippedCourses();
const search = new CourseSearch(courses, loadDataset(join(__dirname, '..', '..', 'data')).glossary);

/** A count that counts its own calls: how many searches a function made. */
function counting() {
  const asked: string[] = [];
  const count = (q: string) => {
    asked.push(q);
    return courses.filter((c) => c.enrolling && search.find(q).has(c.slug)).length;
  };
  return { asked, count };
}

const word = fc.oneof(
  fc.constantFrom('backlinks', 'local', 'seo', 'tecnical', 'schma', 'agency', 'free', 'link'),
  fc.stringMatching(/^[a-z]{1,9}$/),
);
/** Queries of up to 200 characters, as `q` takes them. */
const text = fc
  .array(word, { minLength: 1, maxLength: 100 })
  .map((words) => words.join(' ').slice(0, 200).trim())
  .filter((q) => q !== '');

it('searches near a query each part once and the whole query at most five times, however long', () => {
  fc.assert(
    fc.property(text, (q) => {
      const { asked, count } = counting();
      searchesNear(search, q, count);
      const parts = search.read(q).length;
      expect(asked.length).toBeLessThanOrEqual(parts + 5);
    }),
    { seed: SEED, numRuns: 60 },
  );
});

it('offers no completion of the last word when the words before it find nothing', () => {
  const { asked, count } = counting();
  // Each word a catalog word, but no course holds the three.
  expect(suggestSearches(search, 'free agency cohort backl', count, 8)).toEqual([]);
  expect(asked.filter((q) => q.endsWith(' backlinks') || q.endsWith(' backlink'))).toEqual([]);
});
