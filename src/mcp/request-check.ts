import { ClientRequestSchema } from '@modelcontextprotocol/core';
import { classifyInboundRequest } from '@modelcontextprotocol/server';
import type { IncomingHttpHeaders } from 'node:http';
import type { z } from 'zod';
import { nestsDeeperThan } from '../core/json-value';

/**
 * What the MCP SDK cannot read, answered before it is asked. The SDK answers a request whose params
 * fail its own schema (`initialize` without `protocolVersion`, `resources/read` without `uri`, ...)
 * with -32603 "Internal error" and zod's issue list as its message, and the library's resource
 * matching throws on a URI with a malformed %-escape. Both are the client's mistake: -32602
 * Invalid params, checked here with the SDK's own request schemas, in both protocol eras, except
 * for the methods revision 2026-07-28 removed: the SDK answers those 404 with -32601 in that era,
 * as the revision requires, and this check must not call them malformed first.
 */

const REMOVED_IN_2026 = new Set([
  'initialize',
  'logging/setLevel',
  'resources/subscribe',
  'resources/unsubscribe',
]);

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

/**
 * The deepest JSON-RPC message the SDK is given. Its transport writes a parsed message back out
 * with JSON.stringify, which overflows the stack on values nested some thousands deep; no message
 * of the protocol comes near this, and a tool's own inputs take at most a list (its pipe refuses
 * deeper values by name).
 */
export const MAX_MESSAGE_DEPTH = 1000;

/**
 * Why the SDK could not read this request, if it could not: a sentence naming the argument too
 * deep to read, or '' when only the params as a whole can be blamed.
 */
function unreadable(message: JsonRpcRequest): string | undefined {
  const args = message.params?.arguments;
  const toolArgs =
    message.method === 'tools/call' && typeof args === 'object' && args !== null
      ? (args as Record<string, unknown>)
      : undefined;
  if (nestsDeeperThan(message, MAX_MESSAGE_DEPTH)) {
    // A tool's arguments sit three levels down: message, params, arguments.
    const deep = toolArgs
      ? Object.keys(toolArgs).find((name) => nestsDeeperThan(toolArgs[name], MAX_MESSAGE_DEPTH - 3))
      : undefined;
    return deep === undefined
      ? ''
      : ` ${JSON.stringify(deep)} is nested too deeply (a message nests at most ${MAX_MESSAGE_DEPTH} levels).`;
  }
  const schema =
    typeof message.method === 'string' ? REQUEST_SCHEMAS.get(message.method) : undefined;
  if (schema && !schema.safeParse(message).success) return '';
  if (message.method === 'resources/read' && !readableUri(message.params?.uri)) return '';
  // A JSON `__proto__` argument, which the SDK would drop without a word.
  return toolArgs && Object.hasOwn(toolArgs, '__proto__') ? '' : undefined;
}

const invalidParams = (message: JsonRpcRequest, why = '') => ({
  jsonrpc: '2.0',
  id: message.id,
  error: {
    code: -32602,
    message: why
      ? `Invalid params for ${String(message.method)}:${why}`
      : `Invalid params for ${String(message.method)}.`,
  },
});

const isRequest = (message: unknown): message is JsonRpcRequest =>
  typeof message === 'object' && message !== null && (message as JsonRpcRequest).id !== undefined;

/** Whether the SDK serves this request by revision 2026-07-28, as the library routes it (its classifier). */
function modernEra(body: unknown, headers: IncomingHttpHeaders): boolean {
  const header = (name: string) => {
    const value = headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  return (
    classifyInboundRequest({
      httpMethod: 'POST',
      protocolVersionHeader: header('mcp-protocol-version'),
      mcpMethodHeader: header('mcp-method'),
      mcpNameHeader: header('mcp-name'),
      body,
    }).kind !== 'legacy'
  );
}

/**
 * The answer for a body holding a request the SDK could not read; undefined when it can read them
 * all. In a batch (protocol versions before 2025-06-18), every request is then answered here: the
 * unreadable ones -32602, the others -32600, to be sent again on their own.
 */
export function invalidParamsResponse(body: unknown, headers: IncomingHttpHeaders) {
  const messages = Array.isArray(body) ? body : [body];
  if (!messages.some((message) => isRequest(message) && unreadable(message) !== undefined)) {
    return undefined;
  }
  // The 2026-07-28 entry takes one request a POST; its removed methods are its own to answer.
  if (modernEra(body, headers) && REMOVED_IN_2026.has(String((body as JsonRpcRequest).method))) {
    return undefined;
  }
  if (!Array.isArray(body)) {
    return invalidParams(body as JsonRpcRequest, unreadable(body as JsonRpcRequest));
  }
  return messages.filter(isRequest).map((message) => {
    const why = unreadable(message);
    return why !== undefined
      ? invalidParams(message, why)
      : {
          jsonrpc: '2.0',
          id: message.id,
          error: {
            code: -32600,
            message:
              'Invalid Request: the batch held a request this server cannot read; send this one on its own.',
          },
        };
  });
}
