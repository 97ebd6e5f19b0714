import { Logger } from '@nestjs/common';
import { ProtocolError, ProtocolErrorCode, type Server } from '@modelcontextprotocol/server';
import { ClientRequestSchema } from '@modelcontextprotocol/core';
import type { z } from 'zod';

const logger = new Logger('Mcp');

type RequestHandler = (request: { method: string }, context: unknown) => Promise<unknown>;

const REQUEST_SCHEMAS = new Map<string, z.ZodType>(
  ClientRequestSchema.options.map((schema) => [schema.shape.method.value, schema]),
);

function guarded(method: string, handler: RequestHandler): RequestHandler {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      if (error instanceof ProtocolError) throw error;
      // The library decodes a resource URI's %-escapes; a bad escape is the client's.
      if (
        error instanceof URIError ||
        REQUEST_SCHEMAS.get(method)?.safeParse(request).success === false
      ) {
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid params for ${method}.`);
      }
      logger.error(`${method}: ${(error as Error)?.stack ?? String(error)}`);
      throw new ProtocolError(ProtocolErrorCode.InternalError, 'Internal error.');
    }
  };
}

/** The SDK's table of request handlers, guarding each handler as it is registered. */
class GuardedHandlers extends Map<string, RequestHandler> {
  override set(method: string, handler: RequestHandler): this {
    return super.set(method, guarded(method, handler));
  }
}

/**
 * The SDK answers a request whose params fail its own schema (`initialize` without
 * `protocolVersion`, `resources/read` without `uri`, ...) with -32603 "Internal error" and zod's
 * issue list as the message. Such a request is -32602 Invalid params; any other failure that is not
 * already a protocol error is -32603 with a generic message, its stack logged here. A URI with a
 * malformed %-escape (`coursefinder://courses/%zz`), which the library's template matching throws
 * on as a URIError, is Invalid params too. The handlers the SDK registers itself (`initialize`,
 * `ping`) exist before this runs, so the table is replaced rather than the registration hooked.
 */
export function reportInvalidParams(server: Server): void {
  const internals = server as unknown as { _requestHandlers: Map<string, RequestHandler> };
  internals._requestHandlers = new GuardedHandlers(internals._requestHandlers);
}
