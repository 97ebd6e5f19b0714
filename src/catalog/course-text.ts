import type { Course } from './course.schema';
import {
  BUDGET_BAND_LABELS,
  LEVEL_LABELS,
  OPERATING_MODEL_LABELS,
  VERIFICATION_STATUS_LABELS,
} from './vocabulary';

/**
 * How a course's facts read to a person, wherever they are shown: the website's pages and
 * companions (src/site/format.ts adds what only they need) and the MCP App (src/mcp/app/).
 */

const or = (items: readonly string[], none: string) => (items.length ? items.join(', ') : none);

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
};
