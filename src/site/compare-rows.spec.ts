import { makeCourse } from '../../test/support/courses';
import { comparedRows } from './compare-rows';

/** The comparison's rows: each fact once, in words, and the pairs of courses where it differs. */

const a = makeCourse('a', { certification: true, community: 'Yes (active)' });
const b = makeCourse('b', { certification: false, community: 'Yes (active)' });
const c = makeCourse('c', { certification: true, community: 'No' });

const rowOf = (label: string, courses = [a, b, c]) =>
  comparedRows(courses).find((row) => row.label === label)!;

describe('comparedRows', () => {
  it('writes each fact once, with a value per course in the order compared', () => {
    expect(rowOf('Certification')).toMatchObject({ values: ['Yes', 'No', 'Yes'] });
    expect(rowOf('Community', [c, a])).toMatchObject({ values: ['No', 'Yes (active)'] });
  });

  it('names the pairs whose values differ, by their positions from 1', () => {
    expect(rowOf('Certification').differ).toEqual(['12', '23']);
    expect(rowOf('Community').differ).toEqual(['13', '23']);
    expect(rowOf('Community', [a, b]).differ).toEqual([]);
    expect(rowOf('Certification', [a, b]).differ).toEqual(['12']);
  });

  it('marks the date row, whose cells are markup, and compares its words', () => {
    const dated = makeCourse('d', { verification: { last_verified_on: '2026-10-01' } });
    expect(rowOf('Last verified', [a, dated])).toMatchObject({ verified: true, differ: ['12'] });
    expect(rowOf('Last verified', [a, b])).toMatchObject({ verified: true, differ: [] });
  });

  it('has every fact and each coverage score, none for no course', () => {
    const labels = comparedRows([a, b]).map((row) => row.label);
    expect(labels.slice(0, 12)).toEqual([
      'Provider',
      'Status',
      'Levels',
      'Price (as published)',
      'Budget band',
      'Formats',
      'AI/GEO focus',
      'Certification',
      'Community',
      'Updates',
      'Kinds of work',
      'Last verified',
    ]);
    expect(labels.filter((label) => label.startsWith('Covers '))).toHaveLength(10);
    expect(comparedRows([])).toEqual([]);
  });
});
