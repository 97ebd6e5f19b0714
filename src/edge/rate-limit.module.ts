import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { OpsModule } from '../ops/ops.module';
import { AssistantsService } from './assistants.service';
import { FixedWindowStorage } from './fixed-window.storage';
import { ClientIdentifier } from './rate-limit.guard';
import { RedisConnection } from './redis.connection';

/** What the rate limit needs, in a module of its own so the throttler's async options can import it. */
@Module({
  imports: [CatalogModule, OpsModule],
  providers: [RedisConnection, AssistantsService, ClientIdentifier, FixedWindowStorage],
  exports: [RedisConnection, AssistantsService, ClientIdentifier, FixedWindowStorage],
})
export class RateLimitModule {}
