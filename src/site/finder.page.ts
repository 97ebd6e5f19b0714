import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import { InputValidationPipe } from '../core/validation/input-validation.pipe';
import { RecommendationsService } from '../recommendations/recommendations.service';
import { answersForm } from './answers';
import { fmt } from './format';
import { pathOf } from './links';
import { SiteRenderer } from './site-renderer';

/**
 * The six questions as a form, its recommendations for the answers given, each linking its course
 * page with the answers, and when none is strong what came closest.
 */
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
    const form = await answersForm(this.inputs, raw);
    const { answers } = form;
    const recommendation = answers ? this.recommendations.recommend(answers).data : null;
    const closest =
      answers && recommendation?.no_strong_match ? this.recommendations.fit(answers).data.fits : [];
    const { meta, methodology } = this.catalog.current();
    const results = recommendation?.results ?? [];
    // The live limit, not the contract's bound: the page says what the finder does today.
    const upTo = `up to ${fmt.number(methodology.result_limit)}`;
    const page = this.site.page(
      `Course Finder: six questions, ${upTo} AI SEO courses`,
      `Answer six questions about your experience, goal, learning style, need for fresh material, budget and kind of work; get ${upTo} courses with the reasons and warnings behind each match.`,
      this.site.links.finder,
      results.map((result) => result.course),
    );
    const apiQuery = answers ? new URLSearchParams(recommendation!.answers).toString() : null;
    return this.site.render('finder', { ...page, noindex: Object.keys(raw).length > 0 }, meta, {
      ...form,
      resultLimit: methodology.result_limit,
      recommendation,
      closest,
      apiQuery,
      resultsPath: recommendation ? pathOf(recommendation.human_url) : null,
    });
  }
}
