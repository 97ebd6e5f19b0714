import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import type { Methodology } from '../catalog/methodology.schema';
import { ANSWER_NAMES, QUESTIONS } from '../catalog/vocabulary';
import { DomainError } from '../core/domain-error';
import { Envelope } from '../core/envelope';
import type { Meta } from '../core/envelope.schema';
import type { Answers } from './answers.dto';
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
    const { head, tail } = framing(answers, methodology, meta);
    return new Envelope({ ...head, no_strong_match: results.length === 0, results, ...tail }, meta);
  }

  /**
   * How the named courses fit the answers, in the order given (well-formed, distinct slugs:
   * `FitQuery`), or without them the courses that came closest; unknown slugs are `not_found`.
   */
  fit({ courses: slugs, ...answers }: FitQuery): Envelope<Fit> {
    const { courses, bySlug, methodology, meta } = this.catalog.current();
    const missing = slugs?.filter((slug) => !bySlug.has(slug)) ?? [];
    if (missing.length > 0) {
      throw new DomainError('not_found', `No course matches: ${missing.join(', ')}.`, { missing });
    }
    const results = recommend(answers, courses, methodology);
    const named = slugs
      ? slugs.map((slug) => bySlug.get(slug)!)
      : closest(answers, courses, methodology).map((match) => match.course);
    const { head, tail, query } = framing(answers, methodology, meta);
    const fits = named.map((course) =>
      courseFit(head.answers, course, methodology, results, `${course.page_url}?${query}`),
    );
    return new Envelope({ ...head, no_strong_match: results.length === 0, fits, ...tail }, meta);
  }
}

/** What a recommendation and a fit both say around their courses, in this order. */
function framing(answers: Answers, methodology: Methodology, meta: Meta) {
  // The answers and labels in the questions' order, whatever order they came in.
  const ordered = Object.fromEntries(ANSWER_NAMES.map((name) => [name, answers[name]])) as Answers;
  const labels = Object.fromEntries(
    ANSWER_NAMES.map((name) => [
      name,
      (QUESTIONS[name].values as Record<string, string>)[answers[name]],
    ]),
  ) as Recommendation['answer_labels'];
  const query = new URLSearchParams(ordered).toString();
  return {
    query,
    head: {
      answers: ordered,
      answer_labels: labels,
      match_threshold: methodology.match_threshold,
      result_limit: methodology.result_limit,
    },
    tail: {
      human_url: `${meta.canonical_url}/finder?${query}`,
      methodology_url: meta.methodology_url,
      dataset_url: `${meta.canonical_url}.json`,
      citation: meta.citation,
    },
  };
}
