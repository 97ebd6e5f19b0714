import { applyDecorators, Param, Query, SetMetadata } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  badRequestErrorSchema,
  internalErrorSchema,
  methodNotAllowedErrorSchema,
  rateLimitedErrorSchema,
  unknownCoursesErrorSchema,
} from '../core/envelope.schema';
import { MAX_IF_NONE_MATCH_LENGTH, MAX_URL_TEXT } from '../core/request-limits';

/**
 * The OpenAPI description of one read operation, in one decorator. What every operation shares
 * (304, 429, 500, the refusals of the `default` response, the caching, rate-limit and request-id
 * headers) is written here once; the operation gives its id, texts, 200 body, the errors the
 * contract lists for it (docs/api.md#operations), and the requests whose answers are its examples
 * (computed at start, see openapi.examples.ts).
 */

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
const EVERY_RESPONSE = {
  'X-Request-Id': ref('X-Request-Id'),
  RateLimit: ref('RateLimit'),
  'RateLimit-Policy': ref('RateLimit-Policy'),
};
const CACHED_HEADERS = {
  ETag: ref('ETag'),
  'Cache-Control': ref('Cache-Control'),
  ...EVERY_RESPONSE,
};
const ERROR_HEADERS = { 'Cache-Control': ref('Cache-Control'), ...EVERY_RESPONSE };

/** A request of the operation whose answer is shown as an example: its path and query values. */
export interface ExampleRequest {
  /** What the example shows, as the viewer's list of examples names it. */
  summary: string;
  path?: Record<string, string>;
  /** As written in a query string (a list comma-separated). */
  query?: Record<string, string>;
  /** For a list: how many items of `data` the example keeps. */
  show?: number;
}

export interface ApiErrorResponse {
  /** The error body: one of the typed error schemas. */
  schema: z.ZodType;
  /** When this error happens. */
  description: string;
  example: ExampleRequest;
}

/**
 * The 404 of an operation whose `courses` lists slugs (the comparison, the fit): one slug or more
 * that no course has (docs/api.md#unknown-courses), shown by the request `query`.
 */
export const unknownCoursesInList = (query: Record<string, string>): ApiErrorResponse => ({
  schema: unknownCoursesErrorSchema,
  description:
    '`not_found`: well-formed slugs that match no course; `details.missing` lists them and `details.near_slugs` offers the nearest slugs.',
  example: { summary: 'A slug that matches no course', query },
});

export interface OperationHeader {
  description: string;
  schema: { type: 'string' | 'integer'; minimum?: number };
}

export interface ApiReadOptions {
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  /**
   * The 200 body (the envelope schema of the operation), the request of its example, and the
   * headers of its own that the 200 and the 304 carry (`Link`, `X-Total-Count`).
   */
  ok: { schema: z.ZodType; example: ExampleRequest; headers?: Record<string, OperationHeader> };
  /**
   * The error statuses the contract lists for this operation besides 429 (docs/api.md#operations).
   */
  errors: Partial<Record<404 | 422, ApiErrorResponse>>;
}

/** Where a handler's parameter comes from, for answering its examples (openapi.examples.ts). */
export type HandlerInputSource = 'path' | 'query';
export const API_INPUTS = 'course-finder:api-inputs';
export interface HandlerInput {
  index: number;
  source: HandlerInputSource;
}

function recordInput(source: HandlerInputSource, nest: ParameterDecorator): ParameterDecorator {
  return (target, key, index) => {
    nest(target, key, index);
    const inputs: HandlerInput[] = Reflect.getMetadata(API_INPUTS, target, key!) ?? [];
    Reflect.defineMetadata(API_INPUTS, [...inputs, { index, source }], target, key!);
  };
}

/**
 * `@Query()` and `@Param()` of an operation's handler, recorded so that its example requests can be
 * answered by calling the handler as a route would (the whole query, or the whole path, as one
 * input class validated by an InputValidationPipe, as the app validates it).
 */
export const QueryInput = (): ParameterDecorator => recordInput('query', Query());
export const PathInput = (): ParameterDecorator => recordInput('path', Param());

/** The example requests of an operation, by status: read when the examples are computed. */
export const API_EXAMPLES = 'course-finder:api-examples';
export interface OperationExamples {
  operationId: string;
  requests: Record<string, ExampleRequest>;
}

/** Example bodies of the errors the HTTP edge answers by itself, with its texts. */
const FIXED_EXAMPLES = {
  429: {
    rate_limited: {
      summary: 'Over the limit',
      value: {
        error: {
          code: 'rate_limited',
          message: 'Rate limit exceeded: 120 requests per minute. Retry after 42 seconds.',
        },
      },
    },
  },
  500: {
    internal_error: {
      summary: 'An unexpected failure',
      value: { error: { code: 'internal_error', message: 'Internal server error.' } },
    },
  },
  default: {
    bad_request: {
      summary: `A URL over ${MAX_URL_TEXT} (414)`,
      value: { error: { code: 'bad_request', message: 'The request URL is too long.' } },
    },
    method_not_allowed: {
      summary: 'POST on a read-only path (405)',
      value: {
        error: {
          code: 'method_not_allowed',
          message: 'POST is not allowed here: the service is read-only (GET, HEAD, OPTIONS).',
        },
      },
    },
  },
};

export function ApiRead(options: ApiReadOptions): MethodDecorator {
  const errors = Object.entries(options.errors) as [string, ApiErrorResponse][];
  const requests: OperationExamples['requests'] = Object.fromEntries([
    ['200', options.ok.example],
    ...errors.map(([status, error]) => [status, error.example]),
  ]);
  return applyDecorators(
    SetMetadata(API_EXAMPLES, { operationId: options.operationId, requests }),
    ApiTags(options.tag),
    ApiOperation({
      operationId: options.operationId,
      summary: options.summary,
      description: options.description,
    }),
    ApiHeader({
      name: 'If-None-Match',
      required: false,
      description: `ETag(s) of a copy the client holds; when one matches, the answer is 304 with no body. Longer than ${MAX_IF_NONE_MATCH_LENGTH} characters: 431.`,
      // No example: the viewer's "Try it out" would send it (docs/openapi.md#examples).
      schema: { type: 'string', maxLength: MAX_IF_NONE_MATCH_LENGTH },
    }),
    ApiResponse({
      status: 200,
      description: 'The `{data, meta}` envelope. Publicly cacheable for 5 minutes.',
      standardSchema: options.ok.schema,
      headers: { ...options.ok.headers, ...CACHED_HEADERS },
    }),
    ApiResponse({
      status: 304,
      description: 'Not modified: `If-None-Match` matched the current ETag. No body.',
      headers: { ...options.ok.headers, ...CACHED_HEADERS },
    }),
    ...errors.map(([status, error]) =>
      ApiResponse({
        status: Number(status),
        description: error.description,
        standardSchema: error.schema,
        headers: ERROR_HEADERS,
      }),
    ),
    ApiResponse({
      status: 429,
      description: 'Rate limit exceeded (`rate_limited`). Retry after `Retry-After` seconds.',
      standardSchema: rateLimitedErrorSchema,
      headers: { 'Retry-After': ref('Retry-After'), ...ERROR_HEADERS },
      examples: FIXED_EXAMPLES[429],
    }),
    ApiResponse({
      status: 500,
      description:
        '`internal_error`: an unexpected failure; the message is generic and `X-Request-Id` identifies the request in the log.',
      standardSchema: internalErrorSchema,
      headers: ERROR_HEADERS,
      examples: FIXED_EXAMPLES[500],
    }),
    ApiResponse({
      status: 'default',
      description: `A request refused before it reaches the operation: 400, 408, 413, 414 or 431 \`bad_request\` (malformed, too slow, a body, a URL over ${MAX_URL_TEXT}, headers over 16 KB or an \`If-None-Match\` over ${MAX_IF_NONE_MATCH_LENGTH} characters), or 405 \`method_not_allowed\` for a method other than GET, HEAD or OPTIONS (with \`Allow\`).`,
      standardSchema: z.union([badRequestErrorSchema, methodNotAllowedErrorSchema]),
      headers: { Allow: ref('Allow'), ...ERROR_HEADERS },
      examples: FIXED_EXAMPLES.default,
    }),
  );
}
