import { Cursor, QueryDate, QueryInt, Slug } from '../core/validation/input-decorators';

/** The page sizes `limit` takes, and the page without it (docs/api.md#getchanges). */
export const CHANGES_PAGE_SIZE = 50;
export const MAX_CHANGES_PAGE_SIZE = 100;
const MAX_CURSOR = 200;

/** The query of `getChanges` and the arguments of `get_changes`. All optional. */
export class ChangesQuery {
  @QueryDate({
    description:
      'Only the entries dated on or after this day, `YYYY-MM-DD` (e.g. `2027-03-01`: what changed since March 2027).',
  })
  since?: string;

  @Slug({
    description:
      "Only this course's entries, a removed course's too; an unknown slug's error names the nearest slugs.",
    refuseMalformed: true,
  })
  course?: string;

  @QueryInt(1, MAX_CHANGES_PAGE_SIZE, {
    description: `At most this many entries (default ${CHANGES_PAGE_SIZE}); the \`Link\` header gives the next page.`,
  })
  limit?: number;

  @Cursor(MAX_CURSOR, {
    description:
      "The page after a previous one, as its `Link` header's `next` (or `prev`) gave it; valid while the data stays the same.",
  })
  cursor?: string;
}
