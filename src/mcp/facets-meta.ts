/**
 * The counts beside a `search_courses` page (docs/mcp.md#counts), for programs: under this key of
 * the result's `_meta`, named as the page is (page-meta.ts). The same `data` as the REST
 * `getFacets` answers for the same filters and words.
 */
export const FACETS_META_KEY = 'course-finder/facets';

export interface FacetsMeta {
  total: number;
  facets: Record<string, Record<string, number>>;
}

/**
 * The counts in one sentence for the model, so that "how many … at which levels?" takes one call:
 * each value of each filter with the courses it would give, the other filters kept; a boolean by
 * its `true` alone (its `false` is no filter, or the enrolling courses).
 */
export function facetsSentence({ total, facets }: FacetsMeta): string {
  const parts = Object.entries(facets).map(([name, counts]) =>
    'true' in counts
      ? `${name}=true ${counts.true}`
      : `${name} ${Object.entries(counts)
          .map(([value, count]) => `${value} ${count}`)
          .join(', ')}`,
  );
  return `${total} courses match in all. Courses each filter value would give, the other filters kept: ${parts.join('; ')}.`;
}
