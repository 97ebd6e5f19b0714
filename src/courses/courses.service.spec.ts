import fc from 'fast-check';
import { makeCourse } from '../../test/support/courses';
import { CourseSearch } from '../catalog/course-search';
import { searchCourses } from './courses.service';

/** The filters and sorts of `searchCourses`, on courses made for each case. */

const SEED = 20261127;

const slugs = (list: { slug: string }[]) => list.map((course) => course.slug);

describe('sorting', () => {
  const courses = [
    makeCourse('b-mid', { name: 'Beta', price: { first_year_cost_usd: 200 } }),
    makeCourse('a-cheap', { name: 'alpha', price: { first_year_cost_usd: 20 } }),
    makeCourse('c-unknown', {
      name: 'Gamma',
      price: { first_year_cost_usd: null, amount: null, display: null, known: false },
    }),
    makeCourse('d-dear', { name: 'Delta', price: { first_year_cost_usd: 900 } }),
    makeCourse('e-same', { name: 'Epsilon', price: { first_year_cost_usd: 200 } }),
  ];

  it('by price puts unknown prices last in either direction, and equal prices by name', () => {
    expect(slugs(searchCourses(courses, { sort: 'price-asc' }))).toEqual([
      'a-cheap',
      'b-mid',
      'e-same',
      'd-dear',
      'c-unknown',
    ]);
    expect(slugs(searchCourses(courses, { sort: 'price-desc' }))).toEqual([
      'd-dear',
      'b-mid',
      'e-same',
      'a-cheap',
      'c-unknown',
    ]);
  });

  it('by last verified puts the newest first and unverified courses last', () => {
    const dated = [
      makeCourse('old', { verification: { last_verified_on: '2025-01-01' } }),
      makeCourse('never', { verification: { last_verified_on: null } }),
      makeCourse('new', { verification: { last_verified_on: '2026-10-01' } }),
    ];
    expect(slugs(searchCourses(dated, { sort: 'verified-desc' }))).toEqual(['new', 'old', 'never']);
  });

  it('by AI/GEO focus goes High, Medium, Low, None, then by name', () => {
    const focused = [
      makeCourse('z-none', { ai_geo_focus: 'None' }),
      makeCourse('y-high', { ai_geo_focus: 'High' }),
      makeCourse('x-low', { ai_geo_focus: 'Low' }),
      makeCourse('w-high', { ai_geo_focus: 'High' }),
      makeCourse('v-medium', { ai_geo_focus: 'Medium' }),
    ];
    expect(slugs(searchCourses(focused, { sort: 'geo-desc' }))).toEqual([
      'w-high',
      'y-high',
      'v-medium',
      'x-low',
      'z-none',
    ]);
  });

  it('leaves the catalog order (by name) for name-asc and no sort, and never reorders its input', () => {
    const byName = [...courses].sort((a, b) => a.name.localeCompare(b.name));
    expect(slugs(searchCourses(byName, {}))).toEqual(slugs(byName));
    expect(slugs(searchCourses(byName, { sort: 'name-asc' }))).toEqual(slugs(byName));
    const before = slugs(courses);
    searchCourses(courses, { sort: 'price-desc' });
    expect(slugs(courses)).toEqual(before);
  });
});

describe('filters', () => {
  it('keep enrolling courses only unless include_inactive', () => {
    const courses = [makeCourse('on'), makeCourse('off', { status: 'inactive' })];
    expect(slugs(searchCourses(courses, {}))).toEqual(['on']);
    expect(slugs(searchCourses(courses, { include_inactive: true }))).toEqual(['on', 'off']);
    expect(slugs(searchCourses(courses, { include_inactive: false }))).toEqual(['on']);
  });

  it('community_only keeps community access or live training; false is no filter', () => {
    const courses = [
      makeCourse('none', { community: 'No', formats: ['Self-paced'] }),
      makeCourse('forum', { community: 'Yes (forum)', formats: ['Self-paced'] }),
      makeCourse('live', { community: 'No', formats: ['Live / community'] }),
    ];
    expect(slugs(searchCourses(courses, { community_only: true }))).toEqual(['forum', 'live']);
    expect(slugs(searchCourses(courses, { community_only: false }))).toHaveLength(3);
  });

  it('specialty reads its own coverage members, at 3 or more', () => {
    const courses = [
      makeCourse('technical', { topic_coverage: { general_seo: 0, technical_seo: 5 } }),
      makeCourse('general', { topic_coverage: { general_seo: 3 } }),
      makeCourse('geo', { topic_coverage: { geo: 4 } }),
      makeCourse('light', { topic_coverage: { ai_seo: 2 } }),
    ];
    expect(slugs(searchCourses(courses, { specialty: ['general_seo'] }))).toEqual(['general']);
    expect(slugs(searchCourses(courses, { specialty: ['ai_geo'] }))).toEqual(['geo']);
  });
});

describe('sort=relevance', () => {
  // Query words from one set of letters, every other word from another: no word of one begins,
  // or is a typo or two of, a word of the other.
  const queryWord = fc.stringMatching(/^[a-h]{3,8}$/);
  const filler = fc.array(fc.stringMatching(/^[p-z]{3,8}$/), { minLength: 1, maxLength: 12 });

  it('puts a course holding every word in its name before one holding them only in its highlights', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(queryWord, { minLength: 1, maxLength: 3 }),
        filler,
        filler,
        fc.integer({ min: 1, max: 5 }),
        (qs, nameFiller, highlightFiller, repeats) => {
          const inName = makeCourse('in-name', {
            name: [...qs, ...nameFiller].join(' '),
            highlights: [highlightFiller.join(' ')],
          });
          const inHighlights = makeCourse('in-highlights', {
            name: nameFiller.join(' '),
            highlights: Array.from({ length: repeats }, () =>
              [...qs, ...highlightFiller].join(' '),
            ),
          });
          // Either order of the catalog, so that the name order decides nothing.
          for (const courses of [
            [inName, inHighlights],
            [inHighlights, inName],
          ]) {
            const ranked = searchCourses(
              courses,
              { q: qs.join(' '), sort: 'relevance' },
              new CourseSearch(courses),
            );
            expect(ranked.map((c) => c.slug)).toEqual(['in-name', 'in-highlights']);
          }
        },
      ),
      { seed: SEED, numRuns: 200 },
    );
  });
});
