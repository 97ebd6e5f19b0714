import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import type { Course } from '../catalog/course.schema';
import type { Methodology } from '../catalog/methodology.schema';
import type { BudgetBand } from '../catalog/vocabulary';
import { byName } from '../catalog/name-order';
import type { Distribution } from '../recommendations/distribution';
import { DistributionService } from '../recommendations/distribution.service';
import { budgetTop, doublingsOver } from '../recommendations/scoring';
import { type BarChart, barChart } from './charts';
import { fmt, topicReadings } from './format';
import { SiteRenderer } from './site-renderer';

/** How many courses the table of how often each is recommended lists at most. */
const TIMES_LISTED = 50;

const WEIGHTS = [
  ['objective', 'Main objective'],
  ['experience', 'Experience'],
  ['operating_model', 'Kind of work'],
  ['learning_style', 'Learning style'],
  ['freshness', 'Up-to-date training'],
  ['budget', 'Budget'],
] as const;

/**
 * The over-budget rule worked through with the live numbers: a course a little over a $100–$500
 * budget's top, one almost five times over it, and one over a free budget (docs/methodology.md#over-budget-by-how-much).
 */
function budgetExamples(m: Methodology) {
  const { top } = budgetTop('100_500', m.budget_bands)!;
  const example = (cost: number, budget: BudgetBand) => {
    const doublings = doublingsOver(cost, budget, m.budget_bands);
    const lost = doublings * m.adjustments.over_budget_fit_loss_per_doubling;
    return {
      cost,
      doublings,
      fitLeft: Math.max(0, 1 - lost),
      points: doublings * m.penalties.over_budget_per_doubling,
    };
  };
  return {
    top,
    paidTop: budgetTop('free', m.budget_bands)!.unit,
    near: example(top * 1.2, '100_500'),
    far: example(2388, '100_500'),
    free: example(50, 'free'),
  };
}

/** The formula in plain words with the live numbers, and how matches spread over every answer set. */
@Injectable()
export class MethodologyPage {
  constructor(
    private readonly catalog: CatalogService,
    private readonly distributions: DistributionService,
    private readonly site: SiteRenderer,
  ) {}

  /**
   * The page, and whether it is complete: without the spread of matches while it is computed (or
   * when it could not be), which a cache must not keep.
   */
  html(): { html: string; complete: boolean } {
    const catalog = this.catalog.current();
    const spread = this.distributions.of(catalog);
    const dist = spread.state === 'computed' ? spread.distribution : undefined;
    const { methodology: m, meta } = catalog;
    const weightChart = barChart(
      'weights-chart',
      'Weight of each answer',
      WEIGHTS.map(([key, label]) => ({
        label,
        value: m.weights[key],
        text: `${fmt.number(m.weights[key])} points`,
      })),
    );
    const active = catalog.courses.filter((course) => course.enrolling);
    const times = (course: Course) => dist?.times_recommended[course.slug] ?? 0;
    // Every enrolling course while they are few; in a larger catalog, the most recommended.
    const listed =
      active.length <= TIMES_LISTED
        ? active
        : [...active].sort((a, b) => times(b) - times(a) || byName(a, b)).slice(0, TIMES_LISTED);
    const page = this.site.page(
      'How the Course Finder scores a course',
      'The Course Finder formula in plain words with the live weights, adjustments, penalties, threshold and budget bands, and how matches spread over every possible set of answers.',
      meta.methodology_url,
      listed,
    );
    const html = this.site.render('methodology', page, meta, {
      m,
      budgetExamples: budgetExamples(m),
      topicReadings: topicReadings(),
      weightChart,
      distributionChart: dist && this.distributionChart(dist),
      distribution: dist,
      spreadFailed: spread.state === 'failed',
      timesRecommended: listed.map((course) => ({ course, times: times(course) })),
      notListed: {
        count: active.length - listed.length,
        never: active.filter((course) => times(course) === 0).length,
      },
    });
    return { html, complete: spread.state !== 'computing' };
  }

  /** The best match of every set of answers, from no strong match up to the best matches. */
  private distributionChart(dist: Distribution): BarChart {
    const share = (count: number) => fmt.percent((100 * count) / dist.combinations, 1);
    return barChart(
      'distribution-chart',
      `Best match for each of the ${fmt.number(dist.combinations)} possible sets of answers`,
      [
        ...dist.top_match.filter((b) => b.bucket === 'none'),
        ...dist.top_match.filter((b) => b.bucket !== 'none'),
      ].map(({ bucket, count }) => ({
        label: bucket === 'none' ? 'No strong match' : fmt.percent(bucket),
        value: count,
        text: `${fmt.number(count)} (${share(count)})`,
      })),
    );
  }
}
