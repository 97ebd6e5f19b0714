import { SlugList } from '../core/validation/input-decorators';

export const MIN_COMPARED = 2;
export const MAX_COMPARED = 3;

/** The query of `compareCourses` and the arguments of `compare_courses`. */
export class CompareCoursesQuery {
  @SlugList(MIN_COMPARED, MAX_COMPARED, {
    description: `${MIN_COMPARED} to ${MAX_COMPARED} distinct course slugs, in the order to show them (\`answer-engine-foundations\`, \`search-generalist-program\`).`,
    required: true,
  })
  courses!: string[];
}
