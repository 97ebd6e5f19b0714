import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import { QUESTIONS } from '../catalog/vocabulary';
import { InputValidationPipe } from '../core/validation/input-validation.pipe';
import { AnswersInput } from '../recommendations/answers.dto';
import type { Recommendation } from '../recommendations/recommendations.responses';
import { RecommendationsService } from '../recommendations/recommendations.service';
import { formProblems, formQuery, NO_PROBLEMS } from './forms';
import { pathOf } from './links';
import { SiteRenderer } from './site-renderer';

/** The six questions as a form, and its recommendations for the answers given. */
@Injectable()
export class FinderPage {
  constructor(
    /** The form is the API's query, checked without failing so its problems can be shown. */
    private readonly inputs: InputValidationPipe,
    private readonly catalog: CatalogService,
    private readonly recommendations: RecommendationsService,
    private readonly site: SiteRenderer,
  ) {}

  async html(raw: Record<string, unknown>): Promise<string> {
    const given = formQuery(raw);
    let recommendation: Recommendation | null = null;
    let problems = NO_PROBLEMS;
    // An untouched form is a question, not a mistake: problems are shown once something is answered.
    if (Object.keys(given).length > 0) {
      const checked = await this.inputs.check(AnswersInput, given);
      if (checked.ok) recommendation = this.recommendations.recommend(checked.value).data;
      else problems = formProblems(AnswersInput, checked.problems);
    }
    const meta = this.catalog.current().meta;
    const results = recommendation?.results ?? [];
    const page = this.site.page(
      'Course Finder: six questions, up to three AI SEO courses',
      'Answer six questions about your experience, goal, learning style, need for fresh material, budget and kind of work; get up to three courses with the reasons and warnings behind each match.',
      this.site.links.finder,
      results.map((result) => result.course),
    );
    return this.site.render('finder', page, meta, {
      questions: QUESTIONS,
      values: given,
      problems,
      recommendation,
      apiQuery: recommendation ? new URLSearchParams(recommendation.answers).toString() : null,
      resultsPath: recommendation ? pathOf(recommendation.human_url) : null,
    });
  }
}
