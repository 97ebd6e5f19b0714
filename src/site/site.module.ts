import { Module, type Provider } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { ChangesModule } from '../changes/changes.module';
import { ComparisonsModule } from '../comparisons/comparisons.module';
import { InputValidationPipe } from '../core/validation/input-validation.pipe';
import { CoursesModule } from '../courses/courses.module';
import { MethodologyModule } from '../methodology/methodology.module';
import { RecommendationsModule } from '../recommendations/recommendations.module';
import { ApiDocsPage } from './api-docs.page';
import { ChangesPagesController } from './changes-pages.controller';
import { ChangesPage } from './changes.page';
import { CompanionsController } from './companions.controller';
import { CompanionsService } from './companions.service';
import { ComparePage } from './compare.page';
import { CoursePage } from './course.page';
import { FinderPage } from './finder.page';
import { FrontDoorController } from './front-door.controller';
import { GlossaryPage, GlossaryPageController } from './glossary.page';
import { HomePage } from './home.page';
import { ListPage } from './list.page';
import { MethodologyPage } from './methodology.page';
import { MissingPage } from './not-found.page';
import { SiteController } from './site.controller';
import { SiteRenderer } from './site-renderer';

/** The site's pages, companions and form pipe: what `SiteModule` provides (and a test room builds). */
export const SITE_PROVIDERS: Provider[] = [
  SiteRenderer,
  HomePage,
  ListPage,
  CoursePage,
  ComparePage,
  FinderPage,
  MethodologyPage,
  ApiDocsPage,
  ChangesPage,
  GlossaryPage,
  CompanionsService,
  MissingPage,
  // The forms are the API's queries, validated by the same pipe without failing.
  { provide: InputValidationPipe, useValue: new InputValidationPipe('query') },
];

/**
 * The website pages, the plain-data companions and the discovery documents. Its page for a path
 * that is not there (MissingPage) is what the edge's error filter renders for a person; the app
 * module binds it to the filter's NOT_FOUND_PAGE.
 */
@Module({
  imports: [
    CatalogModule,
    CoursesModule,
    ComparisonsModule,
    MethodologyModule,
    RecommendationsModule,
    ChangesModule,
  ],
  controllers: [
    FrontDoorController,
    CompanionsController,
    ChangesPagesController,
    GlossaryPageController,
    SiteController,
  ],
  providers: SITE_PROVIDERS,
  exports: [MissingPage],
})
export class SiteModule {}
