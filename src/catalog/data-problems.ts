import type { z } from 'zod';

/**
 * A problem of a data file in the words of the people who edit it (docs/editing-data.md): what the
 * field must hold and what it holds, never the validation library's terms ("expected array,
 * received undefined"). `found` is the value at the issue's path, undefined when absent.
 */
export function inEditorsWords(issue: z.core.$ZodIssue, found: unknown): string {
  // A message of the schemas' own (a rule's, a pattern's) is worded for editors already.
  if (!LIBRARY_MESSAGE.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return found === undefined
        ? 'missing: add it'
        : `must be ${kind(issue.expected)}, not ${shown(found)}`;
    case 'invalid_union': {
      const kinds = issue.errors.flatMap((errors) =>
        errors.length === 1 && errors[0].code === 'invalid_type' ? [kind(errors[0].expected)] : [],
      );
      if (kinds.length < issue.errors.length)
        return `is none of the forms it may take, ${shown(found)}`;
      return `must be ${kinds.join(' or ')}, not ${shown(found)}`;
    }
    case 'invalid_value':
      return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}, not ${shown(found)}`;
    case 'too_small':
    case 'too_big':
      return bound(issue, found);
    case 'invalid_format':
      if (issue.format === 'url')
        return `must be a full web address (https://…), not ${shown(found)}`;
      if (issue.format === 'date') return `must be a date written YYYY-MM-DD, not ${shown(found)}`;
      if (issue.format === 'regex' && 'pattern' in issue) {
        return `must be written to the pattern ${String(issue.pattern)}, not ${shown(found)}`;
      }
      return `must be written as a ${issue.format} is, not ${shown(found)}`;
    case 'unrecognized_keys': {
      const names = issue.keys.map((key) => `"${key}"`).join(', ');
      return `${issue.keys.length === 1 ? 'has a field' : 'has fields'} it does not take: ${names} (check the spelling; data/schemas/ lists every field)`;
    }
    default:
      // `custom`: the schemas' own rules, worded for editors already.
      return issue.message;
  }
}

/** How zod's own messages begin (zod 4's English locale). */
const LIBRARY_MESSAGE = /^(Invalid|Too (small|big)|Unrecognized)/;

const KINDS: Record<string, string> = {
  string: 'text in quotes',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list [ … ]',
  object: 'an object { … }',
  null: 'null',
};

function kind(expected: string): string {
  return KINDS[expected] ?? expected;
}

/** A value as an editor sees it in the file: short, in JSON. */
function shown(value: unknown): string {
  if (value === undefined) return 'missing';
  if (Array.isArray(value)) return 'a list';
  if (value !== null && typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

function bound(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig, found: unknown): string {
  const small = issue.code === 'too_small';
  const limit = Number(small ? issue.minimum : issue.maximum);
  const strict = issue.inclusive === false;
  switch (issue.origin) {
    case 'string':
      if (small && limit === 1) return 'must not be empty';
      return `must be ${small ? 'at least' : 'at most'} ${limit} characters long`;
    case 'array':
      return `must list ${small ? 'at least' : 'at most'} ${limit} ${limit === 1 ? 'item' : 'items'}`;
    default:
      return `must be ${small ? (strict ? 'more than' : 'at least') : strict ? 'less than' : 'at most'} ${limit}, not ${shown(found)}`;
  }
}
