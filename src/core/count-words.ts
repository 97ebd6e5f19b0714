/**
 * How every sentence the service writes counts things: a word up to nine ("no" for none), figures
 * from ten on (1,250), and the noun in the plural unless there is exactly one.
 */

const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const FIGURES = new Intl.NumberFormat('en');

/** "no", "two", "12", "1,250". */
export const numberInWords = (n: number): string => WORDS[n] ?? FIGURES.format(n);

/** "no courses", "one course", "two more answers", "12 price bands". */
export const counted = (n: number, singular: string, plural = `${singular}s`): string =>
  `${numberInWords(n)} ${n === 1 ? singular : plural}`;
