import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type {
  CallToolResult,
  InputRequiredResult,
  ReadResourceResult,
} from '@modelcontextprotocol/server';
import { map, type Observable } from 'rxjs';
import { Envelope, type Paging } from '../core/envelope';
import { PAGE_META_KEY, type PageMeta } from './page-meta';

const PAGE_NOUN = 'course-finder:page-noun';

/** What a tool's pages hold, as its note names them: "Entries 1 to 20 of 35" (default: courses). */
export const PagesOf = (noun: string) => SetMetadata(PAGE_NOUN, noun);

/**
 * A tool's envelope as its MCP result (docs/mcp.md#results): `structuredContent` is the REST body
 * and the text block the same JSON; a page also says where it sits, in `_meta` for programs and in
 * a sentence for the model, which names what the pages hold (`noun`).
 */
export function toolResult(envelope: Envelope<unknown>, noun = 'Courses'): CallToolResult {
  const body = envelope.body();
  const page = envelope.paging;
  return {
    structuredContent: body,
    content: [
      { type: 'text', text: JSON.stringify(body) },
      ...(page?.next === undefined
        ? []
        : [{ type: 'text' as const, text: nextPageNote(page, noun) }]),
    ],
    ...(page && { _meta: { [PAGE_META_KEY]: pageMeta(page) } }),
  };
}

/**
 * A tool's envelope as its MCP result (`toolResult`); a tool that adds to it returns the result,
 * and an `input_required` result (answers-form.ts) passes as it is. Handed to the
 * library finished, so it does not validate the body against the output schema on
 * every call: the body is the REST body, built by the same services and held to the same schemas
 * by the contract and MCP tests.
 */
@Injectable()
export class ToolResultInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(
    context: ExecutionContext,
    next: CallHandler<Envelope<unknown> | CallToolResult | InputRequiredResult>,
  ): Observable<CallToolResult | InputRequiredResult> {
    const noun = this.reflector.get<string | undefined>(PAGE_NOUN, context.getHandler());
    return next
      .handle()
      .pipe(map((result) => (result instanceof Envelope ? toolResult(result, noun) : result)));
  }
}

function pageMeta({ total, offset, limit, next, prev }: Paging): PageMeta {
  return {
    total,
    offset,
    limit,
    ...(next !== undefined && { next_cursor: next }),
    ...(prev !== undefined && { prev_cursor: prev }),
  };
}

/** How to get the page after this one, for the assistant (docs/mcp.md#results). */
function nextPageNote(page: Paging, noun: string): string {
  const last = Math.min(page.offset + page.limit, page.total);
  const next = Math.min(page.limit, page.total - last);
  return `${noun} ${page.offset + 1} to ${last} of ${page.total}. For the next ${next}, call this tool again with the same arguments and "cursor": "${page.next}".`;
}

/** A data resource's REST body as its one JSON content, under the URI that was read. */
@Injectable()
export class ResourceContentsInterceptor implements NestInterceptor {
  intercept(
    context: ExecutionContext,
    next: CallHandler<Envelope<unknown>>,
  ): Observable<ReadResourceResult> {
    const { uri } = context.switchToRpc().getData<{ uri: string }>();
    return next.handle().pipe(
      map((envelope) => ({
        contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(envelope.body()) }],
      })),
    );
  }
}
