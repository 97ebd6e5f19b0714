import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';

/**
 * Nest's Express adapter, except that a Buffer result is sent as the bytes it is. The stock adapter
 * sends every non-object as `String(body)`, which Express then encodes again per request; the
 * response cache keeps each representation encoded once per dataset version.
 */
export class BufferAwareExpressAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (!Buffer.isBuffer(body)) return super.reply(response, body, statusCode);
    if (statusCode !== undefined) response.status(statusCode);
    return response.send(body);
  }
}
