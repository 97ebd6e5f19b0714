import { type DynamicModule, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { CatalogModule } from './catalog/catalog.module';
import { ChangesModule } from './changes/changes.module';
import { ComparisonsModule } from './comparisons/comparisons.module';
import { Clock } from './core/clock';
import { AppConfig } from './core/config';
import { CoursesModule } from './courses/courses.module';
import { EdgeModule } from './edge/edge.module';
import { NOT_FOUND_PAGE } from './edge/http-error.filter';
import { EDGE_TIMEOUTS, type HttpTimeouts } from './edge/public-server';
import { FinderModule } from './finder/finder.module';
import { McpModule } from './mcp/mcp.module';
import { MethodologyModule } from './methodology/methodology.module';
import { OpenApiModule } from './openapi/openapi.module';
import { LOG } from './ops/logger';
import { OpsModule } from './ops/ops.module';
import { RecommendationsModule } from './recommendations/recommendations.module';
import { MissingPage } from './site/not-found.page';
import { SiteModule } from './site/site.module';

/** What `createApp` gives the app: the parsed environment and what tests may replace. */
export interface AppSetup {
  config: AppConfig;
  clock: Clock;
  log: Logger;
  timeouts: Partial<HttpTimeouts>;
}

@Module({})
export class AppModule {
  static forRoot({ config, clock, log, timeouts }: AppSetup): DynamicModule {
    const globals = [
      { provide: AppConfig, useValue: config },
      { provide: Clock, useValue: clock },
      { provide: LOG, useValue: log },
      { provide: EDGE_TIMEOUTS, useValue: timeouts },
      // The edge's error filter renders the site's page for a person who asks for a missing path.
      { provide: NOT_FOUND_PAGE, useExisting: MissingPage },
    ];
    return {
      module: AppModule,
      global: true,
      providers: globals,
      exports: globals.map((provider) => provider.provide),
      imports: [
        OpsModule,
        EdgeModule,
        CatalogModule,
        CoursesModule,
        OpenApiModule,
        ComparisonsModule,
        FinderModule,
        MethodologyModule,
        RecommendationsModule,
        ChangesModule,
        McpModule,
        SiteModule,
      ],
    };
  }
}
