import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';

/**
 * Bytes encoded once and written as they are, or a 304 without them when the client's copy is
 * current. The response cache hands these to the adapter with their headers already set.
 */
export class EncodedBody {
  constructor(
    readonly bytes: Buffer,
    readonly notModified: boolean,
  ) {}
}

/** Headers a 304 or a body-less answer does not carry (RFC 9110 §15.4.5), as Express drops them. */
const CONTENT_HEADERS = ['Content-Type', 'Content-Length', 'Transfer-Encoding'];

/**
 * Nest's Express adapter, except for bytes. An EncodedBody is written straight to the socket:
 * Express's `res.send` would inspect and re-derive what the response cache already knows (type,
 * length, freshness) on every request. Any other Buffer is sent as the bytes it is (the stock
 * adapter would send it as JSON). Everything else goes through the stock adapter.
 */
export class BytesAwareExpressAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (Buffer.isBuffer(body)) {
      if (statusCode !== undefined) response.status(statusCode);
      return response.send(body);
    }
    if (!(body instanceof EncodedBody)) return super.reply(response, body, statusCode);
    if (body.notModified) {
      response.statusCode = 304;
      for (const name of CONTENT_HEADERS) response.removeHeader(name);
      return response.end();
    }
    if (statusCode !== undefined) response.statusCode = statusCode;
    response.setHeader('Content-Length', body.bytes.length);
    // Node writes no body for HEAD; the length is still that of GET's.
    return response.end(body.bytes);
  }
}
