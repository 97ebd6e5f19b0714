import { Global, Module } from '@nestjs/common';
import { ComparisonsModule } from '../comparisons/comparisons.module';
import { InputValidationPipe } from '../core/validation/input-validation.pipe';
import { CoursesModule } from '../courses/courses.module';
import { NOT_FOUND_PAGE } from '../edge/http-error.filter';
import { MethodologyModule } from '../methodology/methodology.module';
import { RecommendationsModule } from '../recommendations/recommendations.module';
import { CompanionsController } from './companions.controller';
import { CompanionsService } from './companions.service';
import { ComparePage } from './compare.page';
import { CoursePage } from './course.page';
import { FinderPage } from './finder.page';
import { FrontDoorController } from './front-door.controller';
import { HomePage } from './home.page';
import { ListPage } from './list.page';
import { MethodologyPage } from './methodology.page';
import { MissingPage } from './not-found.page';
import { SiteController } from './site.controller';
import { SiteRenderer } from './site-renderer';

/**
 * The website pages, the plain-data companions and the discovery documents. Global for one thing:
 * the edge's error filter renders its page for a person who asks for a path that is not there.
 */
@Global()
@Module({
  imports: [CoursesModule, ComparisonsModule, MethodologyModule, RecommendationsModule],
  controllers: [FrontDoorController, CompanionsController, SiteController],
  providers: [
    SiteRenderer,
    HomePage,
    ListPage,
    CoursePage,
    ComparePage,
    FinderPage,
    MethodologyPage,
    CompanionsService,
    MissingPage,
    { provide: NOT_FOUND_PAGE, useExisting: MissingPage },
    // The forms are the API's queries, validated by the same pipe without failing.
    { provide: InputValidationPipe, useValue: new InputValidationPipe('query') },
  ],
  exports: [NOT_FOUND_PAGE],
})
export class SiteModule {}
