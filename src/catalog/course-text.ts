import type { Course } from './course.schema';
import {
  BUDGET_BAND_LABELS,
  LEVEL_LABELS,
  OPERATING_MODEL_LABELS,
  VERIFICATION_STATUS_LABELS,
} from './vocabulary';
import { inFigures } from '../core/words';

/**
 * How a course's facts read to a person, wherever they are shown: the website's pages and
 * companions (src/site/format.ts adds what only they need) and the MCP App (src/mcp/app/).
 */

const or = (items: readonly string[], none: string) => (items.length ? items.join(', ') : none);

/**
 * The placeholder notice, after its bold "Placeholder data.": of the catalog, on a page or view of
 * several courses while any course is a placeholder; of one course, on that course's own.
 */
export const PLACEHOLDER_NOTICE = {
  catalog:
    'Some courses shown here are fictional examples on reserved example domains, waiting for verified facts. Do not rely on them.',
  course:
    'This course is a fictional example on a reserved example domain, waiting for verified facts. Do not rely on it.',
} as const;

export const courseText = {
  levels: (c: Course) =>
    or(
      c.levels.map((level) => LEVEL_LABELS[level]),
      'not stated',
    ),
  price: (c: Course) =>
    c.price.display ?? (c.price.known ? 'listed without a price' : 'not published'),
  budgetBand: (c: Course) =>
    c.price.budget_band === null ? 'unknown' : BUDGET_BAND_LABELS[c.price.budget_band],
  formats: (c: Course) => or(c.formats, 'not stated'),
  models: (c: Course) =>
    or(
      c.operating_models.map((model) => OPERATING_MODEL_LABELS[model]),
      'not stated',
    ),
  yesNo: (value: boolean) => (value ? 'Yes' : 'No'),
  /** "2026-10-01 (fresh)", or "not yet verified" once rather than twice. */
  verifiedWithStatus: (c: {
    verification: Pick<Course['verification'], 'last_verified_on' | 'status'>;
  }) =>
    c.verification.last_verified_on === null
      ? VERIFICATION_STATUS_LABELS.unverified
      : `${c.verification.last_verified_on} (${VERIFICATION_STATUS_LABELS[c.verification.status]})`,
  status: (c: Course) => (c.enrolling ? 'Enrolling' : 'Not currently enrolling'),
  /** "34 courses tracked, 28 enrolling now": what the home page and the list count, named. */
  tracked: (tracked: number, enrolling: number) =>
    `${inFigures(tracked, 'course')} tracked, ${enrolling.toLocaleString('en')} enrolling now`,
  /** "5 of the courses tracked match, 4 enrolling now": what a list with words or filters counts. */
  matching: (tracked: number, enrolling: number) =>
    `${tracked.toLocaleString('en')} of the courses tracked ${tracked === 1 ? 'matches' : 'match'}, ${enrolling.toLocaleString('en')} enrolling now`,
  /** "show all 34": the link from the enrolling courses to every one tracked. */
  showAll: (tracked: number) => `show all ${tracked.toLocaleString('en')}`,
};
