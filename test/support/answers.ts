import fc from 'fast-check';
import {
  BUDGET_BANDS,
  FRESHNESS,
  LEARNING_STYLES,
  LEVELS,
  OPERATING_MODELS,
  TOPICS,
} from '../../src/catalog/vocabulary';
import type { Answers } from '../../src/recommendations/answers.dto';

/** A common, valid answer set with strong matches in the shipped data. */
export const SAMPLE_ANSWERS: Answers = {
  experience: 'beginner',
  objective: 'ai_geo',
  learning_style: 'self_paced',
  freshness: 'important',
  budget: 'under_100',
  operating_model: 'brand_client',
};

/**
 * The answers of the over-budget example (docs/methodology.md#over-budget-by-how-much): link
 * building at $100–$500, whose second match used to be a $199-a-month course.
 */
export const OVER_BUDGET_ANSWERS: Answers = {
  experience: 'intermediate',
  objective: 'links',
  learning_style: 'hands_on',
  freshness: 'important',
  budget: '100_500',
  operating_model: 'affiliate',
};

/**
 * Valid answers none of whose values appears in a course slug, route or any fixed text: a log line,
 * metric or span that holds one has leaked an answer (docs/privacy.md#recommendation-answers).
 */
export const TELLTALE_ANSWERS: Answers = {
  experience: 'advanced',
  objective: 'content_programmatic',
  learning_style: 'templates_sops',
  freshness: 'critical',
  budget: '500_plus',
  operating_model: 'saas_ecommerce',
};

/** Any valid set of the six answers (fast-check). */
export const answersArb: fc.Arbitrary<Answers> = fc.record({
  experience: fc.constantFrom(...LEVELS),
  objective: fc.constantFrom(...TOPICS),
  learning_style: fc.constantFrom(...LEARNING_STYLES),
  freshness: fc.constantFrom(...FRESHNESS),
  budget: fc.constantFrom(...BUDGET_BANDS),
  operating_model: fc.constantFrom(...OPERATING_MODELS),
});
