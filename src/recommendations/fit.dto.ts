import { SlugList } from '../core/validation/input-decorators';
import { AnswersInput } from './answers.dto';

export const MIN_FITTED = 1;
export const MAX_FITTED = 3;

/**
 * The query of `checkCourseFit` and the arguments of `check_course_fit`: the six answers, as
 * `recommendCourses` takes them, and the courses to check. Every problem, the courses' included,
 * is reported in one `invalid_answers` (docs/api.md#checkcoursefit).
 */
export class FitQuery extends AnswersInput {
  @SlugList(MIN_FITTED, MAX_FITTED, {
    description: `${MIN_FITTED} to ${MAX_FITTED} distinct course slugs to check, in the order to show them. Without them: the courses that came closest.`,
  })
  courses?: string[];
}
