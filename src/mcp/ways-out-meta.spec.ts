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
import { WAYS_OUT_META_KEY, type WaysOutMeta, withWaysOut } from './ways-out-meta';

/**
 * `search_courses`' ways out (docs/mcp.md#ways-out): the arguments each way gives, sent back to the
 * tool as JSON, are arguments the tool accepts and find as many courses as the way says.
 */

const SEED = 20261207;
const courses = loadShippedCourses();
const search = new CourseSearch(courses, loadDataset(join(__dirname, '..', '..', 'data')).glossary);
const tool = new InputValidationPipe('json');
const glossary = {
  uri: 'coursefinder://glossary',
  url: 'http://localhost/ai-seo-courses/glossary',
};

it('each way out gives arguments the tool accepts, finding as many courses as it says', async () => {
  await fc.assert(
    fc.asyncProperty(query, async (q) => {
      if (searchCourses(courses, q, search).length > 0) return;
      const result = withWaysOut({ content: [] }, q, waysOut(courses, q, search), glossary);
      const { ways } = result._meta![WAYS_OUT_META_KEY] as WaysOutMeta;
      for (const way of ways) {
        const read = await tool.check(SearchCoursesQuery, way.arguments);
        expect({ arguments: way.arguments, ok: read.ok }).toEqual({
          arguments: way.arguments,
          ok: true,
        });
        if (read.ok) expect(searchCourses(courses, read.value, search)).toHaveLength(way.courses);
      }
    }),
    { seed: SEED, numRuns: 150 },
  );
});
