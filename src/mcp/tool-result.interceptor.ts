import { type CallHandler, Injectable, type NestInterceptor } from '@nestjs/common';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { map, type Observable } from 'rxjs';

/**
 * A tool's REST body as its MCP result (docs/mcp.md#results): `structuredContent` is the body and
 * the text block the same JSON. Handed to the library finished, so it does not validate the body
 * against the output schema on every call: the body is the REST body, built by the same services
 * and held to the same schemas by the contract and MCP tests.
 */
@Injectable()
export class ToolResultInterceptor implements NestInterceptor {
  intercept(_context: unknown, next: CallHandler<object>): Observable<CallToolResult> {
    return next.handle().pipe(
      map((body) => ({
        structuredContent: body as Record<string, unknown>,
        content: [{ type: 'text', text: JSON.stringify(body) }],
      })),
    );
  }
}
