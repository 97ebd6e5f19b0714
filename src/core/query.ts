import { type ArgumentMetadata, Injectable, type PipeTransform, Query } from '@nestjs/common';
import { z } from 'zod';
import { DomainError } from './domain-error';

/**
 * Query validation by decisions §4: unknown, repeated, empty and unsupported parameters are all
 * reported at once, each with its allowed values. The zod schema of the operation is the single
 * definition; the same schema documents the parameters in OpenAPI.
 */

export type QueryErrorCode = 'invalid_parameters' | 'invalid_answers';

export interface ParameterProblem {
  name: string;
  value: unknown;
  problem: string;
  allowed_values?: readonly string[];
}

const MAX_ECHO = 200;

/** Operations without parameters still reject unknown ones (decisions §4). */
export const noQuerySchema = z.strictObject({});

/** A query boolean: `true`, `false`, `1` or `0`. */
export const queryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/**
 * Documents a closed-set parameter: its meaning and each value's label, in the description (for
 * readers) and in the two extensions viewers and generators read (`x-enumDescriptions`: Redoc,
 * Redocly; `x-enum-descriptions`: openapi-generator, openapi-typescript).
 */
export function labelled<S extends z.ZodEnum>(
  schema: S,
  labels: Record<string, string>,
  description: string,
): S {
  const values = schema.options as string[];
  const list = values.map((value) => `\`${value}\` = ${labels[value]}`).join('; ');
  return schema.meta({
    description: `${description} Values: ${list}.`,
    'x-enumDescriptions': labels,
    'x-enum-descriptions': values.map((value) => labels[value]),
  });
}

/** The closed set of values a query parameter's schema accepts, if it has one. */
export function allowedValues(schema: z.ZodType): readonly string[] | undefined {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'enum':
      return (schema as z.ZodEnum).options as string[];
    case 'optional':
    case 'default':
    case 'nullable':
      return allowedValues(def.innerType as z.ZodType);
    case 'pipe':
      return allowedValues(def.in as z.ZodType);
    default:
      return undefined;
  }
}

function echo(value: unknown): unknown {
  if (typeof value === 'string')
    return value.length > MAX_ECHO ? `${value.slice(0, MAX_ECHO)}…` : value;
  if (Array.isArray(value)) return value.slice(0, 10).map(echo);
  if (typeof value === 'boolean' || typeof value === 'number') return value;
  return null;
}

export function invalidParameters(problems: ParameterProblem[]): DomainError {
  const names = [...new Set(problems.map((p) => p.name))].join(', ');
  return new DomainError('invalid_parameters', `Invalid query parameters: ${names}.`, {
    parameters: problems,
  });
}

export function invalidAnswers(schema: z.ZodObject, problems: ParameterProblem[]): DomainError {
  const answerOptions = Object.fromEntries(
    Object.entries(schema.shape).map(([name, field]) => [name, allowedValues(field as z.ZodType)]),
  );
  const names = [...new Set(problems.map((p) => p.name))].join(', ');
  return new DomainError(
    'invalid_answers',
    `All six answers are required, each with an allowed value. Check: ${names}.`,
    {
      answer_options: answerOptions,
      problems: problems.map(({ name, value, problem }) => ({ name, value, problem })),
    },
  );
}

/** One problem, with the parameter's allowed values when it has a closed set. */
function problemOf(shape: z.ZodRawShape, name: string, value: unknown, text: string) {
  const allowed = Object.hasOwn(shape, name) ? allowedValues(shape[name] as z.ZodType) : undefined;
  return {
    name: echo(name) as string,
    value: echo(value),
    problem: text,
    ...(allowed ? { allowed_values: allowed } : {}),
  };
}

/**
 * Validates named inputs against an operation's schema and throws one DomainError naming every
 * problem: unknown names, missing values, values outside the allowed set. The REST query pipe and
 * the MCP tools both call it, so a bad input gets the same error body on either transport.
 * `reported` are problems the caller already found (e.g. a repeated query parameter); their names
 * are not checked again.
 */
export function validateInput<S extends z.ZodObject>(
  schema: S,
  input: Record<string, unknown>,
  code: QueryErrorCode = 'invalid_parameters',
  reported: ParameterProblem[] = [],
): z.output<S> {
  const shape = schema.shape as z.ZodRawShape;
  const problems = [...reported];
  const seen = new Set(problems.map((p) => p.name));
  const known: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) {
    if (seen.has(name)) continue;
    if (Object.hasOwn(shape, name)) known[name] = value;
    else {
      const accepted = Object.keys(shape);
      problems.push(
        problemOf(
          shape,
          name,
          value,
          accepted.length === 0
            ? 'this operation takes no query parameters'
            : `not a parameter of this operation (accepted: ${accepted.join(', ')})`,
        ),
      );
    }
  }
  const result = schema.safeParse(known);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const name = String(issue.path[0]);
      if (seen.has(name) || !Object.hasOwn(shape, name)) continue;
      seen.add(name);
      const value = known[name];
      const text =
        value === undefined
          ? 'missing'
          : allowedValues(shape[name] as z.ZodType)
            ? 'not an allowed value'
            : issue.message;
      problems.push(problemOf(shape, name, value ?? null, text));
    }
  }
  if (problems.length > 0) {
    throw code === 'invalid_answers'
      ? invalidAnswers(schema, problems)
      : invalidParameters(problems);
  }
  return result.data as z.output<S>;
}

/** Validates a raw query object (values are strings, or arrays when repeated). */
export function parseQuery<S extends z.ZodObject>(
  schema: S,
  raw: Record<string, unknown>,
  code: QueryErrorCode = 'invalid_parameters',
): z.output<S> {
  const shape = schema.shape as z.ZodRawShape;
  const reported: ParameterProblem[] = [];
  // No prototype: `__proto__` or `constructor` stays a name like any other, reported as unknown.
  const clean: Record<string, unknown> = Object.create(null);
  for (const [name, value] of Object.entries(raw)) {
    if (!Object.hasOwn(shape, name)) clean[name] = value;
    else if (typeof value !== 'string') {
      reported.push(problemOf(shape, name, value, 'given more than once'));
    } else if (value === '') reported.push(problemOf(shape, name, value, 'empty'));
    else clean[name] = value;
  }
  return validateInput(schema, clean, code, reported);
}

@Injectable()
class QueryValidationPipe implements PipeTransform {
  constructor(private readonly code: QueryErrorCode) {}

  transform(value: Record<string, unknown>, metadata: ArgumentMetadata) {
    return parseQuery(metadata.schema as z.ZodObject, value ?? {}, this.code);
  }
}

/** `@ValidQuery(schema)`: the whole query, validated by the operation's schema. */
export function ValidQuery(schema: z.ZodObject, code: QueryErrorCode = 'invalid_parameters') {
  return Query({ schema, pipes: [new QueryValidationPipe(code)] });
}
