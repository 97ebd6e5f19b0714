import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import { unknownCourses } from '../catalog/unknown-courses';
import { Envelope } from '../core/envelope';
import { type Answers, answerLabels, inQuestionOrder } from './answers.dto';
import { closest, recommend } from './engine';
import { courseFit } from './fit';
import type { FitQuery } from './fit.dto';
import type { Fit } from './fit.responses';
import type { Recommendation } from './recommendations.responses';

/**
 * Recommendations for validated answers, and how courses fit them, scored by the engine on the
 * current data for each call. Answers are never stored (docs/privacy.md#recommendation-answers).
 */
@Injectable()
export class RecommendationsService {
  constructor(private readonly catalog: CatalogService) {}

  recommend(answers: Answers): Envelope<Recommendation> {
    const { courses, methodology, meta } = this.catalog.current();
    const results = recommend(answers, courses, methodology);
    const ordered = inQuestionOrder(answers);
    const recommendation: Recommendation = {
      answers: ordered,
      answer_labels: answerLabels(ordered),
      match_threshold: methodology.match_threshold,
      result_limit: methodology.result_limit,
      no_strong_match: results.length === 0,
      results,
      human_url: finderUrl(meta.canonical_url, ordered),
      methodology_url: meta.methodology_url,
      dataset_url: `${meta.canonical_url}.json`,
      citation: meta.citation,
    };
    return new Envelope(recommendation, meta);
  }

  /**
   * How the named courses fit the answers, in the order given (well-formed, distinct slugs:
   * `FitQuery`), or without them the courses that came closest; unknown slugs are `not_found`. The
   * answers are the caller's own and the links and citation are in `meta`, so a fit says only what
   * is its own (docs/mcp.md#what-the-tool-list-costs).
   */
  fit({ courses: slugs, ...answers }: FitQuery): Envelope<Fit> {
    const { courses, bySlug, methodology, meta } = this.catalog.current();
    const missing = slugs?.filter((slug) => !bySlug.has(slug)) ?? [];
    if (missing.length > 0) throw unknownCourses(missing, [...bySlug.keys()]);
    const results = recommend(answers, courses, methodology);
    const named = slugs
      ? slugs.map((slug) => bySlug.get(slug)!)
      : closest(answers, courses, methodology).map((match) => match.course);
    const ordered = inQuestionOrder(answers);
    const query = new URLSearchParams(ordered).toString();
    const fit: Fit = {
      match_threshold: methodology.match_threshold,
      result_limit: methodology.result_limit,
      no_strong_match: results.length === 0,
      fits: named.map((course) =>
        courseFit(ordered, course, methodology, results, `${course.page_url}?${query}`),
      ),
      human_url: finderUrl(meta.canonical_url, ordered),
    };
    return new Envelope(fit, meta);
  }
}

/** The finder page with the answers: the recommendation as a page. */
const finderUrl = (canonicalUrl: string, answers: Answers) =>
  `${canonicalUrl}/finder?${new URLSearchParams(answers)}`;
