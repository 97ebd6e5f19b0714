import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { z } from 'zod';
import * as vocabularySchemas from '../../src/catalog/vocabulary.schema';

/** ajv (draft 2020-12) validators made from the service's single zod definitions. */
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const cache = new Map<z.ZodType, ValidateFunction>();

export function jsonSchemaOf(schema: z.ZodType): object {
  return z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' });
}

/** Throws with ajv's messages when `body` does not validate against `schema`. */
export function expectValid(schema: z.ZodType, body: unknown): void {
  let validate = cache.get(schema);
  if (!validate) {
    validate = ajv.compile(jsonSchemaOf(schema));
    cache.set(schema, validate);
  }
  if (!validate(body)) {
    throw new Error(
      `Body does not match its schema:\n${ajv.errorsText(validate.errors, { separator: '\n' })}`,
    );
  }
}

/**
 * Every named vocabulary `src/catalog/vocabulary.schema.ts` exports, with its component id and
 * values: read from the module, so a vocabulary added there is checked everywhere this is used.
 */
export const VOCABULARIES = (Object.values(vocabularySchemas) as unknown[])
  .filter((value): value is z.ZodEnum => value instanceof z.ZodEnum)
  .map((schema) => ({
    schema,
    id: z.globalRegistry.get(schema)!.id!,
    values: schema.options as string[],
  }));
