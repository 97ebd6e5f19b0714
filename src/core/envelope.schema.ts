import { z } from 'zod';
import type { DomainError } from './domain-error';
import { MAX_IF_NONE_MATCH_LENGTH, MAX_URL_TEXT } from './request-limits';
import { MAX_NEAR_SLUGS, SLUG_MAX_LENGTH, SLUG_PATTERN } from './slug';

/** A calendar date, `YYYY-MM-DD`; named, so that a schema holds its pattern once, however many dates it has. */
export const dateSchema = z.iso
  .date()
  .meta({ id: 'Date', description: 'A calendar date, `YYYY-MM-DD`.', examples: ['2026-11-01'] });
/** An absolute http(s) URL. */
export const urlSchema = z.url({ protocol: /^https?$/ });

/** `meta`, the envelope and the error bodies: the shapes every response shares. */

const metaShape = {
  api_version: z.literal('v1').describe('The version of the API, as in the path prefix `/api/v1`.'),
  canonical_url: urlSchema.describe(
    'The canonical page of the dataset: the page to link when citing.',
  ),
  methodology_url: urlSchema.describe('The page that explains how courses are scored, in words.'),
  openapi_url: urlSchema.describe('This OpenAPI document.'),
  citation: z.string().describe('Suggested citation text for the results.'),
  last_verified_on: dateSchema
    .nullable()
    .describe(
      'The most recent verification date across the dataset; null when no course is verified.',
    ),
  scoring_weights_updated_on: dateSchema
    .nullable()
    .describe('The date the scoring weights last changed; null when not recorded.'),
  contains_placeholder_data: z
    .boolean()
    .describe('True while any course facts are unverified placeholders.'),
  policies: z
    .record(z.string(), z.string())
    .describe("The service's policies (read-only, no commission, privacy, …): name → text."),
};
const countSchema = z.int().min(0).describe('The number of items in `data`.');

export const metaSchema = z.strictObject({ ...metaShape, count: countSchema.optional() }).meta({
  id: 'Meta',
  description:
    'What every response carries besides its data: how to cite and link it, and how current the dataset is. `count` is present on lists only.',
});
export type Meta = z.infer<typeof metaSchema>;

/** `meta` of a list, where `count` is always present. */
export const listMetaSchema = z.strictObject({ ...metaShape, count: countSchema }).meta({
  id: 'ListMeta',
  description: '`Meta` of a list response, with the number of items it holds.',
});

export function envelopeSchema<T extends z.ZodType>(data: T, meta: z.ZodType = metaSchema) {
  return z.strictObject({ data, meta });
}
export type EnvelopeBody<T> = { data: T; meta: Meta };

/**
 * One error body per code (docs/api.md#errors): `{"error": {"code", "message", "details"?}}` with
 * `code` a constant and `details` the code's own shape, so a generated client reads them typed.
 */
function errorBody<const C extends string, D extends z.ZodType | undefined = undefined>(
  code: C,
  description: string,
  details?: D,
) {
  const error = z.strictObject({
    code: z.literal(code).describe('What went wrong, as a stable machine-readable code.'),
    message: z.string().describe('What went wrong, in English, for people.'),
    ...((details ? { details } : {}) as D extends z.ZodType ? { details: D } : object),
  });
  return z
    .strictObject({ error: error.describe(description) })
    .describe(`${description} Code \`${code}\`.`);
}

/** A value as the client sent it, echoed: a query's text, or a JSON value (long texts cut). */
export const echoedValueSchema: z.ZodType<EchoedValue> = z
  .union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.lazy(() => echoedValueSchema))])
  .meta({
    id: 'EchoedValue',
    description:
      'A value as the client sent it: the text of a query parameter (a list when it was repeated), null when it was missing. Texts over 200 characters are cut, lists after 10 items.',
  });
export type EchoedValue = string | number | boolean | null | EchoedValue[];

const problemShape = {
  name: z.string().describe('The parameter, as the client named it.'),
  value: echoedValueSchema,
  problem: z
    .string()
    .describe(
      'What is wrong: missing, empty, given more than once, unknown, not an allowed value, …',
    ),
};

export const parameterProblemSchema = z
  .strictObject({
    ...problemShape,
    allowed_values: z
      .array(z.string())
      .optional()
      .describe(
        'The values the parameter takes, as written in a query, when it has a closed set (booleans: `true`, `false`, `1`, `0`).',
      ),
  })
  .meta({ id: 'ParameterProblem', description: 'One problem with one query parameter.' });

export const answerProblemSchema = z
  .strictObject(problemShape)
  .meta({ id: 'AnswerProblem', description: 'One problem with one of the six answers.' });

export const invalidParametersErrorSchema = errorBody(
  'invalid_parameters',
  'A query parameter is unknown, missing, repeated, empty or not an allowed value. Every problem of the request is listed at once.',
  z
    .strictObject({
      parameters: z
        .array(parameterProblemSchema)
        .min(1)
        .describe('Each offending parameter, in the order found.'),
    })
    .describe('The problems of the request.'),
).meta({ id: 'InvalidParametersError' });

/**
 * `invalid_answers`: its `answer_options` name the finder's six answers, which core does not know;
 * the feature that owns them gives their schema (recommendations.responses.ts).
 */
export function invalidAnswersErrorSchema<T extends z.ZodType>(answerOptions: T) {
  return errorBody(
    'invalid_answers',
    'One or more of the six answers are missing or invalid, or an unknown parameter was given. Every problem is listed at once, with every allowed value of every answer.',
    z
      .strictObject({
        answer_options: answerOptions,
        problems: z.array(answerProblemSchema).min(1).describe('Each problem, in the order found.'),
      })
      .describe('The allowed answers and the problems of the request.'),
  );
}

export const notFoundErrorSchema = errorBody('not_found', 'No resource is at this path.').meta({
  id: 'NotFoundError',
});

/**
 * Every operation that takes a course's slug answers one that matches no course so
 * (docs/api.md#unknown-courses): the slugs, and the courses' slugs near them.
 */
export const unknownCoursesErrorSchema = errorBody(
  'not_found',
  'No course has the slug, or one of the slugs, given. The message names them, offers the nearest slugs and points to the search by words.',
  z
    .strictObject({
      missing: z
        .array(z.string().max(SLUG_MAX_LENGTH))
        .min(1)
        .describe(
          `The slugs that match no course, in the order given, as given (cut at ${SLUG_MAX_LENGTH} characters).`,
        ),
      near_slugs: z
        .array(z.string().regex(SLUG_PATTERN).max(SLUG_MAX_LENGTH))
        .max(MAX_NEAR_SLUGS)
        .describe(
          `Up to ${MAX_NEAR_SLUGS} slugs of courses near the missing ones, nearest first: holding most of their words (a word a typo away, or two words written as one, too) or spelled a typo away. For several missing slugs, the nearest of each comes first. Empty when no course is near.`,
        ),
    })
    .describe('Which slugs were not found, and which are near them.'),
).meta({ id: 'UnknownCoursesError' });

export const rateLimitedErrorSchema = errorBody(
  'rate_limited',
  'Too many requests in this minute. Retry after the `Retry-After` header’s seconds.',
).meta({ id: 'RateLimitedError' });

export const methodNotAllowedErrorSchema = errorBody(
  'method_not_allowed',
  'A method other than GET, HEAD or OPTIONS: the service is read-only. The `Allow` header lists the methods.',
).meta({ id: 'MethodNotAllowedError' });

export const badRequestErrorSchema = errorBody(
  'bad_request',
  `A request the server will not read: malformed (400), headers not received within 10 s (408), a body (413), a URL over ${MAX_URL_TEXT} (414), headers over 16 KB or an \`If-None-Match\` over ${MAX_IF_NONE_MATCH_LENGTH} characters (431).`,
).meta({ id: 'BadRequestError' });

export const internalErrorSchema = errorBody(
  'internal_error',
  'An unexpected failure. The message is generic; `X-Request-Id` identifies the request in the log.',
).meta({ id: 'InternalError' });

/**
 * MCP only (docs/mcp.md#dns-rebinding-protection): a request to `/mcp` from a host or origin that
 * is not allowed.
 */
export const forbiddenErrorSchema = errorBody(
  'forbidden',
  'A request to the MCP endpoint from a host or origin that is not allowed.',
).meta({ id: 'ForbiddenError' });

/**
 * Any error body the service sends, whichever the code: for callers that handle every error
 * alike. `answer_options` is any answers' lists here; the recommendations' own schema names them.
 */
export const errorBodySchema = z.union([
  invalidParametersErrorSchema,
  invalidAnswersErrorSchema(z.record(z.string(), z.array(z.string()))),
  notFoundErrorSchema,
  unknownCoursesErrorSchema,
  rateLimitedErrorSchema,
  methodNotAllowedErrorSchema,
  badRequestErrorSchema,
  internalErrorSchema,
  forbiddenErrorSchema,
]);
/** An error body as a `DomainError` writes it; `errorBodySchema` is what it holds, code by code. */
export type ErrorBody = ReturnType<DomainError['toBody']>;
