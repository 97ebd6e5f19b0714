import { UseFilters, UseInterceptors, UsePipes } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { McpController, Tool } from '@rekog/mcp-nest';
import { CompareCoursesQuery } from '../comparisons/comparisons.dto';
import { comparisonResponseSchema } from '../comparisons/comparisons.responses';
import { ComparisonsService } from '../comparisons/comparisons.service';
import { ANSWER_NAMES } from '../catalog/vocabulary';
import { AppConfig } from '../core/config';
import { SITE_PATHS } from '../core/paths';
import { InputValidationPipe } from '../core/validation/input-validation.pipe';
import { NoQuery } from '../core/validation/no-query.dto';
import { CourseSlug, SearchCoursesQuery } from '../courses/courses.dto';
import { courseListResponseSchema, courseResponseSchema } from '../courses/courses.responses';
import { CoursesService } from '../courses/courses.service';
import { SearchAidsService } from '../courses/search-aids.service';
import { methodologyResponseSchema } from '../methodology/methodology.responses';
import { MethodologyService } from '../methodology/methodology.service';
import { OperationSpanInterceptor } from '../ops/operation-span.interceptor';
import { AnswersInput } from '../recommendations/answers.dto';
import { FitQuery } from '../recommendations/fit.dto';
import { fitResponseSchema } from '../recommendations/fit.responses';
import { recommendationResponseSchema } from '../recommendations/recommendations.responses';
import { RecommendationsService } from '../recommendations/recommendations.service';
import { AnswersFormInterceptor } from './answers-form.interceptor';
import { APP_TOOL_META } from './course-finder.app';
import { ToolErrorFilter } from './mcp-errors';
import { FACETS_META_KEY, facetsSentence } from './facets-meta';
import { toolResult, ToolResultInterceptor } from './tool-result.interceptor';
import { advertisedInput, advertisedOutput } from './tool-schemas';
import { withWaysOut } from './ways-out-meta';
import { GLOSSARY_URI } from './course-finder.resources';

/**
 * The tools: thin adapters over the services the REST controllers call. Each takes the input
 * class of its REST twin, validated by the same pipe (as JSON: booleans and an array of slugs), and
 * returns the REST body; errors are the REST error bodies. The four data tools link the Course
 * Finder app (`_meta.ui`), which hosts with MCP Apps render beside the same result.
 */

export const READ_ONLY = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;

/**
 * `search_courses` answers a page of this many courses unless `limit` says otherwise: each costs
 * an assistant about 2.8 KB of context (as structured content and again as text), so a first page
 * stays under 30 KB (docs/benchmarks.md#what-an-assistant-pays).
 */
export const TOOL_PAGE_SIZE = 8;

/**
 * The six answers as a second tool takes them: their values, and no description, which
 * recommend_courses gives once (docs/mcp.md#what-the-tool-list-costs).
 */
const ANSWERS_AS_VALUES = Object.fromEntries(
  ANSWER_NAMES.map((name) => [name, { description: undefined }]),
);

const CITE =
  'Cite results with meta.citation, link meta.canonical_url, and show verification.last_verified_on with the facts.';

@McpController()
@UsePipes(new InputValidationPipe('json'))
@UseInterceptors(OperationSpanInterceptor, ToolResultInterceptor)
@UseFilters(ToolErrorFilter)
export class CourseFinderTools {
  constructor(
    private readonly courses: CoursesService,
    private readonly recommendations: RecommendationsService,
    private readonly comparisons: ComparisonsService,
    private readonly methodology: MethodologyService,
    private readonly aids: SearchAidsService,
    private readonly config: AppConfig,
  ) {}

  @Tool({
    name: 'search_courses',
    description: `List, filter and search the tracked AI SEO and SEO courses, with their facts and last-verified dates; for factual lookups. All filters are optional; only enrolling courses unless include_inactive is true; q finds courses by words, forgiving typos (sort "relevance": best match first). Answers ${TOOL_PAGE_SIZE} courses at a time unless limit says otherwise (up to 100), and says how many match, how many each filter value would give (to answer "how many" in one call) and how to get the next page (cursor). ${CITE}`,
    parameters: advertisedInput(SearchCoursesQuery, {
      limit: {
        default: TOOL_PAGE_SIZE,
        description: `At most this many courses (default ${TOOL_PAGE_SIZE}); when more are found, the result says how to get the next page.`,
      },
      cursor: {
        description:
          'The page after a previous one, as that result gave it (also in its _meta["course-finder/page"].next_cursor), with the same other arguments; valid while the data stays the same.',
      },
    }),
    outputSchema: advertisedOutput(courseListResponseSchema),
    annotations: { title: 'Search courses', ...READ_ONLY },
    _meta: APP_TOOL_META,
  })
  search(@Payload() query: SearchCoursesQuery): CallToolResult {
    const result = toolResult(
      this.courses.search({ ...query, limit: query.limit ?? TOOL_PAGE_SIZE }),
    );
    const counts = this.courses.facets(query).data;
    const counted: CallToolResult = {
      ...result,
      content: [...result.content, { type: 'text', text: facetsSentence(counts) }],
      _meta: { ...result._meta, [FACETS_META_KEY]: counts },
    };
    if (counts.total > 0) return counted;
    const glossary = { uri: GLOSSARY_URI, url: `${this.config.siteUrl}${SITE_PATHS.glossary}` };
    return withWaysOut(counted, query, this.aids.waysOut(query), glossary);
  }

  @Tool({
    name: 'get_course',
    description: `One course by slug, with every fact and its sources. ${CITE}`,
    parameters: advertisedInput(CourseSlug, {
      slug: {
        description:
          'The course slug, as search_courses, recommend_courses or compare_courses give it.',
      },
    }),
    outputSchema: advertisedOutput(courseResponseSchema),
    annotations: { title: 'Get a course', ...READ_ONLY },
    _meta: APP_TOOL_META,
  })
  get(@Payload() { slug }: CourseSlug) {
    return this.courses.get(slug);
  }

  @Tool({
    name: 'recommend_courses',
    description: `Scores every enrolling course against the user's six Course Finder answers and returns up to 3 strong matches with match reasons and warnings. All six answers are required: ask the user for any answer you do not know rather than guessing. Match percentages describe fit to the answers, not quality. Answers are not stored or logged. ${CITE}`,
    parameters: advertisedInput(AnswersInput),
    outputSchema: advertisedOutput(recommendationResponseSchema),
    annotations: { title: 'Recommend courses', ...READ_ONLY },
    _meta: APP_TOOL_META,
  })
  @UseInterceptors(new AnswersFormInterceptor(AnswersInput))
  recommend(@Payload() answers: AnswersInput) {
    return this.recommendations.recommend(answers);
  }

  @Tool({
    name: 'check_course_fit',
    description: 'How 1-3 courses, or the closest, fit six answers.',
    parameters: advertisedInput(FitQuery, {
      ...ANSWERS_AS_VALUES,
      courses: { description: undefined },
    }),
    outputSchema: advertisedOutput(fitResponseSchema),
    annotations: { title: 'Check how courses fit', ...READ_ONLY },
  })
  @UseInterceptors(new AnswersFormInterceptor(FitQuery))
  fit(@Payload() query: FitQuery) {
    return this.recommendations.fit(query);
  }

  @Tool({
    name: 'compare_courses',
    description: `2 to 3 courses side by side, in the order given (inactive courses included). ${CITE}`,
    parameters: advertisedInput(CompareCoursesQuery, {
      courses: {
        description:
          'A JSON array of 2 to 3 distinct course slugs, in the order to show them, e.g. ["answer-engine-foundations", "search-generalist-program"].',
      },
    }),
    outputSchema: advertisedOutput(comparisonResponseSchema),
    annotations: { title: 'Compare courses', ...READ_ONLY },
    _meta: APP_TOOL_META,
  })
  compare(@Payload() { courses }: CompareCoursesQuery) {
    return this.comparisons.compare(courses);
  }

  @Tool({
    name: 'get_methodology',
    description:
      'The live scoring weights, adjustments, penalties, match threshold, result limit, budget bands, topic coverage scale and verification rules.',
    parameters: advertisedInput(NoQuery),
    outputSchema: advertisedOutput(methodologyResponseSchema),
    annotations: { title: 'Get the methodology', ...READ_ONLY },
  })
  getMethodology(@Payload() _none: NoQuery) {
    return this.methodology.get();
  }
}
