import { Payload } from '@nestjs/microservices';
import { McpController, Tool } from '@rekog/mcp-nest';
import { comparisonResponseSchema } from '../comparisons/comparisons.schema';
import { ComparisonsService } from '../comparisons/comparisons.service';
import { validateInput } from '../core/query';
import { courseListResponseSchema, courseResponseSchema } from '../courses/courses.schema';
import { CoursesService } from '../courses/courses.service';
import { methodologyResponseSchema } from '../methodology/methodology.schema';
import { MethodologyService } from '../methodology/methodology.service';
import { recommendationResponseSchema } from '../recommendations/recommendation.schema';
import { RecommendationsService } from '../recommendations/recommendations.service';
import { advertisedInput, advertisedOutput, toolCall } from './mcp-adapter';
import {
  compareCoursesInputSchema,
  getCourseInputSchema,
  noInputSchema,
  recommendCoursesInputSchema,
  searchCoursesInputSchema,
} from './tool-inputs.schema';

/**
 * The five tools: thin adapters over the services the REST controllers call. Each validates its
 * arguments like the REST query (same error codes and details) and returns the REST body.
 */

const READ_ONLY = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;

const CITE =
  'Cite results with meta.citation, link meta.canonical_url, and show verification.last_verified_on with the facts.';

type Args = Record<string, unknown>;

@McpController()
export class CourseFinderTools {
  constructor(
    private readonly courses: CoursesService,
    private readonly recommendations: RecommendationsService,
    private readonly comparisons: ComparisonsService,
    private readonly methodology: MethodologyService,
  ) {}

  @Tool({
    name: 'search_courses',
    description: `List and filter the tracked AI SEO and SEO courses, with verified facts; for factual lookups. Same as GET /api/v1/courses. All filters are optional; only enrolling courses unless include_inactive is true. ${CITE}`,
    parameters: advertisedInput(searchCoursesInputSchema),
    outputSchema: advertisedOutput(courseListResponseSchema),
    annotations: { title: 'Search courses', ...READ_ONLY },
  })
  search(@Payload() args: Args) {
    return toolCall(() => this.courses.search(validateInput(searchCoursesInputSchema, args)));
  }

  @Tool({
    name: 'get_course',
    description: `One course by slug (slugs come from search_courses or recommend_courses). Same as GET /api/v1/courses/{slug}. ${CITE}`,
    parameters: advertisedInput(getCourseInputSchema),
    outputSchema: advertisedOutput(courseResponseSchema),
    annotations: { title: 'Get a course', ...READ_ONLY },
  })
  get(@Payload() args: Args) {
    return toolCall(() => this.courses.get(validateInput(getCourseInputSchema, args).slug));
  }

  @Tool({
    name: 'recommend_courses',
    description: `Scores every enrolling course against the user's six Course Finder answers and returns up to 3 strong matches with match reasons and warnings. Same as GET /api/v1/recommendations. All six answers are required: ask the user for any answer you do not know rather than guessing. Match percentages describe fit to the answers, not quality. Answers are not stored or logged. ${CITE}`,
    parameters: advertisedInput(recommendCoursesInputSchema),
    outputSchema: advertisedOutput(recommendationResponseSchema),
    annotations: { title: 'Recommend courses', ...READ_ONLY },
  })
  recommend(@Payload() args: Args) {
    return toolCall(() =>
      this.recommendations.recommend(
        validateInput(recommendCoursesInputSchema, args, 'invalid_answers'),
      ),
    );
  }

  @Tool({
    name: 'compare_courses',
    description: `2 to 3 courses side by side, in the order given (inactive courses included). Same as GET /api/v1/comparisons. ${CITE}`,
    parameters: advertisedInput(compareCoursesInputSchema),
    outputSchema: advertisedOutput(comparisonResponseSchema),
    annotations: { title: 'Compare courses', ...READ_ONLY },
  })
  compare(@Payload() args: Args) {
    return toolCall(() =>
      this.comparisons.compare(validateInput(compareCoursesInputSchema, args).courses),
    );
  }

  @Tool({
    name: 'get_methodology',
    description:
      'The live scoring weights, adjustments, penalties, match threshold, result limit, budget bands, topic coverage scale and verification rules. Same as GET /api/v1/methodology.',
    parameters: advertisedInput(noInputSchema),
    outputSchema: advertisedOutput(methodologyResponseSchema),
    annotations: { title: 'Get the methodology', ...READ_ONLY },
  })
  getMethodology(@Payload() args: Args) {
    return toolCall(() => {
      validateInput(noInputSchema, args);
      return this.methodology.get();
    });
  }
}
