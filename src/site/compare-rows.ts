import type { Course } from '../catalog/course.schema';
import { fmt } from './format';

/**
 * The comparison page's rows (docs/website.md#the-comparison-on-a-phone): each fact of the compared
 * courses in words, and which of them differ, so that the page can mark those rows in words.
 */

export interface ComparedRow {
  label: string;
  /** Each course's value, in the order compared, as the page writes it. */
  values: string[];
  /** The date's row: its cells are markup of their own (`verified.eta`), its values the same words. */
  verified?: true;
  /**
   * The pairs of courses whose values differ, each their positions from 1 (`12`, `13`, `23`), so
   * that a phone showing two of three marks the rows where those two differ.
   */
  differ: string[];
}

const FACTS: [label: string, value: (c: Course) => string][] = [
  ['Provider', (c) => c.provider.name],
  ['Status', (c) => fmt.status(c)],
  ['Levels', (c) => fmt.levels(c)],
  ['Price (as published)', (c) => fmt.price(c)],
  ['Budget band', (c) => fmt.budgetBand(c) + fmt.firstYear(c)],
  ['Formats', (c) => fmt.formats(c)],
  ['AI/GEO focus', (c) => c.ai_geo_focus],
  ['Certification', (c) => fmt.yesNo(c.certification)],
  ['Community', (c) => c.community],
  ['Updates', (c) => c.updates],
  ['Kinds of work', (c) => fmt.models(c)],
];

/** The pairs, by positions from 1, of the values that differ. */
function differing(values: readonly string[]): string[] {
  return values.flatMap((a, i) =>
    values.slice(i + 1).flatMap((b, j) => (a === b ? [] : [`${i + 1}${i + j + 2}`])),
  );
}

const row = (label: string, values: string[], verified?: true): ComparedRow => ({
  label,
  values,
  ...(verified && { verified }),
  differ: differing(values),
});

export function comparedRows(courses: readonly Course[]): ComparedRow[] {
  if (courses.length === 0) return [];
  return [
    ...FACTS.map(([label, value]) => row(label, courses.map(value))),
    row('Last verified', courses.map(fmt.verifiedWithStatus), true),
    ...fmt.coverage(courses[0]).map(({ key, label }) =>
      row(
        `Covers ${label}`,
        courses.map((c) => fmt.score(c.topic_coverage[key])),
      ),
    ),
  ];
}
