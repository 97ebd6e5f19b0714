import { DomainError } from '../domain-error';
import { acceptedNames, allowedValues, type InputClass, reportedAs } from './input-metadata';

/**
 * What can be wrong with one input of an operation (docs/api.md#query-parameters), as a typed kind:
 * code that needs to know what went wrong (the site's forms) reads the kind, never the English
 * text.
 */
export type ProblemKind = 'unknown' | 'repeated' | 'empty' | 'missing' | 'not_allowed' | 'invalid';

export interface InputProblem {
  kind: ProblemKind;
  name: string;
  /** The value as the client sent it (a query string's text, or the JSON value). */
  value: unknown;
  /** For `invalid`: what the rule says is wrong; for `repeated`, the form to write instead. */
  detail?: string;
  /** The closed set of values the input takes, when it has one. */
  allowed?: readonly string[];
}

/** An input's problems, as the contract's `details` list them (`parameters[]` or `problems[]`). */
export interface ParameterProblem {
  name: string;
  value: unknown;
  problem: string;
  allowed_values?: readonly string[];
}

const MAX_ECHO = 200;
/** Lists in lists are echoed two deep; deeper ones, whatever their depth, are null. */
const MAX_ECHO_DEPTH = 2;

/**
 * A value as it may be echoed back: long strings cut, at most 10 items a list, lists at most two
 * deep, nothing but JSON leaves.
 */
export function echo(value: unknown, depth = 1): unknown {
  if (typeof value === 'string') {
    return value.length > MAX_ECHO ? `${value.slice(0, MAX_ECHO)}…` : value;
  }
  if (Array.isArray(value)) {
    if (depth > MAX_ECHO_DEPTH) return null;
    return value.slice(0, 10).map((item) => echo(item, depth + 1));
  }
  if (typeof value === 'boolean' || typeof value === 'number') return value;
  return null;
}

function problemText(problem: InputProblem, accepted: readonly string[]): string {
  switch (problem.kind) {
    case 'unknown':
      return accepted.length === 0
        ? 'this operation takes no parameters'
        : `not a parameter of this operation (accepted: ${accepted.join(', ')})`;
    case 'repeated':
      return problem.detail ? `given more than once: ${problem.detail}` : 'given more than once';
    case 'empty':
      return 'empty';
    case 'missing':
      return 'missing';
    case 'not_allowed':
      return 'not an allowed value';
    case 'invalid':
      return problem.detail ?? 'not a valid value';
  }
}

/** One problem as the contract's details list it. */
export function describeProblem(
  problem: InputProblem,
  accepted: readonly string[],
): ParameterProblem {
  return {
    name: echo(problem.name) as string,
    value: echo(problem.value) ?? null,
    problem: problemText(problem, accepted),
    ...(problem.allowed ? { allowed_values: problem.allowed } : {}),
  };
}

/** What each kind of problem is, for the headline: the names follow it. */
const HEADLINES: Record<ProblemKind, string> = {
  unknown: 'Not a parameter of this operation',
  repeated: 'Given more than once',
  empty: 'Empty',
  missing: 'Missing',
  not_allowed: 'Not an allowed value',
  invalid: 'Not a valid value',
};

/**
 * The 422's message: what is wrong, each kind of problem with the names it concerns
 * ("Not a parameter of this operation: foo. Missing: budget."), in the order the kinds are listed.
 */
function headline(lead: string, problems: readonly InputProblem[], described: ParameterProblem[]) {
  const kinds = Object.keys(HEADLINES) as ProblemKind[];
  const sentences = kinds.flatMap((kind) => {
    const names = described.filter((_p, i) => problems[i].kind === kind).map((p) => p.name);
    return names.length > 0 ? [`${HEADLINES[kind]}: ${[...new Set(names)].join(', ')}.`] : [];
  });
  return [lead, ...sentences].join(' ');
}

/**
 * The 422 (docs/api.md#invalid_parameters-details) for an input class's problems: `invalid_answers`
 * with every answer's options for the finder's answers, `invalid_parameters` for everything else.
 * Every problem is named, and the message says what is wrong with each name.
 */
export function inputError(input: InputClass, problems: readonly InputProblem[]): DomainError {
  const accepted = acceptedNames(input);
  const described = problems.map((problem) => describeProblem(problem, accepted));
  if (reportedAs(input) === 'invalid_answers') {
    const lead = problems.some((p) => p.kind === 'missing')
      ? 'All six answers are required, each with an allowed value.'
      : 'Invalid answers.';
    return new DomainError('invalid_answers', headline(lead, problems, described), {
      answer_options: Object.fromEntries(
        accepted.map((name) => [name, allowedValues(input, name, 'query')]),
      ),
      problems: described.map(({ name, value, problem }) => ({ name, value, problem })),
    });
  }
  return new DomainError(
    'invalid_parameters',
    headline('Invalid parameters.', problems, described),
    {
      parameters: described,
    },
  );
}
