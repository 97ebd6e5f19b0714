import { acceptedNames, type InputClass } from '../core/validation/input-metadata';
import { describeProblem, type InputProblem } from '../core/validation/input-problems';

/** The site's forms are the API's queries: their problems, in words for people, by field. */
export interface FormProblems {
  byName: Record<string, string[]>;
  other: string[];
}

export const NO_PROBLEMS: FormProblems = { byName: {}, other: [] };

/** A form's "any" choice arrives as an empty value: for a page it means "not given". */
export function formQuery(raw: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== ''));
}

function problemText(p: InputProblem, accepted: readonly string[]): string {
  switch (p.kind) {
    case 'missing':
      return 'Please choose an answer.';
    case 'repeated':
      return 'Given more than once; choose one.';
    case 'not_allowed':
      return `“${String(p.value)}” is not one of the choices.`;
    case 'unknown':
      return `The address has “${p.name}”, which this form does not use.`;
    default:
      return `“${p.name}”: ${describeProblem(p, accepted).problem}.`;
  }
}

/** An input's problems under the form's own fields; names the form does not have go to `other`. */
export function formProblems(input: InputClass, problems: readonly InputProblem[]): FormProblems {
  const fields = acceptedNames(input);
  const result: FormProblems = { byName: {}, other: [] };
  for (const p of problems) {
    if (fields.includes(p.name)) (result.byName[p.name] ??= []).push(problemText(p, fields));
    else result.other.push(problemText(p, fields));
  }
  return result;
}
