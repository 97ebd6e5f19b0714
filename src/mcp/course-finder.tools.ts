import { UseFilters, UseInterceptors, UsePipes } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { McpController, Tool } from '@rekog/mcp-nest';
import { ChangesQuery } from '../changes/changes.dto';
import { changeListResponseSchema } from '../changes/changes.responses';
import { ChangesService } from '../changes/changes.service';
import { CompareCoursesQuery } from '../comparisons/comparisons.dto';
import { comparisonResponseSchema } from '../comparisons/comparisons.responses';
import { ComparisonsService } from '../comparisons/comparisons.service';
import { AppConfig } from '../core/config';
import { SITE_PATHS } from '../core/paths';
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
import { answersOrForm, TOOL_INPUT, type ToolArguments, type ToolCall } from './answers-form';
import { APP_TOOL_META } from './course-finder.app';
import { ToolErrorFilter } from './mcp-errors';
import { FACETS_META_KEY, facetsSentence } from './facets-meta';
import { PagesOf, toolResult, ToolResultInterceptor } from './tool-result.interceptor';
import { MCP_TOOLS, type ToolName } from './server-info';
import { advertisedInput, advertisedOutput } from './tool-schemas';
import { withWaysOut } from './ways-out-meta';
import { GLOSSARY_URI } from './course-finder.resources';

/**
 * The tools: thin adapters over the services the REST controllers call. Each takes the input
 * class of its REST twin, validated by the same pipe (as JSON: booleans and an array of slugs), and
 * returns the REST body; errors are the REST error bodies. The four data tools link the Course
 * Finder app (`_meta.ui`), which hosts with MCP Apps render beside the same result. The two that
 * take the six answers read their arguments as sent and validate them once, with the same pipe,
 * in `answersOrForm` (answers-form.ts), which may ask for the answers left out instead.
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
 * `get_changes` answers a page of this many entries unless `limit` says otherwise: an entry costs
 * an assistant some 0.7 KB of context (as structured content and again as text).
 */
export const CHANGES_TOOL_PAGE_SIZE = 20;

/** The `cursor` of a tool that answers pages. */
const NEXT_PAGE =
  'The next page, as the previous result gave it, with the same other arguments; valid while the data stays the same.';

/**
 * A tool's name, description and title from the one list of tools (server-info.ts), which the
 * instructions and the home page name them from; read-only like every tool here.
 */
function tool<T extends object>(name: ToolName, options: T) {
  const { title, description } = MCP_TOOLS[name];
  return { name, description, annotations: { title, ...READ_ONLY }, ...options };
}

@McpController()
@UsePipes(TOOL_INPUT)
@UseInterceptors(OperationSpanInterceptor, ToolResultInterceptor)
@UseFilters(ToolErrorFilter)
export class CourseFinderTools {
  constructor(
    private readonly courses: CoursesService,
    private readonly recommendations: RecommendationsService,
    private readonly comparisons: ComparisonsService,
    private readonly methodology: MethodologyService,
    private readonly changes: ChangesService,
    private readonly aids: SearchAidsService,
    private readonly config: AppConfig,
  ) {}

  @Tool(
    tool('search_courses', {
      parameters: advertisedInput(SearchCoursesQuery, {
        limit: {
          default: TOOL_PAGE_SIZE,
          description: `At most this many courses (default ${TOOL_PAGE_SIZE}); when more match, the result says how to get the next page.`,
        },
        cursor: { description: NEXT_PAGE },
      }),
      outputSchema: advertisedOutput(courseListResponseSchema),
      _meta: APP_TOOL_META,
    }),
  )
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

  @Tool(
    tool('get_course', {
      parameters: advertisedInput(CourseSlug),
      outputSchema: advertisedOutput(courseResponseSchema),
      _meta: APP_TOOL_META,
    }),
  )
  get(@Payload() { slug }: CourseSlug) {
    return this.courses.get(slug);
  }

  @Tool(
    tool('recommend_courses', {
      parameters: advertisedInput(AnswersInput),
      outputSchema: advertisedOutput(recommendationResponseSchema),
      _meta: APP_TOOL_META,
    }),
  )
  async recommend(@Payload() args: ToolArguments, @Ctx() call: ToolCall) {
    const asked = await answersOrForm(AnswersInput, args, call);
    return 'form' in asked ? asked.form : this.recommendations.recommend(asked.input);
  }

  @Tool(
    tool('check_course_fit', {
      parameters: advertisedInput(FitQuery),
      outputSchema: advertisedOutput(fitResponseSchema),
    }),
  )
  async fit(@Payload() args: ToolArguments, @Ctx() call: ToolCall) {
    const asked = await answersOrForm(FitQuery, args, call);
    return 'form' in asked ? asked.form : this.recommendations.fit(asked.input);
  }

  @Tool(
    tool('compare_courses', {
      parameters: advertisedInput(CompareCoursesQuery),
      outputSchema: advertisedOutput(comparisonResponseSchema),
      _meta: APP_TOOL_META,
    }),
  )
  compare(@Payload() { courses }: CompareCoursesQuery) {
    return this.comparisons.compare(courses);
  }

  @Tool(
    tool('get_methodology', {
      parameters: advertisedInput(NoQuery),
      outputSchema: advertisedOutput(methodologyResponseSchema),
    }),
  )
  getMethodology(@Payload() _none: NoQuery) {
    return this.methodology.get();
  }

  @Tool(
    tool('get_changes', {
      parameters: advertisedInput(ChangesQuery, {
        limit: {
          default: CHANGES_TOOL_PAGE_SIZE,
          description: `At most this many entries (default ${CHANGES_TOOL_PAGE_SIZE}); when there are more, the result says how to get the next page.`,
        },
        cursor: { description: NEXT_PAGE },
      }),
      outputSchema: advertisedOutput(changeListResponseSchema),
    }),
  )
  @PagesOf('Entries')
  listChanges(@Payload() query: ChangesQuery) {
    return this.changes.list(query, CHANGES_TOOL_PAGE_SIZE);
  }
}
