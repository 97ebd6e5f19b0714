import { Controller, Get } from '@nestjs/common';
import { API_PREFIX } from '../core/envelope';
import type { Envelope } from '../core/envelope.schema';
import { ValidQuery } from '../core/query';
import { type Answers, answersSchema, type Recommendation } from './recommendation.schema';
import { RecommendationsService } from './recommendations.service';

@Controller(`${API_PREFIX}/recommendations`)
export class RecommendationsController {
  constructor(private readonly recommendations: RecommendationsService) {}

  @Get()
  recommend(
    @ValidQuery(answersSchema, 'invalid_answers') answers: Answers,
  ): Envelope<Recommendation> {
    return this.recommendations.recommend(answers);
  }
}
