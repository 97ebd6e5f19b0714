import { ClientRequestSchema } from '@modelcontextprotocol/core';
import type { z } from 'zod';

/**
 * What the MCP SDK cannot read, answered before it is asked. The SDK answers a request whose params
 * fail its own schema (`initialize` without `protocolVersion`, `resources/read` without `uri`, ...)
 * with -32603 "Internal error" and zod's issue list as its message, and the library's resource
 * matching throws on a URI with a malformed %-escape. Both are the client's mistake: -32602
 * Invalid params, checked here with the SDK's own request schemas.
 */

const REQUEST_SCHEMAS = new Map<string, z.ZodType>(
  ClientRequestSchema.options.map((schema) => [schema.shape.method.value, schema]),
);

interface JsonRpcRequest {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: { uri?: unknown; arguments?: unknown };
}

function readableUri(uri: unknown): boolean {
  if (typeof uri !== 'string') return true;
  try {
    decodeURIComponent(uri);
    return true;
  } catch {
    return false;
  }
}

/** Why the SDK could not read this params object, if it could not. */
function unreadable(message: JsonRpcRequest): boolean {
  const schema =
    typeof message.method === 'string' ? REQUEST_SCHEMAS.get(message.method) : undefined;
  if (schema && !schema.safeParse(message).success) return true;
  if (message.method === 'resources/read' && !readableUri(message.params?.uri)) return true;
  // A JSON `__proto__` argument, which the SDK would drop without a word.
  const args = message.params?.arguments;
  return message.method === 'tools/call' && typeof args === 'object' && args !== null
    ? Object.hasOwn(args, '__proto__')
    : false;
}

const invalidParams = (message: JsonRpcRequest) => ({
  jsonrpc: '2.0',
  id: message.id,
  error: { code: -32602, message: `Invalid params for ${String(message.method)}.` },
});

const isRequest = (message: unknown): message is JsonRpcRequest =>
  typeof message === 'object' && message !== null && (message as JsonRpcRequest).id !== undefined;

/**
 * The answer for a body holding a request the SDK could not read; undefined when it can read them
 * all. In a batch (protocol versions before 2025-06-18), every request is then answered here: the
 * unreadable ones -32602, the others -32600, to be sent again on their own.
 */
export function invalidParamsResponse(body: unknown) {
  const messages = Array.isArray(body) ? body : [body];
  if (!messages.some((message) => isRequest(message) && unreadable(message))) return undefined;
  if (!Array.isArray(body)) return invalidParams(body as JsonRpcRequest);
  return messages.filter(isRequest).map((message) =>
    unreadable(message)
      ? invalidParams(message)
      : {
          jsonrpc: '2.0',
          id: message.id,
          error: {
            code: -32600,
            message:
              'Invalid Request: the batch held a request this server cannot read; send this one on its own.',
          },
        },
  );
}
