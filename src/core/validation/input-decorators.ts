import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsIn, IsString, ValidateBy } from 'class-validator';
import { z } from 'zod';
import { dateSchema } from '../envelope.schema';
import { isSlug, SLUG_MAX_LENGTH, SLUG_PATTERN } from '../slug';
import { searchTextProblem, slugListProblem, valueListProblem } from './input-rules';
import { describe, type InputOptions, type JsonSchema, QUERY_FORM } from './input-description';
import { type AllowedItems, LIST_RULE, type QueryForms } from './input-metadata';

/**
 * Composite decorators, one per kind of input (as immich's `validation.ts`): each applies the
 * validation rules (class-validator), the conversion from a query string's text to the JSON form
 * (class-transformer, in the `query` group only, so JSON input is taken as it is), the OpenAPI
 * property (@nestjs/swagger) and the JSON Schema the MCP tools advertise, so an input is described
 * in one place.
 */

/**
 * A named vocabulary: a zod enum with `.meta({ id, description, 'x-enum-descriptions'? })`, the
 * one definition of its values and labels (catalog/vocabulary.ts).
 */
export type Vocabulary = z.ZodEnum;

/** The vocabulary's JSON Schema, as it stands as a component of the OpenAPI document. */
function componentOf(vocabulary: Vocabulary): { id: string; schema: JsonSchema } {
  const id = z.globalRegistry.get(vocabulary)?.id;
  if (!id) throw new Error('A QueryEnum vocabulary needs a name: .meta({ id })');
  const { $defs } = z.toJSONSchema(vocabulary, { target: 'draft-2020-12' }) as {
    $defs: Record<string, JsonSchema>;
  };
  return { id, schema: $defs[id] };
}

/**
 * An enum's descriptions. The OpenAPI document's lists every value with its label ("Values: `a` =
 * A; `b` = B."); an MCP input schema's `enum` lists the values already, so its description gives
 * only the labels that say more than their value (`low` = Nice to have, not `free` = Free): what a
 * model needs, in fewer bytes (docs/mcp.md#what-the-tool-list-costs).
 */
function enumDescriptions(text: string, values: readonly string[], schema: JsonSchema) {
  const labels = (schema['x-enum-descriptions'] as string[] | undefined) ?? [];
  const spelled = (word: string) => word.toLowerCase().replace(/[^a-z0-9]/g, '');
  const listed = values.map((value, i) => `\`${value}\`${labels[i] ? ` = ${labels[i]}` : ''}`);
  const told = listed.filter((_, i) => labels[i] && spelled(labels[i]) !== spelled(values[i]));
  return {
    openapi: `${text} Values: ${listed.join('; ')}.`,
    mcp: told.length > 0 ? `${text} ${told.join('; ')}.` : text,
  };
}

/**
 * One of a closed set of strings (`level`, `sort`, the six answers, …). In the OpenAPI document the
 * parameter refers to the vocabulary's component, the same one the bodies refer to; the MCP tools'
 * input schemas are self-contained, so they carry the values inline.
 */
export function QueryEnum(vocabulary: Vocabulary, options: InputOptions): PropertyDecorator {
  const values = vocabulary.options as string[];
  const { id, schema } = componentOf(vocabulary);
  const { openapi, mcp } = enumDescriptions(options.description, values, schema);
  return applyDecorators(
    ...describe(
      { type: 'string', enum: values, description: mcp },
      // Swagger writes the component from `enumSchema` when no body has written it already.
      { enum: values, enumName: id, enumSchema: schema, description: openapi },
      options,
    ),
    IsIn(values),
  );
}

/**
 * One or more distinct values of a closed set, a course matching any of them (`level`, …): in a
 * query one comma-separated value (`style: form, explode: false` in OpenAPI terms, each item the
 * vocabulary's component); in JSON a value or an array of values.
 */
export function QueryEnumList(vocabulary: Vocabulary, options: InputOptions): PropertyDecorator {
  const values = vocabulary.options as string[];
  const { id, schema } = componentOf(vocabulary);
  const { openapi, mcp } = enumDescriptions(options.description, values, schema);
  const [first, second] = values;
  const item = { type: 'string', enum: values };
  const list = { type: 'array', minItems: 1, maxItems: values.length, uniqueItems: true };
  const context: AllowedItems = { allowedItems: values };
  return applyDecorators(
    ...describe(
      {
        description: `${mcp} One value, or an array of several.`,
        anyOf: [item, { ...list, items: item }],
      },
      // Each item the vocabulary's component, which the bodies and QueryEnum write.
      {
        ...list,
        items: { $ref: `#/components/schemas/${id}` },
        style: 'form',
        explode: false,
        description: `${openapi} One value, or several comma-separated (\`${first},${second}\`).`,
      },
      options,
    ),
    // A query writes a list as one comma-separated value; JSON may give one value alone.
    Transform(({ value, options: { groups } }) =>
      typeof value !== 'string' ? value : groups?.includes(QUERY_FORM) ? value.split(',') : [value],
    ),
    ValidateBy(
      {
        name: LIST_RULE,
        validator: {
          validate: (value) => valueListProblem(value, values) === undefined,
          defaultMessage: (args) => valueListProblem(args?.value, values) ?? '',
        },
      },
      { context },
    ),
  );
}

/** How a query string writes a boolean. */
export const BOOLEAN_QUERY_FORMS = ['true', 'false', '1', '0'] as const;

function queryBoolean({ value }: { value: unknown }): unknown {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return value;
}

/** A boolean: `true`/`false` in JSON; `true`, `false`, `1` or `0` in a query (nothing else). */
export function QueryBoolean(options: InputOptions): PropertyDecorator {
  const forms: QueryForms = { queryForms: BOOLEAN_QUERY_FORMS };
  const inQuery = `${options.description} In a query: \`true\` or \`1\`, \`false\` or \`0\`.`;
  return applyDecorators(
    ...describe(
      { type: 'boolean', description: options.description },
      { type: 'boolean', description: inQuery },
      options,
    ),
    Transform(queryBoolean, { groups: [QUERY_FORM] }),
    IsIn([true, false], { context: forms }),
  );
}

/**
 * A course slug. One that breaks the pattern or is over SLUG_MAX_LENGTH is not a course: a path's
 * lookup answers 404 (docs/api.md#getcourse), so only its type is a rule there; a filter
 * (`refuseMalformed`) refuses it as any malformed parameter.
 */
export function Slug(options: InputOptions & { refuseMalformed?: boolean }): PropertyDecorator {
  const schema = { type: 'string', pattern: SLUG_PATTERN.source, maxLength: SLUG_MAX_LENGTH };
  return applyDecorators(
    ...describe(
      { ...schema, description: options.description },
      { ...schema, description: options.description },
      options,
    ),
    options.refuseMalformed
      ? ValidateBy({
          name: 'isSlug',
          validator: {
            validate: (value) => typeof value === 'string' && isSlug(value),
            defaultMessage: () =>
              'not a course slug (lowercase letters, digits and single hyphens)',
          },
        })
      : IsString(),
  );
}

/**
 * `min` to `max` distinct course slugs: a JSON array, or in a query one comma-separated value
 * (`style: form, explode: false` in OpenAPI terms).
 */
export function SlugList(min: number, max: number, options: InputOptions): PropertyDecorator {
  const items = { type: 'string', pattern: SLUG_PATTERN.source, maxLength: SLUG_MAX_LENGTH };
  const schema = {
    type: 'array',
    items,
    minItems: min,
    maxItems: max,
    uniqueItems: true,
    description: options.description,
  };
  const inQuery = `${options.description} In a query: one comma-separated value.`;
  return applyDecorators(
    ...describe(
      schema,
      { ...schema, description: inQuery, style: 'form', explode: false },
      options,
    ),
    Transform(({ value }) => (typeof value === 'string' ? value.split(',') : value), {
      groups: [QUERY_FORM],
    }),
    ValidateBy({
      name: LIST_RULE,
      constraints: [min, max],
      validator: {
        validate: (value) => slugListProblem(value, min, max) === undefined,
        defaultMessage: (args) => slugListProblem(args?.value, min, max) ?? '',
      },
    }),
  );
}

/**
 * Free text to search for: one or more words of letters and digits, `minLength` to `maxLength`
 * characters. How words match is the service's (docs/api.md#search).
 */
export function SearchText(
  maxLength: number,
  options: InputOptions,
  minLength = 1,
): PropertyDecorator {
  const schema = { type: 'string', minLength, maxLength, description: options.description };
  const problem = (value: unknown) => searchTextProblem(value, maxLength, minLength);
  return applyDecorators(
    ...describe(schema, schema, options),
    ValidateBy({
      name: 'isSearchText',
      constraints: [maxLength],
      validator: {
        validate: (value) => problem(value) === undefined,
        defaultMessage: (args) => problem(args?.value) ?? '',
      },
    }),
  );
}

/** A whole number: a JSON integer, or in a query its digits (no sign, no leading zero). */
export function QueryInt(min: number, max: number, options: InputOptions): PropertyDecorator {
  const schema = { type: 'integer', minimum: min, maximum: max, description: options.description };
  const problem = `a whole number from ${min} to ${max}`;
  return applyDecorators(
    ...describe(schema, schema, options),
    Transform(
      ({ value }) =>
        typeof value === 'string' && /^[1-9][0-9]{0,8}$/.test(value) ? Number(value) : value,
      {
        groups: [QUERY_FORM],
      },
    ),
    ValidateBy({
      name: 'isIntInRange',
      constraints: [min, max],
      validator: {
        validate: (value) => Number.isInteger(value) && value >= min && value <= max,
        defaultMessage: () => problem,
      },
    }),
  );
}

/**
 * A page cursor the service gave: opaque URL-safe base64 text, at most `maxLength` characters.
 * What it points at is the service's to judge (the dataset version, the query it belongs to).
 */
export function Cursor(maxLength: number, options: InputOptions): PropertyDecorator {
  const schema = {
    type: 'string',
    pattern: '^[A-Za-z0-9_-]+$',
    maxLength,
    description: options.description,
  };
  return applyDecorators(
    ...describe(schema, schema, options),
    ValidateBy({
      name: 'isCursor',
      validator: {
        validate: (value) =>
          typeof value === 'string' && value.length <= maxLength && /^[A-Za-z0-9_-]+$/.test(value),
        defaultMessage: () => 'not a cursor this service gave: take the next link of a page',
      },
    }),
  );
}

/** A day, `YYYY-MM-DD`; one that does not exist (2026-13-01, 2026-02-30) is refused too. */
export function QueryDate(options: InputOptions): PropertyDecorator {
  const schema = {
    type: 'string',
    format: 'date',
    maxLength: 10,
    description: options.description,
  };
  return applyDecorators(
    ...describe(schema, schema, options),
    ValidateBy({
      name: 'isCalendarDate',
      validator: {
        validate: (value) => dateSchema.safeParse(value).success,
        defaultMessage: () => 'a date written YYYY-MM-DD that exists, e.g. 2026-03-01',
      },
    }),
  );
}
