import { DomainError } from '../core/domain-error';
import { acceptedNames, type InputClass } from '../core/validation/input-metadata';
import { describeProblem, echo, type InputProblem } from '../core/validation/input-problems';

/** The site's forms are the API's queries: their problems, in words for people, by field. */
export interface FormProblems {
  byName: Record<string, string[]>;
  other: string[];
}

export const NO_PROBLEMS: FormProblems = { byName: {}, other: [] };

/**
 * Parameters that take a comma list, as the API's do (`courses`, and the list's filters of several
 * values); the page's script names the same (templates/site.js).
 */
export const LISTS = new Set(['courses', 'level', 'specialty', 'price_band']);

/** A query value as the API writes it: percent-encoded, but for the commas of a list. */
const encoded = (text: string) => encodeURIComponent(text).replaceAll('%2C', ',');

/**
 * The one way to write a form's address, the API's (docs/website.md#one-way-to-write-a-request):
 * no empty field, and a list as one comma list (`level=a,b`, never `level=a&level=b` as a form of
 * boxes sends it). The
 * address (a path) to send a request to, or undefined when it is written that way already. A name
 * that is not a list, given twice, stays twice: the page says so.
 */
export function cleanAddress(url: string): string | undefined {
  const at = url.indexOf('?');
  if (at < 0) return undefined;
  const given = [...new URLSearchParams(url.slice(at + 1))];
  const kept: [string, string][] = [];
  for (const [name, value] of given) {
    const list = LISTS.has(name) ? kept.find(([other]) => other === name) : undefined;
    if (value === '') continue;
    if (list) list[1] += `,${value}`;
    else kept.push([name, value]);
  }
  if (kept.length === given.length) return undefined;
  const query = kept.map(([name, value]) => `${encoded(name)}=${encoded(value)}`).join('&');
  return query ? `${url.slice(0, at)}?${query}` : url.slice(0, at);
}

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
    // What was sent is shown as the API echoes it: cut at its length (docs/api.md).
    case 'not_allowed':
      return `“${String(echo(p.value))}” is not one of the choices.`;
    case 'unknown':
      return `The address has “${String(echo(p.name))}”, which this form does not use.`;
    default: {
      // Shown under its field, which names it: what is wrong, as the API says it.
      const { problem } = describeProblem(p, accepted);
      return `${problem.charAt(0).toUpperCase()}${problem.slice(1)}.`;
    }
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

/**
 * The page a form's query asks for; a page link from an earlier version of the data (a cursor the
 * data has outgrown) gives the first page again rather than an error.
 */
export function pageOrFirst<Q extends { cursor?: string }, R>(query: Q, page: (query: Q) => R): R {
  try {
    return page(query);
  } catch (error) {
    if (!(error instanceof DomainError) || query.cursor === undefined) throw error;
    return page({ ...query, cursor: undefined });
  }
}
