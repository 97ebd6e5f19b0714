import { Injectable } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { DomainError } from '../core/domain-error';
import { Envelope } from '../core/envelope';
import type { InputClass } from '../core/validation/input-metadata';
import { InputValidationPipe } from '../core/validation/input-validation.pipe';
import {
  API_EXAMPLES,
  API_INPUTS,
  type ExampleRequest,
  type HandlerInput,
  type OperationExamples,
} from './api-operation.decorator';

/**
 * The examples of the document are answers of the service itself: each operation's example
 * requests (`@ApiRead`) are answered by its handler, called as its route calls it: each input
 * (`@QueryInput()`, `@PathInput()`) validated by an InputValidationPipe like the app's own, the
 * answer put in its envelope as the envelope interceptor does, on the data loaded at start. No
 * guard or interceptor runs: nothing is counted, logged or cached; headers a handler sets are
 * dropped. A DomainError is the error body the HTTP filter would write for it.
 */

export interface ComputedExample {
  operationId: string;
  status: string;
  request: ExampleRequest;
  /** `GET /courses?level=beginner`, relative to the server URL. */
  url: string;
  value: unknown;
}

/** `/courses/{slug}` with `{ slug: 'a' }` and `{ x: '1' }` → `/courses/a?x=1`. */
function urlOf(path: string, request: ExampleRequest): string {
  const filled = path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    encodeURIComponent(request.path?.[name] ?? ''),
  );
  const query = new URLSearchParams(request.query ?? {}).toString().replaceAll('%2C', ',');
  return query ? `${filled}?${query}` : filled;
}

/** A list's example keeps its first items only; `meta.count` still says how many were found. */
function shown(value: unknown, show: number | undefined): unknown {
  const body = value as { data?: unknown };
  if (show === undefined || !Array.isArray(body.data)) return value;
  return { ...body, data: body.data.slice(0, show) };
}

type Handler = (...args: unknown[]) => unknown;

@Injectable()
export class OpenApiExamples {
  private readonly pipe = new InputValidationPipe('query');

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  /** Answers every example request of every operation in `document`. */
  async compute(document: OpenAPIObject): Promise<ComputedExample[]> {
    const pathOf = new Map(
      Object.entries(document.paths).flatMap(([path, item]) =>
        Object.values(item).map((operation: { operationId?: string }) => [
          operation.operationId,
          path,
        ]),
      ),
    );
    const computed: ComputedExample[] = [];
    for (const { instance } of this.discovery.getControllers()) {
      if (!instance) continue;
      const prototype = Object.getPrototypeOf(instance) as Record<string, Handler>;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const examples = this.reflector.get<OperationExamples | undefined>(
          API_EXAMPLES,
          prototype[name],
        );
        const path = examples && pathOf.get(examples.operationId);
        if (!examples || !path) continue;
        const handler = prototype[name].bind(instance);
        for (const [status, request] of Object.entries(examples.requests)) {
          const value = await this.answer(prototype, name, handler, request).then(
            (answer) => shown(JSON.parse(JSON.stringify(answer)), request.show),
            (error: unknown) => {
              if (error instanceof DomainError) return error.toBody();
              throw error;
            },
          );
          computed.push({
            operationId: examples.operationId,
            status,
            request,
            url: urlOf(path, request),
            value,
          });
        }
      }
    }
    return computed;
  }

  /** The handler's answer to one request, as its route gives it (the envelope, or an error). */
  private async answer(
    prototype: object,
    name: string,
    handler: Handler,
    request: ExampleRequest,
  ): Promise<unknown> {
    const types: unknown[] = Reflect.getMetadata('design:paramtypes', prototype, name) ?? [];
    const inputs: HandlerInput[] = Reflect.getMetadata(API_INPUTS, prototype, name) ?? [];
    // A parameter that is no input (the request a page's links are made from, the response a
    // handler sets headers on) gets a stand-in: an empty URL, headers set nowhere.
    const sink = { url: '', path: '', setHeader: () => sink };
    const args: unknown[] = types.map(() => sink);
    for (const { index, source } of [...inputs].sort((a, b) => a.index - b.index)) {
      const raw = (source === 'path' ? request.path : request.query) ?? {};
      args[index] = await this.pipe.transform(raw, {
        type: source === 'path' ? 'param' : 'query',
        metatype: types[index] as InputClass,
      });
    }
    const result = await handler(...args);
    return result instanceof Envelope ? result.body() : result;
  }
}

/** Puts each computed example on its response, named after its status, with its request. */
export function withExamples(document: OpenAPIObject, examples: ComputedExample[]): OpenAPIObject {
  const copy = structuredClone(document);
  for (const item of Object.values(copy.paths)) {
    for (const operation of Object.values(item) as {
      operationId?: string;
      responses?: Record<string, { content?: Record<string, { examples?: object }> }>;
    }[]) {
      for (const example of examples.filter((e) => e.operationId === operation.operationId)) {
        const content = operation.responses?.[example.status]?.content?.['application/json'];
        if (!content) throw new Error(`No ${example.status} body for ${operation.operationId}`);
        const name = example.status === '200' ? 'ok' : `status_${example.status}`;
        const trimmed =
          example.request.show === undefined
            ? ''
            : ` Only the first ${example.request.show} items of \`data\` are shown; \`meta.count\` is the number the answer holds.`;
        content.examples = {
          [name]: {
            summary: example.request.summary,
            description: `The answer to \`GET ${example.url}\` on the shipped data, computed when the service started.${trimmed}`,
            value: example.value,
          },
        };
      }
    }
  }
  return copy;
}
