import { Module, UseFilters, UseInterceptors, UsePipes } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { McpController, Resource, Tool } from '@rekog/mcp-nest';
import { ChangesQuery } from '../changes/changes.dto';
import { ChangesModule } from '../changes/changes.module';
import { changeListResponseSchema } from '../changes/changes.responses';
import { ChangesService } from '../changes/changes.service';
import { InputValidationPipe } from '../core/validation/input-validation.pipe';
import { OperationSpanInterceptor } from '../ops/operation-span.interceptor';
import { READ_ONLY } from './course-finder.tools';
import { RESOURCE_SCHEME, unknownResource } from './course-finder.resources';
import { ResourceErrorFilter, ToolErrorFilter } from './mcp-errors';
import {
  PagesOf,
  ResourceContentsInterceptor,
  ToolResultInterceptor,
} from './tool-result.interceptor';
import { advertisedInput, advertisedOutput } from './tool-schemas';

/**
 * The dataset's history for assistants (docs/mcp.md#tools): `get_changes`, the REST operation's
 * twin, and the `coursefinder://changes` resource, every entry at once.
 */

/**
 * `get_changes` answers a page of this many entries unless `limit` says otherwise: an entry costs
 * an assistant some 0.7 KB of context (as structured content and again as text).
 */
export const CHANGES_TOOL_PAGE_SIZE = 20;
export const CHANGES_URI = `${RESOURCE_SCHEME}://changes`;

@McpController()
@UsePipes(new InputValidationPipe('json'))
@UseInterceptors(OperationSpanInterceptor, ToolResultInterceptor)
@UseFilters(ToolErrorFilter)
export class ChangesTool {
  constructor(private readonly changes: ChangesService) {}

  @Tool({
    name: 'get_changes',
    description: `What changed in the course dataset and when, newest first: courses added, changed (values before and after), verified, no longer enrolling or removed, and methodology changes, each also in words. ${CHANGES_TOOL_PAGE_SIZE} entries a page; the result gives the next page's cursor.`,
    parameters: advertisedInput(ChangesQuery, {
      since: { description: 'Only entries dated on or after this day (YYYY-MM-DD).' },
      course: { description: "Only this course's entries (a removed course's too), by slug." },
      limit: {
        default: CHANGES_TOOL_PAGE_SIZE,
        description: `At most this many entries (default ${CHANGES_TOOL_PAGE_SIZE}).`,
      },
      cursor: { description: "The next page's cursor, as the previous result gave it." },
    }),
    outputSchema: advertisedOutput(changeListResponseSchema),
    annotations: { title: 'Get the changes', ...READ_ONLY },
  })
  @PagesOf('Entries')
  list(@Payload() query: ChangesQuery) {
    return this.changes.list(query, CHANGES_TOOL_PAGE_SIZE);
  }
}

@McpController()
@UseFilters(ResourceErrorFilter)
@UseInterceptors(OperationSpanInterceptor, ResourceContentsInterceptor)
export class ChangesResource {
  constructor(private readonly changes: ChangesService) {}

  @Resource({
    uri: CHANGES_URI,
    name: 'changes',
    description:
      "The dataset's whole history, newest first: every entry /api/v1/changes pages through.",
    mimeType: 'application/json',
  })
  everything(@Payload() { uri }: { uri: string }) {
    if (uri !== CHANGES_URI) throw unknownResource(uri);
    return this.changes.all();
  }
}

/** The history's tool and resource, beside McpModule's: the strategy serves every MCP handler. */
@Module({ imports: [ChangesModule], controllers: [ChangesTool, ChangesResource] })
export class ChangesMcpModule {}
