import type { Course } from '../catalog/course.schema';
import type { Methodology } from '../catalog/methodology.schema';
import {
  COVERAGE_MAX,
  FRESHNESS_LABELS,
  LEVEL_INDEX,
  OPERATING_MODEL_LABELS,
  TOPIC_LABELS,
  type BudgetBand,
  type Community,
  type Freshness,
  type LearningStyle,
  type Level,
  type OperatingModel,
  type Topic,
} from '../catalog/vocabulary';
import { listed, numberInWords } from '../core/words';
import type { Answers } from './answers.dto';
import type { Assessment } from './assessment';

/**
 * Why a course matches: every reason and warning line the engine writes, in one place so tests can
 * assert them exactly, and which of them an assessment calls for. Each reason states a fact of the
 * course that fits an answer; each warning one that does not fit or needs care
 * (docs/methodology.md#what-the-recommendation-promises).
 */

type Updates = Course['updates'];
type Style = Exclude<LearningStyle, 'no_preference'>;

const STYLE_PHRASE: Record<Style, string> = {
  self_paced: 'self-paced learning',
  live_community: 'live / community training',
  templates_sops: 'templates & SOPs',
  hands_on: 'hands-on implementation',
};

/** A budget answer as a person says it, after "your budget". */
const BUDGET_PHRASE: Record<BudgetBand, string> = {
  free: 'free only',
  under_100: 'under $100',
  '100_500': '$100 to $500',
  '500_plus': '$500 or more',
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

/** How many times a top a cost is, as a person says it: "twice", "five times", "12 times". */
const times = (n: number) => (n === 2 ? 'twice' : `${numberInWords(n)} times`);

const usd = (amount: number) => `$${Math.round(amount).toLocaleString('en')}`;

/** The share of a whole multiple within which a ratio is said as "almost" or "more than" it. */
const NEAR_MULTIPLE = 0.05;

/**
 * How far a cost is above a budget's top, in words that are true of it: "20 % over" below 1.9 times
 * the top, where "almost twice" begins; from there a whole multiple within a hundredth of it ("five
 * times"), "almost" or "more than" one within 5 % ("almost five times" for 4.8), and otherwise the
 * ratio to one decimal ("2.5 times").
 */
function beyond(cost: number, top: number): string {
  const ratio = cost / top;
  if (ratio < 1.005) return `at the ${usd(top)} top`;
  if (ratio < 2 * (1 - NEAR_MULTIPLE))
    return `${Math.round((ratio - 1) * 100)} % over the ${usd(top)} top`;
  const whole = Math.round(ratio);
  const off = (ratio - whole) / whole;
  const said =
    Math.abs(off) < 0.01
      ? times(whole)
      : Math.abs(off) <= NEAR_MULTIPLE
        ? `${off < 0 ? 'almost' : 'more than'} ${times(whole)}`
        : `${ratio.toFixed(1)} times`;
  return `${said} the ${usd(top)} top`;
}

/** The first-year cost the budget is compared with: as published when it is that figure. */
function firstYear(price: Course['price'], cost: number): string {
  const sameFigure = price.type === 'one_time' && price.currency === 'USD';
  return sameFigure ? `Costs ${usd(cost)}` : `Costs about ${usd(cost)} in the first year`;
}

function listLevels(levels: readonly Level[]): string {
  return listed([...levels].sort((a, b) => LEVEL_INDEX[a] - LEVEL_INDEX[b]));
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

/** "Free", or "Costs" and the price. */
function costs(price: Course['price']): string {
  return price.type === 'free' || price.first_year_cost_usd === 0
    ? 'Free'
    : `Costs ${priceText(price)}`;
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
    `${costs(price)}, within your budget (${BUDGET_PHRASE[budget]})`,
  budgetBelow: (price: Course['price'], budget: BudgetBand) =>
    `${costs(price)}, less than your budget (${BUDGET_PHRASE[budget]})`,
  budgetOver: (
    price: Course['price'],
    budget: BudgetBand,
    over: NonNullable<Assessment['over']>,
  ) =>
    over.top > 0
      ? `${firstYear(price, over.cost)}, ${beyond(over.cost, over.top)} of your budget`
      : `${firstYear(price, over.cost)}, over your budget (${BUDGET_PHRASE[budget]})`,
  priceNotPublished: () => 'Price not published',
  costUnknown: (price: Course['price']) =>
    `${price.display ?? 'The listed price'}: no first-year cost in USD is known`,
  modelFits: (model: OperatingModel) => `Aimed at ${OPERATING_MODEL_LABELS[model]} work`,
  modelMissing: (model: OperatingModel) => `Not aimed at ${OPERATING_MODEL_LABELS[model]} work`,
  factsUnverified: () => 'Facts not yet verified',
  factsStale: (date: string | null) => `Facts last verified on ${date}, now stale`,
  factsSeriouslyStale: (date: string | null) =>
    `Facts last verified on ${date}, seriously out of date`,
  placeholderData: () => 'Placeholder data: illustrative facts, not a verified course',
} as const;

export function explain(
  answers: Answers,
  m: Methodology,
  course: Course,
  a: Assessment,
): { reasons: string[]; warnings: string[] } {
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
  else if (a.over) warnings.push(TEXTS.budgetOver(price, answers.budget, a.over));
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
