import { Catch, Logger, type RpcExceptionFilter } from '@nestjs/common';
import { type Observable, throwError } from 'rxjs';
import {
  type CallToolResult,
  ProtocolError,
  ProtocolErrorCode,
  type Server,
  type StandardSchemaV1,
} from '@modelcontextprotocol/server';
import { ClientRequestSchema } from '@modelcontextprotocol/core';
import { z } from 'zod';
import { DomainError } from '../core/domain-error';
import type { ErrorBody } from '../core/envelope.schema';

/**
 * The seam between the services and MCP: how a zod schema is advertised to the library, and how a
 * DomainError becomes an MCP answer. The tools, resources and prompt only call these.
 */

type JsonSchema = Record<string, unknown>;

/** A Standard Schema the library accepts for `parameters` / `outputSchema`. */
type AdvertisedSchema = StandardSchemaV1 & {
  '~standard': { jsonSchema: { input: () => JsonSchema; output: () => JsonSchema } };
};

/** MCP requires `type: "object"` at the root; zod emits a `$ref` when the root has an `id`. */
function inlineRoot(json: JsonSchema): JsonSchema {
  const { $ref, $defs, ...rest } = json as { $ref?: string; $defs?: Record<string, JsonSchema> };
  const id = $ref?.startsWith('#/$defs/') ? $ref.slice('#/$defs/'.length) : undefined;
  if (!id || !$defs?.[id]) return json;
  const { [id]: root, ...others } = $defs;
  return { ...rest, ...root, ...(Object.keys(others).length > 0 ? { $defs: others } : {}) };
}

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return inlineRoot(z.toJSONSchema(schema, { target: 'draft-2020-12', io }) as JsonSchema);
}

/**
 * A tool input as advertised (names, enums, `required`), without the library's own validation: the
 * tool validates with `validateInput`, so a bad input gets the REST error body, not the library's
 * "Invalid parameters" text.
 */
export function advertisedInput(schema: z.ZodObject): AdvertisedSchema {
  const json = jsonSchemaOf(schema, 'input');
  return {
    '~standard': {
      version: 1,
      vendor: 'course-finder',
      validate: (value: unknown) => ({ value }),
      jsonSchema: { input: () => json, output: () => json },
    },
  };
}

/** A tool output: the REST response schema, validated by zod and advertised with an object root. */
export function advertisedOutput(schema: z.ZodObject): AdvertisedSchema {
  const json = jsonSchemaOf(schema, 'output');
  return {
    '~standard': {
      version: 1,
      vendor: 'course-finder',
      validate: schema['~standard'].validate,
      jsonSchema: { input: () => json, output: () => json },
    },
  };
}

const logger = new Logger('Mcp');

/**
 * The one mapping from a DomainError to MCP: the REST error body, and the JSON-RPC code used where
 * the protocol needs an error rather than a result (resources).
 */
function mcpErrorOf(error: unknown): { body: ErrorBody; code: ProtocolErrorCode } {
  if (error instanceof DomainError) {
    switch (error.code) {
      case 'not_found':
      case 'invalid_parameters':
      case 'invalid_answers':
        return { body: error.toBody(), code: ProtocolErrorCode.InvalidParams };
      // Transport-level codes: never thrown by the services these adapters call.
      case 'forbidden':
      case 'rate_limited':
      case 'method_not_allowed':
      case 'bad_request':
      case 'internal_error':
        break;
      default:
        error.code satisfies never;
    }
  }
  // The stack only: arguments are never logged (decisions §8).
  logger.error((error as Error)?.stack ?? String(error));
  return {
    body: new DomainError('internal_error', 'Internal server error.').toBody(),
    code: ProtocolErrorCode.InternalError,
  };
}

/**
 * Runs a service call for a tool: its envelope becomes `structuredContent` and, as JSON, the text
 * block; an error becomes an `isError` result whose text is the REST error body. The result is
 * handed to the library finished, so it does not re-validate the body against the output schema on
 * every call: the body is the REST body, built by the same services
 * and held to the same schemas by the contract and MCP tests.
 */
export function toolCall(call: () => object): CallToolResult {
  try {
    const body = call() as Record<string, unknown>;
    return { structuredContent: body, content: [{ type: 'text', text: JSON.stringify(body) }] };
  } catch (error) {
    const { body } = mcpErrorOf(error);
    return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
  }
}

/** Runs a service call for a resource read; an error becomes a JSON-RPC error with the REST body as data. */
export function resourceRead<T>(uri: string, call: () => T) {
  try {
    return {
      contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(call()) }],
    };
  } catch (error) {
    const { body, code } = mcpErrorOf(error);
    throw new ProtocolError(code, body.error.message, { uri, ...body });
  }
}

/**
 * Lets a ProtocolError thrown by a resource handler reach the SDK with its code; Nest's default RPC
 * handling would turn it into "Internal server error" (-32603).
 */
@Catch(ProtocolError)
export class ProtocolErrorPassthrough implements RpcExceptionFilter<ProtocolError> {
  catch(error: ProtocolError): Observable<never> {
    return throwError(() => error);
  }
}

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
