import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import { MethodologyService } from '../methodology/methodology.service';
import { DistributionService } from '../recommendations/distribution.service';
import { barChart } from './charts';
import { fmt, topicReadings } from './format';
import { SiteRenderer } from './site-renderer';

const WEIGHTS = [
  ['objective', 'Main objective'],
  ['experience', 'Experience'],
  ['operating_model', 'Kind of work'],
  ['learning_style', 'Learning style'],
  ['freshness', 'Up-to-date training'],
  ['budget', 'Budget'],
] as const;

/** The formula in plain words with the live numbers, and how matches spread over every answer set. */
@Injectable()
export class MethodologyPage {
  constructor(
    private readonly catalog: CatalogService,
    private readonly methodology: MethodologyService,
    private readonly distributions: DistributionService,
    private readonly site: SiteRenderer,
  ) {}

  async html(): Promise<string> {
    const { data: m, meta } = this.methodology.get();
    const dist = await this.distributions.current();
    const weightChart = barChart(
      'weights-chart',
      'Weight of each answer',
      WEIGHTS.map(([key, label]) => ({
        label,
        value: m.weights[key],
        text: `${fmt.number(m.weights[key])} points`,
      })),
    );
    const share = (count: number) => fmt.percent((100 * count) / dist.combinations, 1);
    const distributionChart = barChart(
      'distribution-chart',
      `Best match for each of the ${fmt.number(dist.combinations)} possible sets of answers`,
      // From no strong match up to the best matches.
      [
        ...dist.top_match.filter((b) => b.bucket === 'none'),
        ...dist.top_match.filter((b) => b.bucket !== 'none'),
      ].map(({ bucket, count }) => ({
        label: bucket === 'none' ? 'No strong match' : fmt.percent(bucket),
        value: count,
        text: `${fmt.number(count)} (${share(count)})`,
      })),
    );
    const active = this.catalog.snapshot().courses.filter((course) => course.enrolling);
    const page = this.site.page(
      'How the Course Finder scores a course',
      'The Course Finder formula in plain words with the live weights, adjustments, penalties, threshold and budget bands, and how matches spread over every possible set of answers.',
      meta.methodology_url,
      active,
    );
    return this.site.render('methodology', page, meta, {
      m,
      topicReadings: topicReadings(),
      weightChart,
      distributionChart,
      distribution: dist,
      timesRecommended: active.map((course) => ({
        course,
        times: dist.times_recommended[course.slug] ?? 0,
      })),
    });
  }
}
