import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Values a zod schema accepts, generated: for the kinds the data files' schemas use (objects,
 * lists, records, enums, literals, nullable and optional members, numbers within their bounds,
 * strings by their format or pattern). Every value generated is checked by the schema itself, so
 * what a test receives is valid by the one definition the service validates with.
 */

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  values?: unknown[];
  in?: z.ZodType;
  checks?: { _zod: { def: { check: string; pattern?: RegExp } } }[];
};

const DAY_MS = 24 * 60 * 60 * 1000;
const WORD = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'),
  minLength: 1,
  maxLength: 10,
});
/** An http(s) URL: fast-check's `webUrl` takes seconds to build its first one. */
const URL = fc
  .record({
    scheme: fc.constantFrom('https', 'http'),
    host: fc.array(WORD, { minLength: 1, maxLength: 3 }),
    tld: fc.constantFrom('com', 'org', 'example.com', 'co.uk'),
    path: fc.array(WORD, { maxLength: 3 }),
    query: fc.option(fc.tuple(WORD, WORD), { nil: undefined }),
  })
  .map(
    ({ scheme, host, tld, path, query }) =>
      `${scheme}://${host.join('.')}.${tld}/${path.join('/')}${query ? `?${query[0]}=${query[1]}` : ''}`,
  );
const FIRST_DAY = Date.UTC(2020, 0, 1);

function stringOf(schema: z.ZodString): fc.Arbitrary<string> {
  const pattern = (schema._zod.def as Def).checks?.find((check) => check._zod.def.pattern)?._zod.def
    .pattern;
  const maxLength = schema.maxLength ?? 40;
  switch (schema.format) {
    case 'url':
      return URL;
    case 'date':
      return fc
        .integer({ min: 0, max: 3650 })
        .map((days) => new Date(FIRST_DAY + days * DAY_MS).toISOString().slice(0, 10));
    default:
      return pattern
        ? fc.stringMatching(pattern).filter((text) => text.length <= maxLength)
        : fc.string({ minLength: schema.minLength ?? 0, maxLength });
  }
}

function numberOf(schema: z.ZodNumber): fc.Arbitrary<number> {
  const min = schema.minValue ?? -1e6;
  const max = schema.maxValue ?? 1e6;
  return schema.isInt
    ? fc.integer({ min: Math.max(min, -1e6), max: Math.min(max, 1e6) })
    : fc.double({ min, max: Math.min(max, 1e6), noNaN: true, noDefaultInfinity: true });
}

function unchecked(schema: z.ZodType): fc.Arbitrary<unknown> {
  const def = schema._zod.def as Def;
  switch (def.type) {
    case 'string':
      return stringOf(schema as z.ZodString);
    case 'number':
      return numberOf(schema as z.ZodNumber);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...(schema as z.ZodEnum).options);
    case 'literal':
      return fc.constantFrom(...def.values!);
    case 'nullable':
      return fc.option(arbitraryOf(def.innerType!), { nil: null });
    case 'optional':
      return fc.option(arbitraryOf(def.innerType!), { nil: undefined });
    case 'array':
      return fc.array(arbitraryOf(def.element!), { maxLength: 4 });
    case 'record':
      return fc.dictionary(
        arbitraryOf(def.keyType!) as fc.Arbitrary<string>,
        arbitraryOf(def.valueType!),
        { maxKeys: 4 },
      );
    case 'object': {
      const shape = def.shape!;
      const required = Object.keys(shape).filter(
        (key) => (shape[key]._zod.def as Def).type !== 'optional',
      );
      const members = Object.fromEntries(
        Object.entries(shape).map(([key, member]) => [key, arbitraryOf(member)]),
      );
      return fc.record(members, { requiredKeys: required });
    }
    case 'pipe':
      return arbitraryOf(def.in!);
    default:
      throw new Error(`arbitraryOf: no generator for a zod ${def.type}`);
  }
}

/** Values `schema` accepts. */
export function arbitraryOf(schema: z.ZodType): fc.Arbitrary<unknown> {
  return unchecked(schema).filter((value) => schema.safeParse(value).success);
}
