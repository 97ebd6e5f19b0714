/**
 * How every sentence the service writes counts and lists things: in running text a word up to nine
 * ("no" for none), figures from ten on (1,250); beside a link or in a heading, figures ("5
 * courses"); the noun in the plural unless there is exactly one; a list as a person writes it
 * ("a, b and c"), with no comma before the last.
 */

const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const FIGURES = new Intl.NumberFormat('en');
const LISTS = {
  and: new Intl.ListFormat('en-GB', { type: 'conjunction' }),
  or: new Intl.ListFormat('en-GB', { type: 'disjunction' }),
};

/** "no", "two", "12", "1,250". */
export const numberInWords = (n: number): string => WORDS[n] ?? FIGURES.format(n);

/** The noun for `n` of it: "course", "courses". */
const noun = (n: number, singular: string, plural = `${singular}s`) =>
  n === 1 ? singular : plural;

/** In running text: "no courses", "one course", "two more answers", "12 price bands". */
export const counted = (n: number, singular: string, plural?: string): string =>
  `${numberInWords(n)} ${noun(n, singular, plural)}`;

/** In figures: "0 courses", "1 course", "1,250 entries". */
export const inFigures = (n: number, singular: string, plural?: string): string =>
  `${FIGURES.format(n)} ${noun(n, singular, plural)}`;

/**
 * What comes before the item at `at` of `count` items in a list that is not plain text (links on a
 * page): "", ", ", " and " (or " or "), as `listed` writes them.
 */
export const listSeparator = (at: number, count: number, joiner: keyof typeof LISTS = 'and') =>
  at === 0 ? '' : at === count - 1 ? ` ${joiner} ` : ', ';

/** "a", "a and b", "a, b and c"; with `or`, "a, b or c". */
export const listed = (items: readonly string[], joiner: keyof typeof LISTS = 'and'): string =>
  LISTS[joiner].format(items);
