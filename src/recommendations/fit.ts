import type { Course } from '../catalog/course.schema';
import type { Methodology } from '../catalog/methodology.schema';
import { counted } from '../core/words';
import type { Answers } from './answers.dto';
import { matchOf } from './engine';
import type { CourseFit, CourseRef } from './fit.responses';
import type { RecommendationResult } from './recommendations.responses';

/**
 * How one course fits the answers (docs/methodology.md#how-a-course-fits): the engine's own match,
 * reasons and warnings, and whether the recommendation for the same answers returns it, and if not
 * why. `results` is that recommendation, so the verdict cannot disagree with it.
 */

type Verdict = Pick<CourseFit, 'recommended' | 'rank' | 'verdict' | 'explanation' | 'ranked_ahead'>;

const courses = (n: number) => counted(n, 'course');

function verdictOf(
  course: Course,
  match: number,
  methodology: Methodology,
  results: readonly RecommendationResult[],
): Verdict {
  const threshold = methodology.match_threshold;
  const result = results.find((r) => r.course.slug === course.slug);
  // Every recommended course ranks ahead of one the recommendation does not return.
  const ahead = results.filter((r) => result === undefined || r.rank < result.rank);
  const verdict = { ranked_ahead: ahead.map((r) => r.course.slug) };
  if (result) {
    return {
      recommended: true,
      rank: result.rank,
      verdict: 'recommended',
      explanation: `Recommended: rank ${result.rank} of the ${courses(results.length)} recommended for these answers, at ${match} %.`,
      ...verdict,
    };
  }
  if (match < threshold) {
    return {
      recommended: false,
      rank: null,
      verdict: 'below_threshold',
      explanation: `Not recommended: its ${match} % is below the ${threshold} % a course needs to be recommended.`,
      ...verdict,
    };
  }
  // At the threshold or more, yet not returned: the recommendation is full of courses ranked ahead.
  const named = ahead.map((r) => `${r.course.name} (${r.match_percent} %)`).join(', ');
  return {
    recommended: false,
    rank: null,
    verdict: 'outranked',
    explanation: `Not recommended: its ${match} % reaches the ${threshold} % threshold, but ${courses(ahead.length)} rank ahead of it and a recommendation names at most ${methodology.result_limit}: ${named}.`,
    ...verdict,
  };
}

function refOf(course: Course): CourseRef {
  const { slug, name, provider, page_url, verification, placeholder_data } = course;
  const { last_verified_on, status } = verification;
  return {
    slug,
    name,
    page_url,
    provider: { name: provider.name },
    verification: { last_verified_on, status },
    placeholder_data,
  };
}

export function courseFit(
  answers: Answers,
  course: Course,
  methodology: Methodology,
  results: readonly RecommendationResult[],
  humanUrl: string,
): CourseFit {
  if (!course.enrolling) {
    return {
      course: refOf(course),
      match_percent: null,
      match_reasons: [],
      warnings: [],
      recommended: false,
      rank: null,
      verdict: 'not_enrolling',
      explanation:
        'Not scored: the course is not currently enrolling, and only enrolling courses are scored and recommended.',
      ranked_ahead: [],
      human_url: humanUrl,
    };
  }
  const { match_percent, match_reasons, warnings } = matchOf(answers, course, methodology);
  return {
    course: refOf(course),
    match_percent,
    match_reasons,
    warnings,
    ...verdictOf(course, match_percent, methodology, results),
    human_url: humanUrl,
  };
}
