import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import { FACT_LABELS, type FactCheck } from '../catalog/facts';
import { InputValidationPipe } from '../core/validation/input-validation.pipe';
import { ChangesService } from '../changes/changes.service';
import { CoursesService } from '../courses/courses.service';
import { answerLabels, inQuestionOrder } from '../recommendations/answers.dto';
import { RecommendationsService } from '../recommendations/recommendations.service';
import { answersForm } from './answers';
import { pathOf } from './links';
import { courseMarkdown } from './markdown';
import { SiteRenderer } from './site-renderer';

/**
 * Which facts of a course are checked, and when, as its page says them (docs/data.md#the-facts):
 * the checked ones by day, newest first, so those checked earlier than the rest follow; the facts
 * never checked; those changed since their check.
 */
function checksForPage(checks: readonly FactCheck[]) {
  const days = [...new Set(checks.flatMap((c) => (c.checkedOn ? [c.checkedOn] : [])))].sort();
  const labels = (facts: readonly FactCheck[]) => facts.map((c) => FACT_LABELS[c.fact]);
  return {
    byDay: days.reverse().map((day) => ({
      day,
      facts: labels(checks.filter((c) => c.checkedOn === day)),
    })),
    unchecked: labels(checks.filter((c) => c.checkedOn === null && c.changedOn === undefined)),
    changed: checks
      .filter((c) => c.changedOn !== undefined)
      .map((c) => ({ fact: FACT_LABELS[c.fact], day: c.changedOn! })),
  };
}

/**
 * One course's page, as HTML or Markdown. With the six answers in its address (from the finder,
 * or its own form) it shows how the course fits them, as `checkCourseFit` answers; without them it
 * offers the six questions.
 */
@Injectable()
export class CoursePage {
  constructor(
    private readonly courses: CoursesService,
    /** The form is the API's query, checked without failing so its problems can be shown. */
    private readonly inputs: InputValidationPipe,
    private readonly recommendations: RecommendationsService,
    private readonly catalog: CatalogService,
    private readonly site: SiteRenderer,
    private readonly changes: ChangesService,
  ) {}

  async html(slug: string, raw: Record<string, unknown>): Promise<string> {
    const { data: course, meta } = this.courses.get(slug);
    const form = await answersForm(this.inputs, raw);
    const answers = form.answers && inQuestionOrder(form.answers);
    const fitted = answers ? this.recommendations.fit({ ...answers, courses: [slug] }).data : null;
    const fit = fitted?.fits[0] ?? null;
    const { bySlug, dataset } = this.catalog.current();
    const page = this.site.page(
      `${course.name} (${course.provider.name})`,
      course.description ??
        `${course.name} by ${course.provider.name}: levels, price, formats and verification.`,
      course.page_url,
      [course],
    );
    const notice = course.placeholder_data ? ('course' as const) : null;
    return this.site.render(
      'course',
      { ...page, noindex: Object.keys(raw).length > 0, placeholderNotice: notice },
      meta,
      {
        course,
        form,
        fit,
        answerLabels: answers && answerLabels(answers),
        rankedAhead: (fit?.ranked_ahead ?? []).map((ahead) => bySlug.get(ahead)!),
        resultsPath: fitted ? pathOf(fitted.human_url) : null,
        answersQuery: answers && `${new URLSearchParams(answers)}`,
        apiQuery: answers && `${new URLSearchParams(answers)}&courses=${slug}`,
        changes: this.changes.ofCourse(slug),
        checks: checksForPage(dataset.checks.get(slug) ?? []),
      },
    );
  }

  markdown(slug: string): string {
    const { data, meta } = this.courses.get(slug);
    return courseMarkdown(data, meta, this.site.words());
  }
}
