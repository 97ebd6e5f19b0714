import type { Course } from '../catalog/course.schema';
import {
  BUDGET_BANDS,
  COVERAGE_MAX,
  LEVEL_INDEX,
  topicCoverage,
  type BudgetBand,
  type Community,
  type Freshness,
  type LearningStyle,
  type VerificationStatus,
} from '../catalog/vocabulary';
import type { Methodology } from '../catalog/methodology.schema';
import type { Answers } from './answers.dto';
import type { Assessment, BudgetFit, LevelFit, StyleFit } from './assessment';

/**
 * How the Course Finder scores one course (engine.ts ranks them): pure, so the same answers,
 * course and methodology always give the same match. Every number of the formula comes from the
 * methodology.
 *
 * match = floor(100 × Σ weight·fit / Σ weight − penalties), clamped to 0..99, where each fit is 0..1.
 */
type Updates = Course['updates'];
type Style = Exclude<LearningStyle, 'no_preference'>;
type Adjustments = Methodology['adjustments'];

/** Two steps apart on the three-level scale is a gap rather than a near fit. */
const ADJACENT = 1;

const BAND_INDEX = Object.fromEntries(BUDGET_BANDS.map((band, i) => [band, i])) as Record<
  BudgetBand,
  number
>;

const STYLE_FORMAT: Record<Style, Course['formats'][number]> = {
  self_paced: 'Self-paced',
  live_community: 'Live / community',
  templates_sops: 'Templates & SOPs',
  hands_on: 'Hands-on implementation',
};

const COMMUNITY_FIT: Record<Community, keyof Adjustments | null> = {
  No: null,
  Limited: 'community_fit_limited',
  'Cohort only': 'community_fit_forum_or_cohort',
  'Yes (forum)': 'community_fit_forum_or_cohort',
  'Yes (active)': 'community_fit_active',
};

const CADENCE_KEY: Record<Updates, keyof Methodology['freshness_fit']> = {
  Continuous: 'continuous',
  Weekly: 'weekly',
  Monthly: 'monthly',
  Quarterly: 'quarterly',
  'Per cohort': 'per_cohort',
  'Twice yearly': 'twice_yearly',
  Yearly: 'yearly',
  Static: 'static',
  Unknown: 'unknown',
};

const FACTS_FACTOR: Record<VerificationStatus, keyof Adjustments> = {
  fresh: 'facts_fresh_factor',
  review_due: 'facts_review_due_factor',
  stale: 'facts_stale_factor',
  seriously_stale: 'facts_seriously_stale_factor',
  unverified: 'facts_unverified_factor',
};

const IMPORTANCE: Record<Freshness, keyof Adjustments> = {
  low: 'freshness_importance_low',
  important: 'freshness_importance_important',
  critical: 'freshness_importance_critical',
};

/** Everything about the answers and methodology that is the same for every course of one call. */
export interface Context {
  readonly answers: Answers;
  readonly methodology: Methodology;
  readonly levelIndex: number;
  readonly budgetIndex: number;
  readonly styleWeight: number;
  readonly freshnessWeight: number;
  readonly totalWeight: number;
}

export function prepare(answers: Answers, methodology: Methodology): Context {
  const w = methodology.weights;
  // No preference removes the learning-style question from the total instead of granting its points.
  const styleWeight = answers.learning_style === 'no_preference' ? 0 : w.learning_style;
  const freshnessWeight = w.freshness * methodology.adjustments[IMPORTANCE[answers.freshness]];
  return {
    answers,
    methodology,
    levelIndex: LEVEL_INDEX[answers.experience],
    budgetIndex: BAND_INDEX[answers.budget],
    styleWeight,
    freshnessWeight,
    totalWeight:
      w.objective + w.experience + styleWeight + freshnessWeight + w.operating_model + w.budget,
  };
}

function levelFit(ctx: Context, course: Course): LevelFit {
  if (course.levels.length === 0) return 'unstated';
  let distance = Infinity;
  for (const level of course.levels) {
    distance = Math.min(distance, Math.abs(LEVEL_INDEX[level] - ctx.levelIndex));
  }
  if (distance === 0) return 'exact';
  return distance === ADJACENT ? 'adjacent' : 'gap';
}

function styleFit(ctx: Context, course: Course): StyleFit {
  const style = ctx.answers.learning_style;
  if (style === 'no_preference') return 'not_weighted';
  if (course.formats.includes(STYLE_FORMAT[style])) return 'offered';
  if (style === 'live_community' && COMMUNITY_FIT[course.community] !== null) return 'community';
  return 'missing';
}

function styleScore(ctx: Context, course: Course, fit: StyleFit): number {
  if (fit === 'offered') return 1;
  const key = COMMUNITY_FIT[course.community];
  return fit === 'community' && key !== null ? ctx.methodology.adjustments[key] : 0;
}

function budgetFit(ctx: Context, price: Course['price']): BudgetFit {
  if (!price.known) return 'not_published';
  if (price.budget_band === null) return 'cost_unknown';
  const band = BAND_INDEX[price.budget_band];
  if (band === ctx.budgetIndex) return 'fits';
  return band < ctx.budgetIndex ? 'below' : 'over';
}

/**
 * The top of a budget band in US dollars of first-year cost, and the amount its distance is counted
 * in: the top itself, or for a top of $0 (a free budget, of which no cost is a multiple) the first
 * paid band's top (docs/methodology.md#over-budget-by-how-much). `500_plus` has no top.
 */
export function budgetTop(
  budget: BudgetBand,
  bands: Methodology['budget_bands'],
): { top: number; unit: number } | null {
  if (budget === '500_plus') return null;
  const limits = bands.upper_limits_usd;
  const top = limits[budget];
  return { top, unit: top > 0 ? top : limits.under_100 };
}

/**
 * How far a first-year cost is above the top of a budget band, in doublings: log2 of the cost's
 * ratio to the top, counted in the band's unit, so 0 at the top (continuous: just above it is
 * barely over) and growing without a ceiling. 0 for a cost in or below the band.
 */
export function doublingsOver(
  cost: number,
  budget: BudgetBand,
  bands: Methodology['budget_bands'],
): number {
  const at = budgetTop(budget, bands);
  if (at === null || cost <= at.top) return 0;
  return Math.log2(1 + (cost - at.top) / at.unit);
}

function overBy(ctx: Context, price: Course['price'], fit: BudgetFit): Assessment['over'] {
  if (fit !== 'over' || price.first_year_cost_usd === null) return null;
  const { budget } = ctx.answers;
  const bands = ctx.methodology.budget_bands;
  return {
    cost: price.first_year_cost_usd,
    top: budgetTop(budget, bands)!.top,
    doublings: doublingsOver(price.first_year_cost_usd, budget, bands),
  };
}

function budgetScore(adj: Adjustments, fit: BudgetFit, over: number): number {
  switch (fit) {
    case 'fits':
      return 1;
    case 'below':
      return adj.cheaper_than_budget_fit;
    case 'over':
      return Math.max(0, 1 - over * adj.over_budget_fit_loss_per_doubling);
    default:
      return adj.unknown_price_fit;
  }
}

export function assess(ctx: Context, course: Course): Assessment {
  const { methodology: m, answers } = ctx;
  const adj = m.adjustments;
  const w = m.weights;

  const coverage = topicCoverage(course.topic_coverage, answers.objective);
  const level = levelFit(ctx, course);
  const style = styleFit(ctx, course);
  const cadenceFit = m.freshness_fit[CADENCE_KEY[course.updates]];
  const budget = budgetFit(ctx, course.price);
  const over = overBy(ctx, course.price, budget);
  const doublings = over?.doublings ?? 0;
  const modelFits = course.operating_models.includes(answers.operating_model);

  const levelScore = level === 'exact' ? 1 : level === 'adjacent' ? adj.adjacent_level_fit : 0;
  const freshnessScore = cadenceFit * adj[FACTS_FACTOR[course.verification.status]];
  const weighted =
    w.objective * (coverage / COVERAGE_MAX) +
    w.experience * levelScore +
    ctx.styleWeight * styleScore(ctx, course, style) +
    ctx.freshnessWeight * freshnessScore +
    w.operating_model * (modelFits ? 1 : 0) +
    w.budget * budgetScore(adj, budget, doublings);
  const penalty =
    Math.max(0, adj.strong_coverage_from - coverage) *
      m.penalties.objective_coverage_below_strong_per_point +
    (level === 'gap' ? m.penalties.level_gap : 0) +
    doublings * m.penalties.over_budget_per_doubling;
  const raw = ctx.totalWeight > 0 ? (100 * weighted) / ctx.totalWeight - penalty : 0;

  return {
    match: toPercent(raw),
    coverage,
    level,
    style,
    cadenceFit,
    budget,
    over,
    modelFits,
  };
}

/** Floors to an integer 0..99; the tiny epsilon keeps 56.99999… from binary fractions at 57. */
function toPercent(raw: number): number {
  return Math.min(99, Math.max(0, Math.floor(raw + 1e-9)));
}

/**
 * The most a course with this coverage of the objective could match: every other fit whole, no
 * other penalty. Fits are 0 to 1 and penalties at least 0 (the methodology's schema), so no such
 * course matches more; one that cannot reach what it would have to beat need not be scored. At
 * 3,400 courses most need not be, which keeps a recommendation within a quarter of its speed on the
 * shipped catalog (docs/methodology.md#speed).
 */
export function bestPossible(ctx: Context, coverage: number): number {
  const { weights: w, adjustments: adj, penalties } = ctx.methodology;
  if (ctx.totalWeight <= 0) return 0;
  const missed = w.objective * (1 - coverage / COVERAGE_MAX);
  const unmet = Math.max(0, adj.strong_coverage_from - coverage);
  return toPercent(
    (100 * (ctx.totalWeight - missed)) / ctx.totalWeight -
      unmet * penalties.objective_coverage_below_strong_per_point,
  );
}

/** The match percent of one course for the answers, whether or not it is enrolling. */
export function scoreCourse(answers: Answers, course: Course, methodology: Methodology): number {
  return assess(prepare(answers, methodology), course).match;
}
