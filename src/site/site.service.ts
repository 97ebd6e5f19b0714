import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { Eta } from 'eta';
import { CatalogService } from '../catalog/catalog.service';
import type { Course } from '../catalog/course.schema';
import {
  BUDGET_BAND_LABELS,
  LEVEL_LABELS,
  QUESTIONS,
  SORT_LABELS,
  TOPIC_LABELS,
} from '../catalog/vocabulary';
import { AppConfig } from '../core/config';
import type { Envelope, Meta } from '../core/envelope.schema';
import { acceptedNames, type InputClass } from '../core/validation/input-metadata';
import { describeProblem, type InputProblem } from '../core/validation/input-problems';
import { InputValidationPipe } from '../core/validation/input-validation.pipe';
import { SearchCoursesQuery } from '../courses/courses.dto';
import { CoursesService } from '../courses/courses.service';
import { MethodologyService } from '../methodology/methodology.service';
import { type Distribution, distribution } from '../recommendations/distribution';
import { AnswersInput } from '../recommendations/answers.dto';
import type { Recommendation } from '../recommendations/recommendation.schema';
import { RecommendationsService } from '../recommendations/recommendations.service';
import { barChart } from './charts';
import { apiCatalog, llmsTxt, robotsTxt, serverCard, sitemapXml } from './discovery';
import { fmt, topicReadings } from './format';
import { itemListLd, scriptSafeJson } from './json-ld';
import { type SiteLinks, siteLinks } from './links';
import { courseMarkdown, listMarkdown } from './markdown';

/** Problems of a form, by field, in words for people. */
export interface FormProblems {
  byName: Record<string, string[]>;
  other: string[];
}

interface Page {
  title: string;
  description: string;
  canonical: string;
  markdown?: string;
  jsonLd: string;
}

const LIST_TITLE = 'AI SEO courses, hand-verified';
const NO_PROBLEMS: FormProblems = { byName: {}, other: [] };

/** A form's "any" choice arrives as an empty value: for a page it means "not given". */
function formQuery(raw: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== ''));
}

function problemText(p: InputProblem, accepted: readonly string[]): string {
  switch (p.kind) {
    case 'missing':
      return 'Please choose an answer.';
    case 'repeated':
      return 'Given more than once; choose one.';
    case 'not_allowed':
      return `“${String(p.value)}” is not one of the choices.`;
    default:
      return `“${p.name}”: ${describeProblem(p, accepted).problem}.`;
  }
}

/** An input's problems, in words for people, under the form's own fields. */
function formProblems(input: InputClass, problems: readonly InputProblem[]): FormProblems {
  const fields = acceptedNames(input);
  const result: FormProblems = { byName: {}, other: [] };
  for (const p of problems) {
    if (fields.includes(p.name)) (result.byName[p.name] ??= []).push(problemText(p, fields));
    else result.other.push(problemText(p, fields));
  }
  return result;
}

/**
 * The website: pages rendered from the same services the API uses, and the plain-data companions.
 * Templates are files under `templates/` (copied into dist by nest-cli.json), compiled once on
 * first use and cached by Eta; values are HTML-escaped unless a template says otherwise.
 */
@Injectable()
export class SiteService {
  readonly links: SiteLinks;
  private readonly eta = new Eta({
    views: join(__dirname, 'templates'),
    autoEscape: true,
    cache: true,
  });
  private distributionCache?: { version: string; value: Distribution };
  /** The pages' forms are the API's queries, checked without failing so problems can be shown. */
  private readonly inputs = new InputValidationPipe('query');

  constructor(
    private readonly catalog: CatalogService,
    private readonly courses: CoursesService,
    private readonly recommendations: RecommendationsService,
    private readonly methodology: MethodologyService,
    private readonly config: AppConfig,
  ) {
    this.links = siteLinks(config);
  }

  private render(template: string, page: Page, meta: Meta, data: object): string {
    return this.eta.render(template, { ...data, page, meta, links: this.links, fmt });
  }

  private page(title: string, description: string, canonical: string, courses: readonly Course[]) {
    return {
      title,
      description,
      canonical,
      jsonLd: scriptSafeJson(itemListLd(title, canonical, courses)),
    };
  }

  // ---- the course list ------------------------------------------------------------------------

  /** Filters exactly as `/courses`; only the default differs: the page shows every tracked course. */
  private async listQuery(raw: Record<string, unknown>) {
    const given = { include_inactive: 'true', ...formQuery(raw) };
    const checked = await this.inputs.check(SearchCoursesQuery, given);
    return checked.ok
      ? { given, envelope: this.courses.search(checked.value), problems: NO_PROBLEMS }
      : { given, envelope: null, problems: formProblems(SearchCoursesQuery, checked.problems) };
  }

  async listPage(raw: Record<string, unknown>): Promise<string> {
    const { given, envelope, problems } = await this.listQuery(raw);
    const meta = envelope?.meta ?? this.catalog.snapshot().meta;
    const courses = envelope?.data ?? [];
    const page = {
      ...this.page(
        LIST_TITLE,
        'Every tracked AI SEO course with levels, price as published, formats, AI/GEO focus, certification, community, updates and the date each fact was last verified.',
        meta.canonical_url,
        courses,
      ),
      markdown: this.links.markdown,
    };
    return this.render('list', page, meta, {
      courses,
      topicReadings: topicReadings(),
      values: given,
      problems,
      options: {
        level: LEVEL_LABELS,
        specialty: TOPIC_LABELS,
        price_band: BUDGET_BAND_LABELS,
        sort: SORT_LABELS,
      },
    });
  }

  async listMarkdown(raw: Record<string, unknown>): Promise<string> {
    const { envelope, problems } = await this.listQuery(raw);
    if (!envelope) {
      const lines = [...Object.values(problems.byName).flat(), ...problems.other];
      return `# ${LIST_TITLE}\n\nThe filters could not be applied:\n\n${lines.map((l) => `- ${l}`).join('\n')}\n`;
    }
    return listMarkdown(LIST_TITLE, envelope.data, envelope.meta);
  }

  // ---- one course ------------------------------------------------------------------------------

  coursePage(slug: string): string {
    const { data: course, meta } = this.courses.get(slug);
    const page = this.page(
      `${course.name} (${course.provider.name})`,
      course.description ??
        `${course.name} by ${course.provider.name}: levels, price, formats and verification.`,
      course.page_url,
      [course],
    );
    return this.render('course', page, meta, { course });
  }

  courseMarkdown(slug: string): string {
    const { data, meta } = this.courses.get(slug);
    return courseMarkdown(data, meta);
  }

  notFoundPage(message: string): string {
    const meta = this.catalog.snapshot().meta;
    const page = this.page('Not found', message, meta.canonical_url, []);
    return this.render('not-found', page, meta, { message });
  }

  // ---- the finder ------------------------------------------------------------------------------

  async finderPage(raw: Record<string, unknown>): Promise<string> {
    const given = formQuery(raw);
    let recommendation: Recommendation | null = null;
    let problems = NO_PROBLEMS;
    // An untouched form is a question, not a mistake: problems are shown once something is answered.
    if (Object.keys(given).length > 0) {
      const checked = await this.inputs.check(AnswersInput, given);
      if (checked.ok) recommendation = this.recommendations.recommend(checked.value).data;
      else problems = formProblems(AnswersInput, checked.problems);
    }
    const meta = this.catalog.snapshot().meta;
    const results = recommendation?.results ?? [];
    const page = this.page(
      'Course Finder: six questions, up to three AI SEO courses',
      'Answer six questions about your experience, goal, learning style, need for fresh material, budget and kind of work; get up to three courses with the reasons and warnings behind each match.',
      this.links.finder,
      results.map((result) => result.course),
    );
    return this.render('finder', page, meta, {
      questions: QUESTIONS,
      values: given,
      problems,
      recommendation,
      apiQuery: recommendation ? new URLSearchParams(recommendation.answers).toString() : null,
    });
  }

  // ---- the methodology -------------------------------------------------------------------------

  /**
   * All 7,560 answer combinations, counted once per dataset version: read from the recommendation
   * table once it is built, else scored (about 0.2 s).
   */
  distribution(): Distribution {
    const snapshot = this.catalog.snapshot();
    if (this.distributionCache?.version !== snapshot.version) {
      this.distributionCache = {
        version: snapshot.version,
        value: distribution(snapshot.courses, snapshot.methodology, (answers) =>
          this.recommendations.results(answers),
        ),
      };
    }
    return this.distributionCache.value;
  }

  methodologyPage(): string {
    const { data: m, meta } = this.methodology.get();
    const snapshot = this.catalog.snapshot();
    const dist = this.distribution();
    const weights = [
      ['objective', 'Main objective'],
      ['experience', 'Experience'],
      ['operating_model', 'Kind of work'],
      ['learning_style', 'Learning style'],
      ['freshness', 'Up-to-date training'],
      ['budget', 'Budget'],
    ] as const;
    const weightChart = barChart(
      'weights-chart',
      'Weight of each answer',
      weights.map(([key, label]) => ({
        label,
        value: m.weights[key],
        text: `${m.weights[key]} points`,
      })),
    );
    const share = (count: number) => `${((100 * count) / dist.combinations).toFixed(1)} %`;
    const distributionChart = barChart(
      'distribution-chart',
      `Best match for each of the ${dist.combinations.toLocaleString('en')} possible sets of answers`,
      dist.top_match.map(({ bucket, count }) => ({
        label: bucket === 'none' ? 'No strong match' : `${bucket} %`,
        value: count,
        text: `${count.toLocaleString('en')} (${share(count)})`,
      })),
    );
    const active = snapshot.courses.filter((course) => course.enrolling);
    const page = this.page(
      'How the Course Finder scores a course',
      'The Course Finder formula in plain words with the live weights, adjustments, penalties, threshold and budget bands, and how matches spread over every possible set of answers.',
      meta.methodology_url,
      active,
    );
    return this.render('methodology', page, meta, {
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

  // ---- plain data and discovery ----------------------------------------------------------------

  /** The same body as `/api/v1/courses?include_inactive=true` and the `coursefinder://courses` resource. */
  dataset(): Envelope<Course[]> {
    return this.courses.search({ include_inactive: true });
  }

  datasetMarkdown(): string {
    const { data, meta } = this.dataset();
    return listMarkdown('AI SEO courses: the full dataset', data, meta);
  }

  llmsTxt(): string {
    const { data, meta } = this.dataset();
    return llmsTxt(this.links, data, meta);
  }

  robotsTxt(): string {
    return robotsTxt(this.links);
  }

  sitemapXml(): string {
    const { data, meta } = this.dataset();
    return sitemapXml(this.links, data, meta);
  }

  apiCatalog(): string {
    return JSON.stringify(apiCatalog(this.links));
  }

  serverCard() {
    return serverCard(this.links, this.config.publicUrl, this.config.siteUrl);
  }
}
