import fc from 'fast-check';
import { query } from '../../test/support/queries';
import { loadShippedCourses } from '../../test/support/courses';
import { searchCourses } from './courses.service';
import type { SearchCoursesQuery } from './courses.dto';
import { waysOut } from './ways-out';
import { join } from 'node:path';
import { loadDataset } from '../catalog/dataset';
import { CourseSearch } from '../catalog/course-search';

/** The ways out of an empty list (docs/api.md#ways-out-of-an-empty-list), on the shipped data. */

const SEED = 20261207;
const courses = loadShippedCourses();
const search = new CourseSearch(courses, loadDataset(join(__dirname, '..', '..', 'data')).glossary);
const found = (query: SearchCoursesQuery) => searchCourses(courses, query, search).length;

/** The query a way leads to: its parameter left out, or given its value. */
function changed(query: SearchCoursesQuery, parameter: string, value?: string | true) {
  const { [parameter as keyof SearchCoursesQuery]: _left, ...others } = query;
  return { ...others, ...(value === undefined ? {} : { [parameter]: value }), sort: undefined };
}

it('for any query that finds nothing, each way finds the courses it says, at least one, whatever the order asked', () => {
  fc.assert(
    fc.property(query, (q) => {
      const ways = waysOut(courses, q, search);
      for (const way of ways) {
        expect(way.courses).toBeGreaterThan(0);
        expect({ way, found: found(changed(q, way.parameter, way.value)) }).toEqual({
          way,
          found: way.courses,
        });
      }
    }),
    { seed: SEED, numRuns: 150 },
  );
});

it('offers each filter left out and the words left out, or other words in their place', () => {
  const q: SearchCoursesQuery = {
    q: 'backlinks',
    level: ['advanced'],
    price_band: ['free'],
    sort: 'relevance',
  };
  expect(found(q)).toBe(0);
  const ways = waysOut(courses, q, search);
  expect(ways.map((way) => [way.kind, way.parameter])).toEqual(
    expect.arrayContaining([
      ['drop_filter', 'level'],
      ['drop_filter', 'price_band'],
      ['drop_words', 'q'],
    ]),
  );
  const [first] = waysOut(courses, { q: 'backlinks zzqx' }, search);
  expect(first).toMatchObject({ kind: 'other_words', parameter: 'q', value: 'backlinks' });
});
