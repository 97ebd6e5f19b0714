import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiResponse, ApiTags, type HeadersObject } from '@nestjs/swagger';
import type { z } from 'zod';
import { errorBodySchema } from '../core/envelope.schema';

/**
 * The OpenAPI description of one read operation, in one decorator. What every operation shares
 * (304, 429, 500, the error body, the caching and rate-limit headers) is written here once; the
 * operation gives its id, texts, 200 body and the error statuses the spec lists for it.
 */

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
const RATE_LIMIT_HEADERS = {
  RateLimit: ref('RateLimit'),
  'RateLimit-Policy': ref('RateLimit-Policy'),
};
const CACHED_HEADERS = {
  ETag: ref('ETag'),
  'Cache-Control': ref('Cache-Control'),
  ...RATE_LIMIT_HEADERS,
};
const ERROR_HEADERS = { 'Cache-Control': ref('Cache-Control'), ...RATE_LIMIT_HEADERS };

export interface ApiReadOptions {
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  /** The 200 body: the envelope schema of the operation. */
  ok: z.ZodType;
  /** The error statuses the spec lists for this operation besides 429, with when they happen. */
  errors: Partial<Record<404 | 422, string>>;
}

export function ApiRead(options: ApiReadOptions): MethodDecorator {
  const error = (status: number, description: string, headers: HeadersObject = ERROR_HEADERS) =>
    ApiResponse({ status, description, standardSchema: errorBodySchema, headers });
  return applyDecorators(
    ApiTags(options.tag),
    ApiOperation({
      operationId: options.operationId,
      summary: options.summary,
      description: options.description,
    }),
    ApiHeader({
      name: 'If-None-Match',
      required: false,
      description:
        'ETag(s) of a copy the client holds; when one matches, the answer is 304 with no body.',
    }),
    ApiResponse({
      status: 200,
      description: 'The `{data, meta}` envelope. Publicly cacheable for 5 minutes.',
      standardSchema: options.ok,
      headers: CACHED_HEADERS,
    }),
    ApiResponse({
      status: 304,
      description: 'Not modified: `If-None-Match` matched the current ETag. No body.',
      headers: CACHED_HEADERS,
    }),
    ...Object.entries(options.errors).map(([status, description]) =>
      error(Number(status), description),
    ),
    error(429, 'Rate limit exceeded (`rate_limited`). Retry after `Retry-After` seconds.', {
      'Retry-After': ref('Retry-After'),
      ...ERROR_HEADERS,
    }),
    error(
      500,
      '`internal_error`: an unexpected failure; the message is generic and `X-Request-Id` identifies the request in the log.',
    ),
  );
}
