import type { Course } from '../catalog/course.schema';
import {
  BUDGET_BANDS,
  FRESHNESS,
  LEARNING_STYLES,
  LEVELS,
  OPERATING_MODELS,
  TOPICS,
} from '../catalog/vocabulary';
import type { Methodology } from '../catalog/methodology.schema';
import { recommend } from './engine';
import type { Answers } from './answers.dto';

/** How the finder answers every possible set of answers on one dataset; used to tune the methodology. */
export interface Distribution {
  readonly combinations: number;
  readonly no_strong_match: number;
  /** Combinations by their top match percent, in ascending buckets, then `none`. */
  readonly top_match: readonly { readonly bucket: string; readonly count: number }[];
  /** How many combinations list each course among their results, by slug; 0 for never. */
  readonly times_recommended: Readonly<Record<string, number>>;
}

/** Every combination of the six answers, in a fixed order. */
export function allAnswers(): Answers[] {
  const all: Answers[] = [];
  for (const experience of LEVELS)
    for (const objective of TOPICS)
      for (const learning_style of LEARNING_STYLES)
        for (const freshness of FRESHNESS)
          for (const budget of BUDGET_BANDS)
            for (const operating_model of OPERATING_MODELS)
              all.push({
                experience,
                objective,
                learning_style,
                freshness,
                budget,
                operating_model,
              });
  return all;
}

/** Ten-point buckets from the threshold up, the last one ending at the 99 cap. */
function bucketBounds(threshold: number): [number, number][] {
  const bounds: [number, number][] = [];
  for (let low = threshold; low <= 99; low += 10) bounds.push([low, Math.min(low + 9, 99)]);
  return bounds;
}

export function distribution(courses: readonly Course[], methodology: Methodology): Distribution {
  const bounds = bucketBounds(methodology.match_threshold);
  const counts = bounds.map(() => 0);
  const times: Record<string, number> = Object.fromEntries(courses.map((c) => [c.slug, 0]));
  const answers = allAnswers();
  let none = 0;
  for (const answer of answers) {
    const results = recommend(answer, courses, methodology);
    if (results.length === 0) {
      none++;
      continue;
    }
    const top = results[0].match_percent;
    counts[bounds.findIndex(([low, high]) => top >= low && top <= high)]++;
    for (const result of results) times[result.course.slug]++;
  }
  return {
    combinations: answers.length,
    no_strong_match: none,
    top_match: [
      ...bounds.map(([low, high], i) => ({ bucket: `${low}–${high}`, count: counts[i] })),
      { bucket: 'none', count: none },
    ],
    times_recommended: times,
  };
}
