import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { DistributionService } from './distribution.service';
import { RecommendationsController } from './recommendations.controller';
import { RecommendationsService } from './recommendations.service';

@Module({
  imports: [CatalogModule],
  controllers: [RecommendationsController],
  providers: [RecommendationsService, DistributionService],
  exports: [RecommendationsService, DistributionService],
})
export class RecommendationsModule {}
