import { Controller, Get } from '@nestjs/common';
import { API_PREFIX } from '../core/paths';
import type { Envelope } from '../core/envelope';
import { NoStore } from '../edge/policies';
import { ApiRead, QueryInput } from '../openapi/api-operation.decorator';
import { AnswersInput } from './answers.dto';
import {
  invalidAnswersError,
  type Recommendation,
  recommendationResponseSchema,
} from './recommendations.responses';
import { RecommendationsService } from './recommendations.service';

@Controller(`${API_PREFIX}/recommendations`)
export class RecommendationsController {
  constructor(private readonly recommendations: RecommendationsService) {}

  @Get()
  @NoStore()
  @ApiRead({
    operationId: 'recommendCourses',
    tag: 'Course Finder',
    summary: 'Recommend courses for six answers',
    description:
      'Scores every enrolling course against the six answers and returns up to 3 courses scoring at least 55 percent, each with match reasons and warnings. All six answers are required; ask the user rather than guess. When no course reaches the threshold, `results` is empty and `no_strong_match` is true. Match percentages describe fit to the answers, not quality. Answers are not stored or logged.',
    ok: {
      schema: recommendationResponseSchema,
      example: {
        summary: 'A beginner in AI search on a small budget',
        query: {
          experience: 'beginner',
          objective: 'ai_geo',
          learning_style: 'self_paced',
          freshness: 'important',
          budget: 'under_100',
          operating_model: 'brand_client',
        },
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
}
