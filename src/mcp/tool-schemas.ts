import type { StandardSchemaV1 } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { jsonSchemaOf } from '../core/json-schema';
import { inputJsonSchema } from '../core/validation/input-description';
import type { InputClass } from '../core/validation/input-metadata';

/**
 * How a tool's input and output are advertised to `@rekog/mcp-nest`, which takes a Standard Schema
 * with a JSON Schema converter. Inputs come from the input classes the REST controllers validate
 * with; outputs from the zod shapes of the REST response bodies.
 */

type JsonSchema = Record<string, unknown>;

type AdvertisedSchema = StandardSchemaV1 & {
  '~standard': { jsonSchema: { input: () => JsonSchema; output: () => JsonSchema } };
};

function advertised(json: JsonSchema, validate: StandardSchemaV1['~standard']['validate']) {
  return {
    '~standard': {
      version: 1,
      vendor: 'course-finder',
      validate,
      jsonSchema: { input: () => json, output: () => json },
    },
  } as AdvertisedSchema;
}

/**
 * A tool input as advertised (names, types, enums, `required`). The library's own validation is
 * a pass-through: the tool's `InputValidationPipe` validates the same class, so a bad input gets
 * the REST error body rather than the library's "Invalid parameters" text. `tool` states what the
 * tool does differently from the REST operation, property by property (a default).
 */
export function advertisedInput(
  input: InputClass,
  tool: Record<string, JsonSchema> = {},
): AdvertisedSchema {
  const json = inputJsonSchema(input) as { properties: Record<string, JsonSchema> };
  const properties = Object.fromEntries(
    Object.entries(json.properties).map(([name, schema]) => [name, { ...schema, ...tool[name] }]),
  );
  return advertised({ ...json, properties }, (value) => ({ value }));
}

/** MCP requires `type: "object"` at the root; zod emits a `$ref` when the root has an `id`. */
function inlineRoot(json: JsonSchema): JsonSchema {
  const { $ref, $defs, ...rest } = json as { $ref?: string; $defs?: Record<string, JsonSchema> };
  const id = $ref?.startsWith('#/$defs/') ? $ref.slice('#/$defs/'.length) : undefined;
  if (!id || !$defs?.[id]) return json;
  const { [id]: root, ...others } = $defs;
  return { ...rest, ...root, ...(Object.keys(others).length > 0 ? { $defs: others } : {}) };
}

/**
 * A tool output: the REST response schema, lean (what the OpenAPI document describes is not said
 * again in every tool list: docs/mcp.md#tools), validated by zod and advertised with an object root.
 */
export function advertisedOutput(schema: z.ZodObject): AdvertisedSchema {
  const json = inlineRoot(jsonSchemaOf(schema, { io: 'output', lean: true }));
  return advertised(json, schema['~standard'].validate);
}
