import { Controller, Get, Param, type ExecutionContext } from '@nestjs/common';
import { APP_INTERCEPTOR, Reflector } from '@nestjs/core';
import { SpanStatusCode, trace } from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
import {
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace';
import { Resource, ResourceTemplate, Tool } from '@rekog/mcp-nest';
import type { NextFunction, Request, Response } from 'express';
import { firstValueFrom, Observable, of } from 'rxjs';
import { type SendInit, type Served, serveModule } from '../../test/support/testing-app';
import { DomainError } from '../core/domain-error';
import { OperationSpanInterceptor } from './operation-span.interceptor';

/**
 * One span per operation, named after it (docs/operations.md#tracing-opentelemetry), under the
 * span of the request that carries it, with nothing of the client's input in it
 * (docs/privacy.md#traces). The request's span is the HTTP instrumentation's in production; here a
 * middleware of the spec's own opens it for requests that say `traced: 1`, in the SDK's context.
 */

const exporter = new InMemorySpanExporter();
const processor = new SimpleSpanProcessor({ exporter });
const sdk = new NodeSDK({
  autoDetectResources: false,
  spanProcessors: [processor],
  instrumentations: [],
  metricReaders: [],
  logRecordProcessors: [],
});
const tracer = () => trace.getTracer('spec');

@Controller('api/v1/items')
class ItemsController {
  @Get(':slug')
  getItem(@Param('slug') slug: string) {
    if (slug === 'missing') throw new DomainError('not_found', 'No item.');
    if (slug === 'broken') throw new DomainError('internal_error', 'Broken.');
    if (slug === 'bug') throw new TypeError('x is not a function');
    return { slug };
  }
}

class CourseFinderTools {
  @Tool({ name: 'search_courses', description: 'Search.' })
  search() {
    return new Observable((subscriber) => subscriber.next({ content: [] }));
  }

  @Resource({ uri: 'coursefinder://courses', name: 'courses' })
  courses() {
    return {};
  }

  @ResourceTemplate({ uriTemplate: 'coursefinder://courses/{slug}', name: 'course' })
  course() {
    return {};
  }

  notAnOperation() {
    return {};
  }
}

let served: Served;
beforeAll(async () => {
  sdk.start();
  served = await serveModule(
    {
      controllers: [ItemsController],
      providers: [{ provide: APP_INTERCEPTOR, useClass: OperationSpanInterceptor }],
    },
    (app) =>
      app.use((request: Request, response: Response, next: NextFunction) => {
        if (request.get('traced') !== '1') return next();
        tracer().startActiveSpan('request', (span) => {
          response.on('finish', () => span.end());
          next();
        });
      }),
  );
});
afterAll(async () => {
  await served.close();
  await sdk.shutdown();
});
beforeEach(() => exporter.reset());

const traced: SendInit = { headers: { traced: '1' } };

/** The spans of one request, once it has ended: its own and the operation's. */
async function spansOf(path: string, init = traced): Promise<Record<string, ReadableSpan>> {
  await served.request(path, init);
  // The request's span ends as the server finishes the response, which may be a turn after the
  // client has read it.
  for (let turn = 0; turn < 50 && init === traced; turn++) {
    await processor.forceFlush();
    if (exporter.getFinishedSpans().some((span) => span.name === 'request')) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Object.fromEntries(exporter.getFinishedSpans().map((span) => [span.name, span]));
}

describe('a REST operation', () => {
  it('is a span named by its method and route template, under the request’s, with no input in it', async () => {
    const spans = await spansOf('/api/v1/items/secret-slug?q=secret-words');
    expect(Object.keys(spans).sort()).toEqual(['GET /api/v1/items/:slug', 'request']);
    const operation = spans['GET /api/v1/items/:slug'];
    expect(operation.parentSpanContext?.spanId).toBe(spans.request.spanContext().spanId);
    expect(operation.attributes).toEqual({
      'http.request.method': 'GET',
      'http.route': '/api/v1/items/:slug',
      'code.function.name': 'ItemsController.getItem',
    });
    expect(operation.status.code).toBe(SpanStatusCode.UNSET);
    expect(JSON.stringify([operation.attributes, operation.events])).not.toContain('secret');
  });

  it('is no span when the request is not traced', async () => {
    expect(await spansOf('/api/v1/items/a', { headers: {} })).toEqual({});
  });

  it('is a refusal of the client’s input marked with its code alone, not as an error', async () => {
    const operation = (await spansOf('/api/v1/items/missing'))['GET /api/v1/items/:slug'];
    expect(operation.attributes['error.type']).toBe('not_found');
    expect(operation.status.code).toBe(SpanStatusCode.UNSET);
  });

  it.each([
    ['bug', 'TypeError'],
    ['broken', 'DomainError'],
  ])(
    'is an error when it fails (%s), marked with the class, not the message',
    async (slug, type) => {
      const operation = (await spansOf(`/api/v1/items/${slug}`))['GET /api/v1/items/:slug'];
      expect(operation.status).toEqual({ code: SpanStatusCode.ERROR });
      expect(operation.attributes['error.type']).toBe(type);
      expect(operation.events).toEqual([]);
    },
  );
});

describe('an MCP operation', () => {
  const interceptor = new OperationSpanInterceptor(new Reflector());
  /** The context Nest gives an MCP handler: an RPC call of a method of the tools' class. */
  const rpc = (handler: keyof CourseFinderTools) =>
    ({
      getType: () => 'rpc',
      getClass: () => CourseFinderTools,
      getHandler: () => CourseFinderTools.prototype[handler],
    }) as unknown as ExecutionContext;

  /** Calls the handler as the MCP library does, in a traced request: takes the first value. */
  async function call(handler: keyof CourseFinderTools, result: Observable<unknown>) {
    await tracer().startActiveSpan('request', async (span) => {
      await firstValueFrom(interceptor.intercept(rpc(handler), { handle: () => result }));
      span.end();
    });
    await processor.forceFlush();
    return exporter.getFinishedSpans().filter((span) => span.name !== 'request');
  }

  it('is a tool call named by the tool; it ends when the library takes the first value', async () => {
    const [span] = await call('search', new CourseFinderTools().search());
    expect(span.name).toBe('tools/call search_courses');
    expect(span.attributes).toEqual({
      'mcp.method.name': 'tools/call',
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'search_courses',
      'code.function.name': 'CourseFinderTools.search',
    });
  });

  it.each([
    ['courses', 'coursefinder://courses'],
    ['course', 'coursefinder://courses/{slug}'],
  ] as const)(
    'is a read of the resource %s, named by its URI or template',
    async (handler, uri) => {
      const [span] = await call(handler, of({}));
      expect(span.name).toBe(`resources/read ${uri}`);
      expect(span.attributes).toMatchObject({
        'mcp.method.name': 'resources/read',
        'mcp.resource.uri': uri,
      });
    },
  );

  it('is no span for a handler that is no tool or resource', async () => {
    expect(await call('notAnOperation', of({}))).toEqual([]);
  });
});
