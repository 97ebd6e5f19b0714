import { join } from 'node:path';
import fc from 'fast-check';
import { loadShippedCourses } from '../../test/support/courses';
import { query } from '../../test/support/queries';
import { CourseSearch } from '../catalog/course-search';
import { loadDataset } from '../catalog/dataset';
import { InputValidationPipe } from '../core/validation/input-validation.pipe';
import { SearchCoursesQuery } from '../courses/courses.dto';
import { searchCourses } from '../courses/courses.service';
import { waysOut } from '../courses/ways-out';
import { nothingFound, wayLinks } from './ways-out';

/**
 * The list page's ways out of an empty list (docs/website.md#the-list-when-nothing-is-found): each
 * link, read back by the list's own input, is a list the page accepts that shows the courses it
 * counts, whatever the words, filters and order given.
 */

const SEED = 20261207;
const courses = loadShippedCourses();
const search = new CourseSearch(courses, loadDataset(join(__dirname, '..', '..', 'data')).glossary);
const list = new InputValidationPipe('query');

/** The query's parameters as the list form writes them in its address. */
function asAddress(q: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(q)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : String(value)]),
  );
}

it('each way out links to a list the page accepts, showing as many courses as it says', async () => {
  await fc.assert(
    fc.asyncProperty(query, async (q) => {
      if (searchCourses(courses, q, search).length > 0) return;
      for (const link of wayLinks(asAddress(q), waysOut(courses, q, search))) {
        const address = new URL(link.href, 'http://localhost');
        const read = await list.check(SearchCoursesQuery, Object.fromEntries(address.searchParams));
        expect({ href: link.href, ok: read.ok }).toEqual({ href: link.href, ok: true });
        if (read.ok) expect(searchCourses(courses, read.value, search)).toHaveLength(link.courses);
      }
    }),
    { seed: SEED, numRuns: 150 },
  );
});

it('says what found nothing as the person set it: include_inactive is no filter, false or true', () => {
  fc.assert(
    fc.property(query, (q) => {
      // The filters that narrow the list, as docs/website.md lists them, each set or not.
      const filters =
        [q.level, q.specialty, q.price_band].some((values) => values !== undefined) ||
        q.community_only === true;
      const expected =
        q.q === undefined ? 'these filters' : filters ? 'these words and filters' : 'these words';
      expect(nothingFound(q)).toBe(expected);
    }),
    { seed: SEED, numRuns: 100 },
  );
});
