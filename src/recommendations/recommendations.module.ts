import { Module } from '@nestjs/common';
import { DistributionService } from './distribution.service';
import { RecommendationsController } from './recommendations.controller';
import { RecommendationsService } from './recommendations.service';

@Module({
  controllers: [RecommendationsController],
  providers: [RecommendationsService, DistributionService],
  exports: [RecommendationsService, DistributionService],
})
export class RecommendationsModule {}
