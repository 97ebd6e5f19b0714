import type { Meta } from '../core/envelope.schema';
import { SITE_PATHS } from '../core/paths';
import { changeLogOf, type ChangeLog } from './change-log';
import type { Methodology, MethodologyFile } from './methodology.schema';
import type { Course, CourseRecord } from './course.schema';
import { CourseSearch } from './course-search';
import type { Dataset } from './dataset';
import { type FactCheck, lastVerifiedOn } from './facts';
import { byName } from './name-order';
import type { BudgetBand, VerificationStatus } from './vocabulary';

/**
 * The derived fields (docs/data.md#derived-fields), computed from the editorial data and today's
 * UTC date.
 */

export interface SiteUrls {
  siteUrl: string;
  baseUrl: string;
}

/**
 * The catalog the API, the MCP server and the site serve: the dataset with its derived fields for
 * one UTC date, indexed.
 * Built once per dataset and date, replaced whole, never mutated.
 */
export interface Catalog {
  /** Changes whenever a served byte can change: the data files or the date. */
  readonly version: string;
  readonly date: string;
  /** Every tracked course, in name order. */
  readonly courses: readonly Course[];
  readonly bySlug: ReadonlyMap<string, Course>;
  /** The courses' words, searched (course-search.ts): the dataset's, whatever the date. */
  readonly search: CourseSearch;
  /** The dataset's history, newest first (change-log.ts). */
  readonly changes: ChangeLog;
  readonly methodology: Methodology;
  /** `meta` without `count`. */
  readonly meta: Meta;
  readonly dataset: Dataset;
}

const DAY_MS = 86_400_000;

export function budgetBand(
  cost: number | null,
  bands: MethodologyFile['budget_bands'],
): BudgetBand | null {
  if (cost === null) return null;
  const limits = bands.upper_limits_usd;
  if (cost <= limits.free) return 'free';
  if (cost < limits.under_100) return 'under_100';
  if (cost <= limits['100_500']) return '100_500';
  return '500_plus';
}

export function verificationStatus(
  lastVerifiedOn: string | null,
  today: string,
  days: MethodologyFile['verification_days'],
): VerificationStatus {
  if (lastVerifiedOn === null) return 'unverified';
  const age = Math.floor((Date.parse(today) - Date.parse(lastVerifiedOn)) / DAY_MS);
  if (age <= days.fresh) return 'fresh';
  if (age <= days.review_due) return 'review_due';
  if (age <= days.stale) return 'stale';
  return 'seriously_stale';
}

/**
 * A course as served. Its `last_verified_on` is the day its checks support (facts.ts), whatever
 * the file says: the file's date is the editors' copy, which `data:check` holds to it.
 */
export function deriveCourse(
  record: CourseRecord,
  methodology: MethodologyFile,
  today: string,
  urls: SiteUrls,
  checks: readonly FactCheck[],
): Course {
  const lastVerified = lastVerifiedOn(checks);
  // Spelled out member by member so the served key order is the contract's (docs/api.md#course).
  return {
    slug: record.slug,
    name: record.name,
    provider: record.provider,
    page_url: `${urls.siteUrl}${SITE_PATHS.course(record.slug)}`,
    status: record.status,
    enrolling: record.status === 'active',
    url: record.url,
    link_is_affiliate: record.link_is_affiliate,
    description: record.description,
    best_for: record.best_for,
    highlights: record.highlights,
    price: {
      ...record.price,
      budget_band: budgetBand(record.price.first_year_cost_usd, methodology.budget_bands),
    },
    levels: record.levels,
    topic_coverage: record.topic_coverage,
    ai_geo_focus: record.ai_geo_focus,
    formats: record.formats,
    certification: record.certification,
    community: record.community,
    updates: record.updates,
    operating_models: record.operating_models,
    verification: {
      last_verified_on: lastVerified,
      status: verificationStatus(lastVerified, today, methodology.verification_days),
      sources: record.verification.sources,
    },
    editorial_pick: record.editorial_pick,
    placeholder_data: record.placeholder_data,
  };
}

/**
 * The catalog of a dataset on a date. Its search index and its history depend on the dataset
 * alone: a caller that has them already (the same data on a new day) passes them in.
 */
export function buildCatalog(
  dataset: Dataset,
  today: string,
  urls: SiteUrls,
  search: CourseSearch = new CourseSearch(dataset.courses, dataset.glossary),
  changes: ChangeLog = changeLogOf(dataset.history, dataset.courses, urls.siteUrl),
): Catalog {
  const { methodology: file, policies } = dataset;
  const courses = dataset.courses
    .map((record) => deriveCourse(record, file, today, urls, dataset.checks.get(record.slug)!))
    .sort(byName);
  const canonicalUrl = `${urls.siteUrl}${SITE_PATHS.list}`;
  const methodologyUrl = `${urls.siteUrl}${SITE_PATHS.methodology}`;
  const verifiedDates = courses
    .map((course) => course.verification.last_verified_on)
    .filter((date): date is string => date !== null)
    .sort();
  const { scoring_weights_updated_on, ...methodology } = file;
  return {
    version: `${dataset.hash}-${today}`,
    date: today,
    courses,
    bySlug: new Map(courses.map((course) => [course.slug, course])),
    search,
    changes,
    methodology: { ...methodology, methodology_url: methodologyUrl },
    meta: {
      api_version: 'v1',
      canonical_url: canonicalUrl,
      methodology_url: methodologyUrl,
      openapi_url: `${urls.baseUrl}/openapi.json`,
      citation: policies.citation.replaceAll('{canonical_url}', canonicalUrl),
      last_verified_on: verifiedDates.at(-1) ?? null,
      scoring_weights_updated_on,
      contains_placeholder_data: courses.some((course) => course.placeholder_data),
      policies: policies.policies,
    },
    dataset,
  };
}
