import { Controller, Get } from '@nestjs/common';
import { API_PREFIX } from '../core/paths';
import type { Envelope } from '../core/envelope';
import { PRIVATE_CACHE_CONTROL } from '../core/caching';
import { NoStore } from '../edge/policies';
import { ApiRead, QueryInput, unknownCoursesInList } from '../openapi/api-operation.decorator';
import { AnswersInput } from './answers.dto';
import { BOUNDS, LIVE_VALUES, RECOMMENDATION_BOUNDS } from '../catalog/methodology.schema';
import { FitQuery, MAX_FITTED, MIN_FITTED } from './fit.dto';
import { type Fit, fitResponseSchema } from './fit.responses';
import {
  invalidAnswersError,
  type Recommendation,
  recommendationResponseSchema,
} from './recommendations.responses';
import { RecommendationsService } from './recommendations.service';

/** The answers of the examples: a beginner in AI search on a small budget. */
const EXAMPLE_ANSWERS = {
  experience: 'beginner',
  objective: 'ai_geo',
  learning_style: 'self_paced',
  freshness: 'important',
  budget: 'under_100',
  operating_model: 'brand_client',
};
const { operating_model: _left_out, ...FIVE_ANSWERS } = EXAMPLE_ANSWERS;

@Controller(`${API_PREFIX}/recommendations`)
export class RecommendationsController {
  constructor(private readonly recommendations: RecommendationsService) {}

  @Get()
  @NoStore()
  @ApiRead({
    operationId: 'recommendCourses',
    tag: 'Course Finder',
    summary: 'Recommend courses for six answers',
    description: `Scores every enrolling course against the six answers and returns the best: ${RECOMMENDATION_BOUNDS}, each with match reasons and warnings. All six answers are required; ask the user rather than guess. When no course reaches the threshold, \`results\` is empty and \`no_strong_match\` is true. Match percentages describe fit to the answers, not quality. Answers are not stored or logged.`,
    ok: {
      schema: recommendationResponseSchema,
      example: {
        summary: 'A beginner in AI search on a small budget',
        query: EXAMPLE_ANSWERS,
      },
    },
    errors: {
      422: {
        schema: invalidAnswersError,
        description:
          '`invalid_answers`: an answer is missing, repeated, empty or not an allowed value, or an unknown parameter was given; `details.answer_options` lists the allowed values.',
        example: {
          summary: 'An unsupported answer and four missing',
          query: { experience: 'expert', budget: 'under_100' },
        },
      },
    },
  })
  recommend(@QueryInput() answers: AnswersInput): Envelope<Recommendation> {
    return this.recommendations.recommend(answers);
  }

  @Get('fit')
  // Never kept by a shared cache (docs/privacy.md#caches).
  @NoStore({ cacheControl: PRIVATE_CACHE_CONTROL })
  @ApiRead({
    operationId: 'checkCourseFit',
    tag: 'Course Finder',
    summary: 'How courses fit six answers',
    description: `For ${MIN_FITTED} to ${MAX_FITTED} named courses, in the order given: the match percent, reasons and warnings the recommendations give for the same six answers, whether the recommendations return the course, and if not why, in words (below \`match_threshold\`, ${BOUNDS.match_threshold.min} to ${BOUNDS.match_threshold.max} percent, or \`result_limit\` courses, ${BOUNDS.result_limit.min} to ${BOUNDS.result_limit.max}, rank ahead of it, named; ${LIVE_VALUES}). A course that is not enrolling is not scored. Without \`courses\`: the enrolling courses that came closest, whatever their match. Match percentages describe fit to the answers, not quality. Answers are not stored or logged. Every problem of the request, the courses' included, is one \`invalid_answers\`.`,
    ok: {
      schema: fitResponseSchema,
      example: {
        summary: 'A recommended course and one below the threshold',
        query: {
          ...EXAMPLE_ANSWERS,
          courses: 'answer-engine-foundations,search-generalist-program',
        },
      },
    },
    errors: {
      404: unknownCoursesInList({ ...EXAMPLE_ANSWERS, courses: 'no-such-course' }),
      422: {
        schema: invalidAnswersError,
        description:
          '`invalid_answers`: an answer is missing, repeated, empty or not an allowed value, `courses` is malformed (more than 3 slugs, an empty, malformed or repeated slug), or an unknown parameter was given; every problem is listed, `details.answer_options` lists the allowed answers.',
        example: {
          summary: 'A missing answer and four courses',
          query: { ...FIVE_ANSWERS, courses: 'a,b,c,d' },
        },
      },
    },
  })
  fit(@QueryInput() query: FitQuery): Envelope<Fit> {
    return this.recommendations.fit(query);
  }
}
