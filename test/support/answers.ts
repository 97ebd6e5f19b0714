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
