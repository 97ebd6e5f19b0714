import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import { ANSWER_NAMES, QUESTIONS } from '../catalog/vocabulary';
import { Envelope } from '../core/envelope';
import type { Answers } from './answers.dto';
import { recommend } from './engine';
import type { Recommendation } from './recommendations.responses';

/**
 * Recommendations for validated answers, scored by the engine on the current data for each call.
 * Answers are never stored (docs/privacy.md#recommendation-answers).
 */
@Injectable()
export class RecommendationsService {
  constructor(private readonly catalog: CatalogService) {}

  recommend(answers: Answers): Envelope<Recommendation> {
    const { courses, methodology, meta } = this.catalog.current();
    const results = recommend(answers, courses, methodology);
    // The answers and labels in the questions' order, whatever order they came in.
    const ordered = Object.fromEntries(
      ANSWER_NAMES.map((name) => [name, answers[name]]),
    ) as Answers;
    const labels = Object.fromEntries(
      ANSWER_NAMES.map((name) => [
        name,
        (QUESTIONS[name].values as Record<string, string>)[answers[name]],
      ]),
    ) as Recommendation['answer_labels'];
    const recommendation: Recommendation = {
      answers: ordered,
      answer_labels: labels,
      match_threshold: methodology.match_threshold,
      result_limit: methodology.result_limit,
      no_strong_match: results.length === 0,
      results,
      human_url: `${meta.canonical_url}/finder?${new URLSearchParams(ordered)}`,
      methodology_url: meta.methodology_url,
      dataset_url: `${meta.canonical_url}.json`,
      citation: meta.citation,
    };
    return new Envelope(recommendation, meta);
  }
}
