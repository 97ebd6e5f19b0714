import { Global, Module } from '@nestjs/common';
import { Lifecycle } from './lifecycle';
import { Metrics } from './metrics.service';
import { OpsController } from './ops.controller';

@Global()
@Module({
  controllers: [OpsController],
  providers: [Metrics, Lifecycle],
  exports: [Metrics, Lifecycle],
})
export class OpsModule {}
