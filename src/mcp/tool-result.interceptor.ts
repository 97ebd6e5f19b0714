import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/server';
import { map, type Observable } from 'rxjs';

/**
 * A tool's REST body as its MCP result (docs/mcp.md#results): `structuredContent` is the body and
 * the text block the same JSON. Handed to the library finished, so it does not validate the body
 * against the output schema on every call: the body is the REST body, built by the same services
 * and held to the same schemas by the contract and MCP tests.
 */
@Injectable()
export class ToolResultInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler<object>): Observable<CallToolResult> {
    return next.handle().pipe(
      map((body) => ({
        structuredContent: body as Record<string, unknown>,
        content: [{ type: 'text', text: JSON.stringify(body) }],
      })),
    );
  }
}

/** A data resource's REST body as its one JSON content, under the URI that was read. */
@Injectable()
export class ResourceContentsInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler<object>): Observable<ReadResourceResult> {
    const { uri } = context.switchToRpc().getData<{ uri: string }>();
    return next.handle().pipe(
      map((body) => ({
        contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(body) }],
      })),
    );
  }
}
