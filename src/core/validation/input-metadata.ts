import { getMetadataStorage, IS_IN } from 'class-validator';

/**
 * What an input class says about itself, read back from the validator's own metadata: the names it
 * accepts, each one's closed set of values, and which 422 code its problems are reported under.
 * Nothing here keeps a second list of names or values.
 */

/** A class describing an operation's input with the composite decorators of input-decorators.ts. */
export type InputClass = new () => object;

/** Where an input comes from: a query string (text values) or JSON (MCP tool arguments). */
export type InputSource = 'query' | 'json';

/** Context an `isIn` rule carries when its query form is text (`true`, `1`, … for booleans). */
export interface QueryForms {
  queryForms: readonly string[];
}

/** Context a list rule carries when its items are of a closed set (`level=beginner,advanced`). */
export interface AllowedItems {
  allowedItems: readonly string[];
}

function rulesOf(input: InputClass) {
  return getMetadataStorage().getTargetValidationMetadatas(input, '', true, false);
}

/** The input's names, in the order the class declares them. */
export function acceptedNames(input: InputClass): string[] {
  return [...new Set(rulesOf(input).map((rule) => rule.propertyName))];
}

/**
 * The closed set of values a name takes, as a client writes it: the `isIn` rule's values, or for a
 * query the text forms the rule's context lists; for a list, the values its items take. Undefined
 * when the name has no closed set of strings (a JSON boolean, a list of slugs).
 */
export function allowedValues(
  input: InputClass,
  name: string,
  source: InputSource,
): readonly string[] | undefined {
  const rules = rulesOf(input).filter((r) => r.propertyName === name);
  const items = rules.find((r) => r.name === LIST_RULE)?.context as AllowedItems | undefined;
  if (items?.allowedItems) return items.allowedItems;
  const rule = rules.find((r) => r.name === IS_IN);
  if (!rule) return undefined;
  const forms = (rule.context as Partial<QueryForms> | undefined)?.queryForms;
  if (source === 'query' && forms) return forms;
  const values = rule.constraints[0] as unknown[];
  return values.every((value) => typeof value === 'string') ? (values as string[]) : undefined;
}

/** The rule name of a list input (`SlugList`, `QueryEnumList`): one comma-separated value in a query. */
export const LIST_RULE = 'isList';

/** Whether a name takes a list, written in a query as one comma-separated value. */
export function takesList(input: InputClass, name: string): boolean {
  return rulesOf(input).some((rule) => rule.propertyName === name && rule.name === LIST_RULE);
}

export type InputErrorCode = 'invalid_parameters' | 'invalid_answers';

const REPORTED_AS = Symbol('reported-as');

/** `@ReportedAs('invalid_answers')`: the 422 code of an input class, if not `invalid_parameters`. */
export function ReportedAs(code: InputErrorCode): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(REPORTED_AS, code, target);
  };
}

export function reportedAs(input: InputClass): InputErrorCode {
  return (
    (Reflect.getMetadata(REPORTED_AS, input) as InputErrorCode | undefined) ?? 'invalid_parameters'
  );
}
