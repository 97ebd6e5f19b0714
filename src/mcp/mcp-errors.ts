import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  Logger,
  type RpcExceptionFilter,
} from '@nestjs/common';
import {
  type CallToolResult,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server';
import { type Observable, of, throwError } from 'rxjs';
import { DomainError } from '../core/domain-error';
import type { ErrorBody } from '../core/envelope.schema';

/**
 * The one mapping from a DomainError to MCP (docs/mcp.md#errors): a tool answers with an `isError`
 * result whose text is the REST error body; a resource read fails with a JSON-RPC error carrying
 * that body. Anything else is an internal error with a generic message, its stack logged.
 */

const logger = new Logger('Mcp');

export function mcpErrorOf(error: unknown): { body: ErrorBody; code: ProtocolErrorCode } {
  if (error instanceof DomainError) {
    switch (error.code) {
      case 'not_found':
      case 'invalid_parameters':
      case 'invalid_answers':
        return { body: error.toBody(), code: ProtocolErrorCode.InvalidParams };
      // Transport-level codes: never thrown by the services the tools and resources call.
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
  // The stack only: arguments are never logged (docs/privacy.md#logs).
  logger.error((error as Error)?.stack ?? String(error));
  return {
    body: new DomainError('internal_error', 'Internal server error.').toBody(),
    code: ProtocolErrorCode.InternalError,
  };
}

/** A failed tool call, from its input pipe or its service, as the tool's `isError` result. */
@Catch()
export class ToolErrorFilter implements RpcExceptionFilter {
  catch(error: unknown): Observable<CallToolResult> {
    const { body } = mcpErrorOf(error);
    return of({ isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] });
  }
}

/**
 * A failed resource read as a JSON-RPC error with the REST body as data; a protocol error (the
 * prompt's invalid arguments) as it is.
 */
@Catch()
export class ResourceErrorFilter implements ExceptionFilter, RpcExceptionFilter {
  catch(error: unknown, host: ArgumentsHost): Observable<never> {
    if (error instanceof ProtocolError) return throwError(() => error);
    const { uri } = host.switchToRpc().getData<{ uri: string }>();
    const { body, code } = mcpErrorOf(error);
    return throwError(() => new ProtocolError(code, body.error.message, { uri, ...body }));
  }
}
