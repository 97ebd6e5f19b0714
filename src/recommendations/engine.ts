import type { Course } from '../catalog/course.schema';
import { byName } from '../catalog/name-order';
import type { Methodology } from '../catalog/methodology.schema';
import { topicCoverage } from '../catalog/vocabulary';
import type { Answers } from './answers.dto';
import type { Assessment } from './assessment';
import { explain } from './explain';
import type { RecommendationResult } from './recommendations.responses';
import { assess, bestPossible, type Context, prepare } from './scoring';

/**
 * The Course Finder engine: ranks the courses scoring.ts scores, and words each match with
 * explain.ts. Pure, so the same answers, courses and methodology always give the same results.
 */

export { scoreCourse } from './scoring';

interface Scored {
  readonly course: Course;
  readonly assessment: Assessment;
}

/**
 * Best match first; equal matches by name as the course list orders names (`byName`: letters
 * whatever their case, numbers by value), then slug, so the order never depends on input order.
 */
function compareScored(x: Scored, y: Scored): number {
  return y.assessment.match - x.assessment.match || byName(x.course, y.course);
}

/**
 * Keeps `entry` among the `limit` best so far, in rank order, if it ranks there. The best few are
 * all a recommendation returns, so the scored courses that do not make them die young: at 3,400
 * courses, sorting every course that reaches the threshold kept thousands alive per request.
 */
function keepBest(best: Scored[], entry: Scored, limit: number): void {
  let at = best.length;
  while (at > 0 && compareScored(entry, best[at - 1]) < 0) at--;
  if (at >= limit) return;
  best.splice(at, 0, entry);
  if (best.length > limit) best.pop();
}

/**
 * The `limit` enrolling courses that rank highest at `threshold` or more, in rank order. A course
 * that cannot reach what it would have to beat is not scored (bestPossible): that changes which
 * courses are scored, never which rank highest.
 */
function rankBest(
  ctx: Context,
  courses: readonly Course[],
  threshold: number,
  limit: number,
): Scored[] {
  const best: Scored[] = [];
  for (const course of courses) {
    if (!course.enrolling) continue;
    // What a course must reach to enter: the threshold, and once the best are found the last of
    // them (equal may still enter, on its name).
    const bar = Math.max(threshold, best.length < limit ? 0 : best[limit - 1].assessment.match);
    if (bestPossible(ctx, topicCoverage(course.topic_coverage, ctx.answers.objective)) < bar)
      continue;
    const assessment = assess(ctx, course);
    if (assessment.match >= threshold) keepBest(best, { course, assessment }, limit);
  }
  return best;
}

/** A course's match with the reasons and warnings behind it, as every answer of the engine words it. */
export interface CourseMatch {
  match_percent: number;
  match_reasons: string[];
  warnings: string[];
  course: Course;
}

function explained(ctx: Context, { course, assessment }: Scored): CourseMatch {
  const { reasons, warnings } = explain(ctx.answers, ctx.methodology, course, assessment);
  return { match_percent: assessment.match, match_reasons: reasons, warnings, course };
}

/** Scores every enrolling course and returns the best ones at or above the threshold, ranked. */
export function recommend(
  answers: Answers,
  courses: readonly Course[],
  methodology: Methodology,
): RecommendationResult[] {
  const ctx = prepare(answers, methodology);
  const best = rankBest(ctx, courses, methodology.match_threshold, methodology.result_limit);
  return best.map((scored, i) => ({ rank: i + 1, ...explained(ctx, scored) }));
}

/** What came closest: the `result_limit` enrolling courses that rank highest, whatever their match. */
export function closest(
  answers: Answers,
  courses: readonly Course[],
  methodology: Methodology,
): CourseMatch[] {
  const ctx = prepare(answers, methodology);
  return rankBest(ctx, courses, 0, methodology.result_limit).map((scored) =>
    explained(ctx, scored),
  );
}

/** One course's match, reasons and warnings for the answers, scored as the engine scores any. */
export function matchOf(answers: Answers, course: Course, methodology: Methodology): CourseMatch {
  const ctx = prepare(answers, methodology);
  return explained(ctx, { course, assessment: assess(ctx, course) });
}
