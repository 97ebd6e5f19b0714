/**
 * What a client generator made of the document, read from the TypeScript it wrote: the declaration
 * of a named type, and where a vocabulary's values are written out.
 */

/** The text of `export type Name = …;` (hey-api) up to the next top-level declaration. */
export function declarationOf(source: string, name: string): string | undefined {
  const start = source.search(new RegExp(`^export type ${name} = `, 'm'));
  if (start < 0) return undefined;
  const rest = source.slice(start + 1);
  const end = rest.search(/^(export |\/\*\*)/m);
  return source.slice(start, end < 0 ? undefined : start + 1 + end);
}

/** The text of `Name: …;` inside openapi-typescript's `components.schemas`. */
export function componentOf(source: string, name: string): string | undefined {
  const schemas = source.slice(source.indexOf('    schemas: {'));
  const start = schemas.search(new RegExp(`^ {8}${name}: `, 'm'));
  if (start < 0) return undefined;
  const rest = schemas.slice(start + 1);
  const end = rest.search(/^ {8}(\/\*\*|[A-Za-z]+: )|^ {4}\}/m);
  return schemas.slice(start, end < 0 ? undefined : start + 1 + end);
}

/** How many times the values of a vocabulary are written out as a union of literals. */
export function unionsOf(source: string, values: readonly string[], quote: string): number {
  const union = values.map((value) => `${quote}${value}${quote}`).join(' | ');
  return source.split(union).length - 1;
}

/** The code of a declaration without its doc comments (which may well say "unknown"). */
export function withoutComments(text: string): string {
  return text.replace(/\/\*\*[\s\S]*?\*\//g, '');
}

/** An untyped value or an index signature, in the code of a declaration. */
export const UNTYPED = /\bunknown\b|\bany\b|\[key: string\]/;

/** Every error body the document names, and the shapes inside them: all must be fully typed. */
export const ERROR_TYPES = [
  'InvalidParametersError',
  'InvalidAnswersError',
  'UnknownCoursesError',
  'RateLimitedError',
  'MethodNotAllowedError',
  'BadRequestError',
  'InternalError',
  'ParameterProblem',
  'AnswerProblem',
  'AnswerOptions',
  'EchoedValue',
];
