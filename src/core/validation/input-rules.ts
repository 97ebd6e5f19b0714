import { searchWords } from '../search-words';
import { isSlug, SLUG_MAX_LENGTH } from '../slug';

/**
 * What is wrong with an input's value, in words for the 422's `problem` (docs/api.md#query-parameters):
 * the rules of the composite decorators that check more than membership of a set.
 */

/** A list's items, quoted for a problem's text. */
const quoted = (items: readonly string[]) =>
  [...new Set(items)].map((item) => JSON.stringify(item.slice(0, SLUG_MAX_LENGTH))).join(', ');

/** What is wrong with a list of a vocabulary's values, every item named; undefined when fine. */
export function valueListProblem(list: unknown, values: readonly string[]): string | undefined {
  if (!Array.isArray(list) || list.length === 0 || !list.every((i) => typeof i === 'string')) {
    return 'must be one or more of the allowed values';
  }
  const unknown = list.filter((item) => item !== '' && !values.includes(item));
  const repeated = list.filter((item, i) => item !== '' && list.indexOf(item) !== i);
  const problems = [
    ...(list.includes('') ? ['an item of the list is empty'] : []),
    ...(unknown.length > 0 ? [`not an allowed value: ${quoted(unknown)}`] : []),
    ...(repeated.length > 0 ? [`given more than once: ${quoted(repeated)}`] : []),
  ];
  return problems.length > 0 ? problems.join('; ') : undefined;
}

/**
 * What is wrong with a list of slugs, every problem at once (docs/api.md#query-parameters) in the
 * order a reader would fix them; undefined when fine.
 */
export function slugListProblem(list: unknown, min: number, max: number): string | undefined {
  if (!Array.isArray(list) || !list.every((slug) => typeof slug === 'string')) {
    return `must be a list of ${min} to ${max} course slugs`;
  }
  const malformed = list.filter((slug) => slug !== '' && !isSlug(slug));
  const repeated = list.filter((slug, at) => slug !== '' && list.indexOf(slug) !== at);
  const problems = [
    (list.length < min || list.length > max) &&
      `give ${min} to ${max} course slugs (got ${list.length})`,
    list.includes('') && 'an item of the list is empty',
    malformed.length > 0 &&
      `not a course slug (lowercase letters, digits and single hyphens): ${quoted(malformed)}`,
    repeated.length > 0 && `a slug is repeated: ${quoted(repeated)}`,
  ].filter((problem) => typeof problem === 'string');
  return problems.length > 0 ? problems.join('; ') : undefined;
}

/** What is wrong with a search text, in the order a reader would fix it; undefined when fine. */
export function searchTextProblem(
  text: unknown,
  maxLength: number,
  minLength = 1,
): string | undefined {
  if (typeof text !== 'string') return 'must be text';
  if (text.length > maxLength) return `at most ${maxLength} characters (got ${text.length})`;
  if (searchWords(text).length === 0) return 'give at least one word (letters or digits)';
  if (text.length < minLength) return `at least ${minLength} characters (got ${text.length})`;
  return undefined;
}
