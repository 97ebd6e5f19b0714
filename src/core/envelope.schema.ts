import { z } from 'zod';

/** A calendar date, `YYYY-MM-DD`. */
export const dateSchema = z.iso.date();
/** An absolute http(s) URL. */
export const urlSchema = z.url({ protocol: /^https?$/ });

/** `meta`, the envelope and the error body: the shapes every response shares. */

export const metaSchema = z
  .strictObject({
    api_version: z.literal('v1'),
    canonical_url: urlSchema,
    methodology_url: urlSchema,
    openapi_url: urlSchema,
    citation: z.string(),
    last_verified_on: dateSchema.nullable(),
    scoring_weights_updated_on: dateSchema.nullable(),
    contains_placeholder_data: z.boolean(),
    policies: z.record(z.string(), z.string()),
    count: z.int().min(0).optional(),
  })
  .meta({ id: 'Meta' });
export type Meta = z.infer<typeof metaSchema>;

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.strictObject({ data, meta: metaSchema });
}
export type Envelope<T> = { data: T; meta: Meta };

export const errorBodySchema = z
  .strictObject({
    error: z.strictObject({
      code: z.string(),
      message: z.string(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;
