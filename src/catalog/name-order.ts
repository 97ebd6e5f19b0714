import type { Course } from './course.schema';

/**
 * The service's one order of course names (docs/api.md#searchcourses): letters whatever their case
 * and accents, numbers by value ("Course 2" before "Course 10"), then the slug, so that no two
 * courses tie. The list's name sort, every other sort's tie-break and the recommendations' ties
 * use it.
 */
const nameCollator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export function byName(a: Pick<Course, 'name' | 'slug'>, b: Pick<Course, 'name' | 'slug'>): number {
  return nameCollator.compare(a.name, b.name) || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
}
