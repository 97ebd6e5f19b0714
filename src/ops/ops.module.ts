import { Module } from '@nestjs/common';
import { Lifecycle } from './lifecycle';
import { MetricsServer } from './metrics.server';
import { Metrics } from './metrics.service';
import { OpsController } from './ops.controller';

@Module({
  controllers: [OpsController],
  providers: [Metrics, MetricsServer, Lifecycle],
  exports: [Metrics, Lifecycle],
})
export class OpsModule {}
