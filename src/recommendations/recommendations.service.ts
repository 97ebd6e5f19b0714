import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import { ANSWER_NAMES, QUESTIONS } from '../catalog/vocabulary';
import { envelope } from '../core/envelope';
import type { Envelope } from '../core/envelope.schema';
import { recommend } from './engine';
import type { Answers, Recommendation } from './recommendation.schema';

@Injectable()
export class RecommendationsService {
  constructor(private readonly catalog: CatalogService) {}

  /** Scores the enrolling courses against validated answers. Answers are never stored (§8). */
  recommend(answers: Answers): Envelope<Recommendation> {
    const snapshot = this.catalog.snapshot();
    const { methodology, meta } = snapshot;
    const results = recommend(answers, snapshot.courses, methodology);
    const ordered = Object.fromEntries(
      ANSWER_NAMES.map((name) => [name, answers[name]]),
    ) as Answers;
    const labels = Object.fromEntries(
      ANSWER_NAMES.map((name) => [
        name,
        (QUESTIONS[name].values as Record<string, string>)[answers[name]],
      ]),
    ) as Recommendation['answer_labels'];
    return envelope(meta, {
      answers: ordered,
      answer_labels: labels,
      match_threshold: methodology.match_threshold,
      result_limit: methodology.result_limit,
      no_strong_match: results.length === 0,
      results,
      human_url: `${meta.canonical_url}/finder?${new URLSearchParams(ordered).toString()}`,
      methodology_url: meta.methodology_url,
      dataset_url: `${meta.canonical_url}.json`,
      citation: meta.citation,
    });
  }
}
