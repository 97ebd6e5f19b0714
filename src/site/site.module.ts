import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module';
import { MethodologyModule } from '../methodology/methodology.module';
import { RecommendationsModule } from '../recommendations/recommendations.module';
import { CompanionsController } from './companions.controller';
import { SiteController } from './site.controller';
import { SiteService } from './site.service';

/** The website pages, the plain-data companions and the discovery documents. */
@Module({
  imports: [CoursesModule, MethodologyModule, RecommendationsModule],
  controllers: [CompanionsController, SiteController],
  providers: [SiteService],
})
export class SiteModule {}
