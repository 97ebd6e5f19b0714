import fc from 'fast-check';
import { BUDGET_BANDS, LEVELS, SORTS, TOPICS } from '../../src/catalog/vocabulary';

/**
 * Queries of the course list for properties: words that find courses, words that find nothing,
 * typos, terms, and any filters and order, as the list's input class takes them.
 */

const values = <T extends string>(all: readonly T[]) =>
  fc.option(fc.subarray([...all], { minLength: 1 }), { nil: undefined });
export const query = fc
  .record(
    {
      q: fc.option(
        fc.constantFrom(
          'backlinks',
          'zzqx',
          'local seo',
          'backlinks zzqx',
          'pbn',
          'agency growth',
          'tecnical',
        ),
        { nil: undefined },
      ),
      level: values(LEVELS),
      specialty: values(TOPICS),
      price_band: values(BUDGET_BANDS),
      community_only: fc.option(fc.boolean(), { nil: undefined }),
      include_inactive: fc.option(fc.boolean(), { nil: undefined }),
      sort: fc.option(fc.constantFrom(...SORTS), { nil: undefined }),
    },
    { requiredKeys: [] },
  )
  .filter((q) => q.sort !== 'relevance' || q.q !== undefined);
