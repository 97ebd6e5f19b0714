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
