import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { IsDefined, ValidateIf } from 'class-validator';
import type { InputClass } from './input-metadata';

/**
 * What every input decorator (input-decorators.ts) records of a property: its OpenAPI property
 * (@nestjs/swagger), whether it is required, and the JSON Schema the MCP tools advertise, read back
 * for an input class by `inputJsonSchema`.
 */

/** class-transformer group of the conversions that apply to query strings only. */
export const QUERY_FORM = 'query';

export type JsonSchema = Record<string, unknown>;

export interface InputOptions {
  description: string;
  /** Required inputs are reported `missing` when absent; optional ones may be left out. */
  required?: boolean;
}

/** The JSON Schema of each input class's properties, in declaration order, for the MCP tools. */
const schemas = new WeakMap<InputClass, Map<string, { schema: JsonSchema; required: boolean }>>();

/** An input class's properties, those of the class it extends first (`FitQuery` of the answers). */
function propertiesOf(input: InputClass): [string, { schema: JsonSchema; required: boolean }][] {
  const parent = Object.getPrototypeOf(input) as InputClass | null;
  const inherited = parent && parent !== Function.prototype ? propertiesOf(parent) : [];
  return [...inherited, ...(schemas.get(input) ?? new Map()).entries()];
}

/** The JSON Schema of an input class: its properties, the required ones, and nothing else. */
export function inputJsonSchema(input: InputClass): JsonSchema {
  const properties = propertiesOf(input);
  const required = properties.filter(([, p]) => p.required).map(([name]) => name);
  return {
    type: 'object',
    properties: Object.fromEntries(properties.map(([name, p]) => [name, p.schema])),
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

export function describe(schema: JsonSchema, openapi: JsonSchema, options: InputOptions) {
  const required = options.required ?? false;
  const record: PropertyDecorator = (target, key) => {
    const input = target.constructor as InputClass;
    const byName = schemas.get(input) ?? new Map();
    byName.set(String(key), { schema, required });
    schemas.set(input, byName);
  };
  return [
    record,
    ApiProperty({ ...openapi, required } as ApiPropertyOptions),
    // Absent is `missing` for a required input; an optional one is checked only when given (null too).
    required ? IsDefined() : ValidateIf((_object, value) => value !== undefined),
  ];
}
