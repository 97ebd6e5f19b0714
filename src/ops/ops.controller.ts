import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Response } from 'express';
import { Registry } from 'prom-client';
import { Lifecycle } from './lifecycle';
import { Metrics } from './metrics.service';

/** Probes and metrics (decisions §1, §11): not rate limited, not cached, not in the OpenAPI document. */
@ApiExcludeController()
@SkipThrottle()
@Controller()
export class OpsController {
  constructor(
    private readonly lifecycle: Lifecycle,
    private readonly metrics: Metrics,
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
  @Header('Content-Type', Registry.PROMETHEUS_CONTENT_TYPE)
  scrape(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}
