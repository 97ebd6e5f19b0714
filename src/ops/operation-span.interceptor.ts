import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Attributes, SpanStatusCode, trace } from '@opentelemetry/api';
import {
  MCP_RESOURCE_METADATA_KEY,
  MCP_RESOURCE_TEMPLATE_METADATA_KEY,
  MCP_TOOL_METADATA_KEY,
} from '@rekog/mcp-nest';
import type { Request } from 'express';
import { finalize, Observable, tap } from 'rxjs';
import { DomainError } from '../core/domain-error';

/**
 * One span per operation, named after it: a REST route by its method and template
 * (`GET /api/v1/courses/:slug`), an MCP tool call by its tool (`tools/call search_courses`), a
 * resource read by its URI or template. The HTTP server span above it names every MCP request
 * `POST /mcp`, whichever tool it called; this one says which. With tracing off (no SDK registered)
 * the API's tracer is a no-op.
 *
 * Privacy (docs/privacy.md#traces): a span holds the operation's name and template only, never its
 * arguments, query or answer; a failure is marked with the error's class, not its message, and a
 * refusal (a DomainError the client caused: 404, 422, ...) with its code alone, as OpenTelemetry's
 * conventions leave a client's error unmarked on the server.
 */
const tracer = trace.getTracer('course-finder');

interface Operation {
  name: string;
  attributes: Attributes;
}

@Injectable()
export class OperationSpanInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    // Nothing to add to a trace that is not being recorded (tracing off, or sampled out).
    if (!trace.getActiveSpan()?.isRecording()) return next.handle();
    const operation = this.operationOf(context);
    if (!operation) return next.handle();
    return new Observable((subscriber) =>
      // The handler runs inside the span's context, so what it calls (Redis) is its child. The span
      // ends however the call ends: the MCP library takes the first value and unsubscribes.
      tracer.startActiveSpan(operation.name, { attributes: operation.attributes }, (span) =>
        next
          .handle()
          .pipe(
            tap({
              error: (error: unknown) => {
                // A refusal of the client's input is the operation working: its code, no error status.
                if (error instanceof DomainError && error.code !== 'internal_error') {
                  span.setAttribute('error.type', error.code);
                  return;
                }
                span.setStatus({ code: SpanStatusCode.ERROR });
                span.setAttribute('error.type', (error as Error)?.name ?? 'Error');
              },
            }),
            finalize(() => span.end()),
          )
          .subscribe(subscriber),
      ),
    );
  }

  private operationOf(context: ExecutionContext): Operation | undefined {
    const code = {
      'code.function.name': `${context.getClass().name}.${context.getHandler().name}`,
    };
    if (context.getType() === 'http') {
      const request = context.switchToHttp().getRequest<Request>();
      const route = (request.route as { path?: unknown } | undefined)?.path;
      if (typeof route !== 'string') return undefined;
      return {
        name: `${request.method} ${route}`,
        attributes: { 'http.request.method': request.method, 'http.route': route, ...code },
      };
    }
    const handler = context.getHandler();
    const tool = this.reflector.get<{ name: string } | undefined>(MCP_TOOL_METADATA_KEY, handler);
    if (tool) {
      return {
        name: `tools/call ${tool.name}`,
        attributes: {
          'mcp.method.name': 'tools/call',
          'gen_ai.operation.name': 'execute_tool',
          'gen_ai.tool.name': tool.name,
          ...code,
        },
      };
    }
    const resource =
      this.reflector.get<{ uri: string } | undefined>(MCP_RESOURCE_METADATA_KEY, handler)?.uri ??
      this.reflector.get<{ uriTemplate: string } | undefined>(
        MCP_RESOURCE_TEMPLATE_METADATA_KEY,
        handler,
      )?.uriTemplate;
    if (resource) {
      return {
        name: `resources/read ${resource}`,
        attributes: { 'mcp.method.name': 'resources/read', 'mcp.resource.uri': resource, ...code },
      };
    }
    return undefined;
  }
}
