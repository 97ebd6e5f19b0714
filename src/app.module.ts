import { type DynamicModule, Module } from '@nestjs/common';
import { CatalogModule } from './catalog/catalog.module';
import { ComparisonsModule } from './comparisons/comparisons.module';
import { Clock } from './core/clock';
import { AppConfig } from './core/config';
import { CoreModule } from './core/core.module';
import { CoursesModule } from './courses/courses.module';
import { EdgeModule } from './edge/edge.module';
import { FinderModule } from './finder/finder.module';
import { McpModule } from './mcp/mcp.module';
import { MethodologyModule } from './methodology/methodology.module';
import { OpenApiModule } from './openapi/openapi.module';
import { OpsModule } from './ops/ops.module';
import { RecommendationsModule } from './recommendations/recommendations.module';
import { SiteModule } from './site/site.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, clock: Clock): DynamicModule {
    return {
      module: AppModule,
      global: true,
      providers: [
        { provide: AppConfig, useValue: config },
        { provide: Clock, useValue: clock },
      ],
      exports: [AppConfig, Clock],
      imports: [
        CoreModule,
        OpsModule,
        EdgeModule,
        CatalogModule,
        CoursesModule,
        OpenApiModule,
        ComparisonsModule,
        FinderModule,
        MethodologyModule,
        RecommendationsModule,
        McpModule,
        SiteModule,
      ],
    };
  }
}
