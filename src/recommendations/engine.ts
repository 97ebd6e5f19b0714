import type { Course } from '../catalog/course.schema';
import {
  BUDGET_BAND_LABELS,
  BUDGET_BANDS,
  FRESHNESS_LABELS,
  LEVELS,
  OPERATING_MODEL_LABELS,
  TOPIC_COVERAGE,
  TOPIC_LABELS,
  type BudgetBand,
  type Community,
  type Freshness,
  type LearningStyle,
  type Level,
  type OperatingModel,
  type Topic,
  type VerificationStatus,
} from '../catalog/vocabulary';
import type { Methodology } from '../methodology/methodology.schema';
import type { Answers } from './answers.dto';
import type { RecommendationResult } from './recommendation.schema';

/**
 * The Course Finder scoring engine: pure, so the same answers, courses and methodology always give
 * the same results. Every number of the formula comes from the methodology.
 *
 * match = floor(100 × Σ weight·fit / Σ weight − penalties), clamped to 0..99, where each fit is 0..1.
 */

type Updates = Course['updates'];
type Style = Exclude<LearningStyle, 'no_preference'>;
type Adjustments = Methodology['adjustments'];

/** Topic coverage is scored on the contract's 0–5 scale. */
const COVERAGE_MAX = 5;
/** Two steps apart on the three-level scale is a gap rather than a near fit. */
const ADJACENT = 1;
// Bound once: the hot path runs per course, and global lookups are slow in sandboxed contexts
// such as jest's, where they cost more than the scoring itself.
const { abs, floor, max, min } = Math;

const LEVEL_INDEX = Object.fromEntries(LEVELS.map((level, i) => [level, i])) as Record<
  Level,
  number
>;
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

// ---------------------------------------------------------------------------------------------
// Texts: every reason and warning line, in one place so tests can assert them exactly.

const STYLE_PHRASE: Record<Style, string> = {
  self_paced: 'self-paced learning',
  live_community: 'live / community training',
  templates_sops: 'templates & SOPs',
  hands_on: 'hands-on implementation',
};

const COMMUNITY_PHRASE: Record<Community, string> = {
  No: 'no community',
  Limited: 'limited community access',
  'Cohort only': 'a community for cohort members',
  'Yes (forum)': 'a community forum',
  'Yes (active)': 'an active community',
};

const UPDATE_PHRASE: Record<Updates, string> = {
  Continuous: 'Updated continuously',
  Weekly: 'Updated weekly',
  Monthly: 'Updated monthly',
  Quarterly: 'Updated quarterly',
  'Per cohort': 'Updated for each cohort',
  'Twice yearly': 'Updated twice a year',
  Yearly: 'Updated once a year',
  Static: 'Not updated after release',
  Unknown: 'Update schedule not published',
};

const COUNT_WORDS = ['no', 'one', 'two', 'three'];

function listLevels(levels: readonly Level[]): string {
  const sorted = [...levels].sort((a, b) => LEVEL_INDEX[a] - LEVEL_INDEX[b]);
  if (sorted.length <= 1) return sorted.join('');
  return `${sorted.slice(0, -1).join(', ')} and ${sorted.at(-1)}`;
}

/**
 * The price as published, followed by the first-year estimate in USD that its budget band comes
 * from, unless the published price already is that figure (a one-time price in USD, or free).
 */
function priceText(price: Course['price']): string {
  const cost = price.first_year_cost_usd;
  const estimate =
    cost === null ? null : `about $${Math.round(cost).toLocaleString('en')} in the first year`;
  if (price.display === null) return estimate ?? 'not published';
  const sameFigure =
    price.type === 'free' || (price.type === 'one_time' && price.currency === 'USD');
  return estimate === null || sameFigure ? price.display : `${price.display} (${estimate})`;
}

export const TEXTS = {
  coverageStrong: (topic: Topic, coverage: number, scale: string) =>
    `Covers ${TOPIC_LABELS[topic]}: ${scale} (${coverage}/${COVERAGE_MAX})`,
  coverageLight: (topic: Topic, coverage: number, scale: string) =>
    `Covers ${TOPIC_LABELS[topic]} only lightly: ${scale} (${coverage}/${COVERAGE_MAX})`,
  coverageNone: (topic: Topic) => `Does not cover ${TOPIC_LABELS[topic]} (0/${COVERAGE_MAX})`,
  levelExact: (level: Level) => `Teaches at ${level} level`,
  levelAdjacent: (levels: readonly Level[], level: Level) =>
    `Teaches at ${listLevels(levels)} level, one step from your ${level} level`,
  levelGap: (levels: readonly Level[], level: Level) =>
    `Level gap: teaches only at ${listLevels(levels)} level, not near your ${level} level`,
  levelUnstated: () => 'Teaching level not stated',
  styleOffered: (style: Style, community: Community) =>
    style === 'live_community' && community === 'Yes (active)'
      ? `Offers ${STYLE_PHRASE[style]} with ${COMMUNITY_PHRASE[community]}`
      : `Offers ${STYLE_PHRASE[style]}`,
  styleCommunityOnly: (community: Community) =>
    `Has ${COMMUNITY_PHRASE[community]}, though no live training`,
  styleMissing: (style: Style) => `Does not offer ${STYLE_PHRASE[style]}`,
  updatesFrequent: (updates: Updates) => UPDATE_PHRASE[updates],
  updatesInfrequent: (updates: Updates, freshness: Freshness) =>
    `${UPDATE_PHRASE[updates]}, while you rated up-to-date training ${FRESHNESS_LABELS[freshness].toLowerCase()}`,
  budgetFits: (price: Course['price'], budget: BudgetBand) =>
    `Price ${priceText(price)} fits your ${BUDGET_BAND_LABELS[budget]} budget`,
  budgetBelow: (price: Course['price'], budget: BudgetBand) =>
    `Price ${priceText(price)} is below your ${BUDGET_BAND_LABELS[budget]} budget`,
  budgetOver: (price: Course['price'], budget: BudgetBand, bands: number) =>
    `Price ${priceText(price)} is over your ${BUDGET_BAND_LABELS[budget]} budget by ${COUNT_WORDS[bands]} ${bands === 1 ? 'band' : 'bands'}`,
  priceNotPublished: () => 'Price not published',
  costUnknown: (price: Course['price']) =>
    `Price ${price.display ?? 'listed'} has no known first-year cost in USD`,
  modelFits: (model: OperatingModel) => `Aimed at ${OPERATING_MODEL_LABELS[model]} work`,
  modelMissing: (model: OperatingModel) => `Not aimed at ${OPERATING_MODEL_LABELS[model]} work`,
  factsUnverified: () => 'Facts not yet verified',
  factsStale: (date: string | null) => `Facts last verified on ${date}, now stale`,
  factsSeriouslyStale: (date: string | null) =>
    `Facts last verified on ${date}, seriously out of date`,
  placeholderData: () => 'Placeholder data: illustrative facts, not a verified course',
} as const;

// ---------------------------------------------------------------------------------------------
// Scoring

/** Everything about the answers and methodology that is the same for every course of one call. */
interface Context {
  readonly answers: Answers;
  readonly methodology: Methodology;
  readonly coverageKeys: readonly (keyof Course['topic_coverage'])[];
  readonly levelIndex: number;
  readonly budgetIndex: number;
  readonly styleWeight: number;
  readonly freshnessWeight: number;
  readonly totalWeight: number;
}

type LevelFit = 'exact' | 'adjacent' | 'gap' | 'unstated';
type StyleFit = 'offered' | 'community' | 'missing' | 'not_weighted';
type BudgetFit = 'fits' | 'below' | 'over' | 'not_published' | 'cost_unknown';

/** The facts behind one course's match, kept so reasons and warnings say what the score used. */
interface Assessment {
  readonly match: number;
  readonly coverage: number;
  readonly level: LevelFit;
  readonly style: StyleFit;
  readonly cadenceFit: number;
  readonly budget: BudgetFit;
  readonly bandsOver: number;
  readonly modelFits: boolean;
}

function prepare(answers: Answers, methodology: Methodology): Context {
  const w = methodology.weights;
  // No preference removes the learning-style question from the total instead of granting its points.
  const styleWeight = answers.learning_style === 'no_preference' ? 0 : w.learning_style;
  const freshnessWeight = w.freshness * methodology.adjustments[IMPORTANCE[answers.freshness]];
  return {
    answers,
    methodology,
    coverageKeys: TOPIC_COVERAGE[answers.objective],
    levelIndex: LEVEL_INDEX[answers.experience],
    budgetIndex: BAND_INDEX[answers.budget],
    styleWeight,
    freshnessWeight,
    totalWeight:
      w.objective + w.experience + styleWeight + freshnessWeight + w.operating_model + w.budget,
  };
}

function objectiveCoverage(ctx: Context, course: Course): number {
  let best = 0;
  for (const key of ctx.coverageKeys) best = max(best, course.topic_coverage[key]);
  return best;
}

function levelFit(ctx: Context, course: Course): LevelFit {
  if (course.levels.length === 0) return 'unstated';
  let distance = LEVELS.length;
  for (const level of course.levels) {
    distance = min(distance, abs(LEVEL_INDEX[level] - ctx.levelIndex));
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

function bandsOver(ctx: Context, price: Course['price']): number {
  if (!price.known || price.budget_band === null) return 0;
  return max(0, BAND_INDEX[price.budget_band] - ctx.budgetIndex);
}

function budgetScore(adj: Adjustments, fit: BudgetFit, over: number): number {
  switch (fit) {
    case 'fits':
      return 1;
    case 'below':
      return adj.cheaper_than_budget_fit;
    case 'over':
      return max(0, 1 - over * adj.over_budget_fit_loss_per_band);
    default:
      return adj.unknown_price_fit;
  }
}

function assess(ctx: Context, course: Course): Assessment {
  const { methodology: m, answers } = ctx;
  const adj = m.adjustments;
  const w = m.weights;

  const coverage = objectiveCoverage(ctx, course);
  const level = levelFit(ctx, course);
  const style = styleFit(ctx, course);
  const cadenceFit = m.freshness_fit[CADENCE_KEY[course.updates]];
  const budget = budgetFit(ctx, course.price);
  const over = bandsOver(ctx, course.price);
  const modelFits = course.operating_models.includes(answers.operating_model);

  const levelScore = level === 'exact' ? 1 : level === 'adjacent' ? adj.adjacent_level_fit : 0;
  const freshnessScore = cadenceFit * adj[FACTS_FACTOR[course.verification.status]];
  const weighted =
    w.objective * (coverage / COVERAGE_MAX) +
    w.experience * levelScore +
    ctx.styleWeight * styleScore(ctx, course, style) +
    ctx.freshnessWeight * freshnessScore +
    w.operating_model * (modelFits ? 1 : 0) +
    w.budget * budgetScore(adj, budget, over);
  const penalty =
    max(0, adj.strong_coverage_from - coverage) *
      m.penalties.objective_coverage_below_strong_per_point +
    (level === 'gap' ? m.penalties.level_gap : 0) +
    over * m.penalties.over_budget_per_band;
  const raw = ctx.totalWeight > 0 ? (100 * weighted) / ctx.totalWeight - penalty : 0;

  return {
    match: toPercent(raw),
    coverage,
    level,
    style,
    cadenceFit,
    budget,
    bandsOver: over,
    modelFits,
  };
}

/** Floors to an integer 0..99; the tiny epsilon keeps 56.99999… from binary fractions at 57. */
function toPercent(raw: number): number {
  return min(99, max(0, floor(raw + 1e-9)));
}

// ---------------------------------------------------------------------------------------------
// Explaining

function explain(
  ctx: Context,
  course: Course,
  a: Assessment,
): { reasons: string[]; warnings: string[] } {
  const { answers, methodology: m } = ctx;
  const reasons: string[] = [];
  const warnings: string[] = [];
  const scale = m.topic_coverage_scale[String(a.coverage)] ?? String(a.coverage);

  if (a.coverage >= m.adjustments.strong_coverage_from) {
    reasons.push(TEXTS.coverageStrong(answers.objective, a.coverage, scale));
  } else if (a.coverage > 0) {
    warnings.push(TEXTS.coverageLight(answers.objective, a.coverage, scale));
  } else {
    warnings.push(TEXTS.coverageNone(answers.objective));
  }

  if (a.level === 'exact') reasons.push(TEXTS.levelExact(answers.experience));
  else if (a.level === 'adjacent')
    warnings.push(TEXTS.levelAdjacent(course.levels, answers.experience));
  else if (a.level === 'gap') warnings.push(TEXTS.levelGap(course.levels, answers.experience));
  else warnings.push(TEXTS.levelUnstated());

  const style = answers.learning_style;
  if (style !== 'no_preference') {
    if (a.style === 'offered') reasons.push(TEXTS.styleOffered(style, course.community));
    else if (a.style === 'community') reasons.push(TEXTS.styleCommunityOnly(course.community));
    else warnings.push(TEXTS.styleMissing(style));
  }

  if (a.cadenceFit >= m.adjustments.frequent_updates_from_fit) {
    reasons.push(TEXTS.updatesFrequent(course.updates));
  } else if (answers.freshness !== 'low') {
    warnings.push(TEXTS.updatesInfrequent(course.updates, answers.freshness));
  }

  const price = course.price;
  if (a.budget === 'fits') reasons.push(TEXTS.budgetFits(price, answers.budget));
  else if (a.budget === 'below') reasons.push(TEXTS.budgetBelow(price, answers.budget));
  else if (a.budget === 'over') warnings.push(TEXTS.budgetOver(price, answers.budget, a.bandsOver));
  else if (a.budget === 'not_published') warnings.push(TEXTS.priceNotPublished());
  else warnings.push(TEXTS.costUnknown(price));

  if (a.modelFits) reasons.push(TEXTS.modelFits(answers.operating_model));
  else warnings.push(TEXTS.modelMissing(answers.operating_model));

  warnings.push(...verificationWarnings(course));
  return { reasons, warnings };
}

function verificationWarnings(course: Course): string[] {
  const { status, last_verified_on: date } = course.verification;
  const warnings: string[] = [];
  // A placeholder is unverified by nature; saying both would repeat one fact.
  if (status === 'unverified' && !course.placeholder_data) warnings.push(TEXTS.factsUnverified());
  if (status === 'stale') warnings.push(TEXTS.factsStale(date));
  if (status === 'seriously_stale') warnings.push(TEXTS.factsSeriouslyStale(date));
  if (course.placeholder_data) warnings.push(TEXTS.placeholderData());
  return warnings;
}

// ---------------------------------------------------------------------------------------------
// Ranking

interface Scored {
  readonly course: Course;
  readonly assessment: Assessment;
}

/** Best match first; equal matches by name, then slug, so the order never depends on input order. */
function compareScored(x: Scored, y: Scored): number {
  return (
    y.assessment.match - x.assessment.match ||
    compareText(x.course.name, y.course.name) ||
    compareText(x.course.slug, y.course.slug)
  );
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Keeps the best `limit` entries in order; O(limit) per insert, so O(courses) per call. */
function insertTop(top: Scored[], entry: Scored, limit: number): void {
  if (top.length === limit && compareScored(entry, top[top.length - 1]) >= 0) return;
  let i = top.length;
  while (i > 0 && compareScored(entry, top[i - 1]) < 0) i--;
  top.splice(i, 0, entry);
  if (top.length > limit) top.pop();
}

/** The match percent of one course for the answers, whether or not it is enrolling. */
export function scoreCourse(answers: Answers, course: Course, methodology: Methodology): number {
  return assess(prepare(answers, methodology), course).match;
}

/** Scores every enrolling course and returns the best ones at or above the threshold, ranked. */
export function recommend(
  answers: Answers,
  courses: readonly Course[],
  methodology: Methodology,
): RecommendationResult[] {
  const ctx = prepare(answers, methodology);
  const limit = methodology.result_limit;
  const top: Scored[] = [];
  for (const course of courses) {
    if (!course.enrolling) continue;
    const assessment = assess(ctx, course);
    if (assessment.match < methodology.match_threshold) continue;
    insertTop(top, { course, assessment }, limit);
  }
  return top.map(({ course, assessment }, i) => {
    const { reasons, warnings } = explain(ctx, course, assessment);
    return {
      rank: i + 1,
      match_percent: assessment.match,
      match_reasons: reasons,
      warnings,
      course,
    };
  });
}

/** The best match percent any enrolling course reaches, whether or not it clears the threshold. */
export function topMatch(
  answers: Answers,
  courses: readonly Course[],
  methodology: Methodology,
): number | null {
  const ctx = prepare(answers, methodology);
  let best: number | null = null;
  for (const course of courses) {
    if (!course.enrolling) continue;
    const match = assess(ctx, course).match;
    if (best === null || match > best) best = match;
  }
  return best;
}
