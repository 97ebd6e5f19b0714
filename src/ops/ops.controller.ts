import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Response } from 'express';
import { AppConfig } from '../core/config';
import { DomainError } from '../core/domain-error';
import { Lifecycle } from './lifecycle';
import { Metrics } from './metrics.service';

/**
 * The operations paths (docs/operations.md#probes): not rate limited, not cached, not in the
 * OpenAPI document. `/metrics` is one of them unless METRICS_PORT moves it to a port of its own
 * (MetricsServer).
 */
@ApiExcludeController()
@SkipThrottle()
@Controller()
export class OpsController {
  constructor(
    private readonly lifecycle: Lifecycle,
    private readonly metrics: Metrics,
    private readonly config: AppConfig,
  ) {}

  @Get('healthz')
  @Header('Cache-Control', 'no-store')
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('readyz')
  @Header('Cache-Control', 'no-store')
  ready(@Res({ passthrough: true }) response: Response): { status: 'ready' | 'not_ready' } {
    if (this.lifecycle.ready) return { status: 'ready' };
    response.status(503);
    return { status: 'not_ready' };
  }

  @Get('metrics')
  @Header('Cache-Control', 'no-store')
  async scrape(@Res({ passthrough: true }) response: Response): Promise<string> {
    if (this.config.metricsPort !== undefined) {
      throw new DomainError('not_found', 'No resource at this path.');
    }
    response.type(this.metrics.registry.contentType);
    return this.metrics.registry.metrics();
  }
}
