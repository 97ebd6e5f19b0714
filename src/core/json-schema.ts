import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** What only describes a value: a validator reads none of it. */
const ANNOTATIONS = ['title', 'description', 'examples', 'x-enum-descriptions'];

/**
 * zod's own JSON Schema of a schema (draft 2020-12, the dialect of OpenAPI 3.1 and of MCP), its
 * named parts (`.meta({ id })`) under `$defs`. zod bounds every integer to ±(2^53 − 1),
 * JavaScript's safe range; that is no bound of the API (and viewers show it as an example value),
 * so only the bounds the schemas state are kept. `lean` also leaves out what only describes (the
 * MCP tools' output schemas: the OpenAPI document describes the same shapes), so the lean and the
 * full schema accept and refuse the same values.
 */
export function jsonSchemaOf(
  schema: z.ZodType,
  { io, lean = false }: { io: 'input' | 'output'; lean?: boolean },
): JsonSchema {
  return z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    override: ({ jsonSchema }) => {
      if (jsonSchema.type === 'integer') {
        if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
        if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      }
      if (lean) for (const key of ANNOTATIONS) delete (jsonSchema as JsonSchema)[key];
    },
  }) as JsonSchema;
}
