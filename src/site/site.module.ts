import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module';
import { MethodologyModule } from '../methodology/methodology.module';
import { RecommendationsModule } from '../recommendations/recommendations.module';
import { CompanionsController } from './companions.controller';
import { SiteController } from './site.controller';
import { InputValidationPipe } from '../core/validation/input-validation.pipe';
import { CompanionsService } from './companions.service';
import { CoursePage } from './course.page';
import { FinderPage } from './finder.page';
import { ListPage } from './list.page';
import { MethodologyPage } from './methodology.page';
import { SiteRenderer } from './site-renderer';

/** The website pages, the plain-data companions and the discovery documents. */
@Module({
  imports: [CoursesModule, MethodologyModule, RecommendationsModule],
  controllers: [CompanionsController, SiteController],
  providers: [
    SiteRenderer,
    ListPage,
    CoursePage,
    FinderPage,
    MethodologyPage,
    CompanionsService,
    // The forms are the API's queries, validated by the same pipe without failing.
    { provide: InputValidationPipe, useValue: new InputValidationPipe('query') },
  ],
})
export class SiteModule {}
