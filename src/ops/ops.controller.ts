import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Response } from 'express';
import { Lifecycle } from './lifecycle';

/**
 * Probes (docs/operations.md#probes): not rate limited, not cached, not in the OpenAPI document.
 * `/metrics` is on its own port (MetricsServer).
 */
@ApiExcludeController()
@SkipThrottle()
@Controller()
export class OpsController {
  constructor(private readonly lifecycle: Lifecycle) {}

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
}
