import { join } from 'node:path';
import type { Course } from '../../src/catalog/course.schema';
import { loadDataset } from '../../src/catalog/dataset';
import { budgetBand, buildCatalog } from '../../src/catalog/derive';
import type { Methodology } from '../../src/catalog/methodology.schema';

const DATA_DIR = join(__dirname, '..', '..', 'data');
const SITE = 'http://localhost:3000';

const DEFAULT_BANDS: Methodology['budget_bands'] = {
  basis: 'first_year_cost_usd',
  upper_limits_usd: { free: 0, under_100: 100, '100_500': 500 },
  values: ['free', 'under_100', '100_500', '500_plus'],
};

/** The shipped data as the catalog serves it. */
function shippedCatalog() {
  return buildCatalog(loadDataset(DATA_DIR), '2026-11-22', {
    siteUrl: SITE,
    baseUrl: `${SITE}/api/v1`,
  });
}

export function loadMethodology(): Methodology {
  return shippedCatalog().methodology;
}

export function loadShippedCourses(): Course[] {
  return [...shippedCatalog().courses];
}

type CourseOverrides = Partial<Omit<Course, 'price' | 'topic_coverage' | 'verification'>> & {
  price?: Partial<Course['price']>;
  topic_coverage?: Partial<Course['topic_coverage']>;
  verification?: Partial<Course['verification']>;
};

/**
 * A plain, active, verified course that fits nothing in particular; tests override what they need.
 * The price is given as first-year cost, and its band follows from the methodology as in production.
 */
export function makeCourse(
  slug: string,
  overrides: CourseOverrides = {},
  m: Pick<Methodology, 'budget_bands'> = { budget_bands: DEFAULT_BANDS },
): Course {
  const price: Course['price'] = {
    display: '$50 one-time',
    amount: 50,
    currency: 'USD',
    type: 'one_time',
    first_year_cost_usd: 50,
    budget_band: null,
    known: true,
    ...overrides.price,
  };
  const status = overrides.status ?? 'active';
  return {
    slug,
    name: overrides.name ?? slug,
    provider: { name: 'Example', url: 'https://example.com' },
    page_url: `${SITE}/ai-seo-courses/${slug}`,
    url: `https://example.com/${slug}`,
    link_is_affiliate: false,
    description: null,
    best_for: null,
    highlights: [],
    levels: ['intermediate'],
    ai_geo_focus: 'None',
    formats: ['Self-paced'],
    certification: false,
    community: 'No',
    updates: 'Quarterly',
    operating_models: ['brand_client'],
    editorial_pick: null,
    placeholder_data: false,
    ...overrides,
    status,
    enrolling: status === 'active',
    price: {
      ...price,
      budget_band: price.known ? budgetBand(price.first_year_cost_usd, m.budget_bands) : null,
    },
    topic_coverage: {
      ai_seo: 0,
      geo: 0,
      general_seo: 0,
      technical_seo: 0,
      link_building: 0,
      content_seo: 0,
      programmatic_seo: 0,
      local_seo: 0,
      affiliate_seo: 0,
      agency: 0,
      ...overrides.topic_coverage,
    },
    verification: {
      last_verified_on: '2026-11-01',
      status: 'fresh',
      sources: [],
      ...overrides.verification,
    },
  };
}
