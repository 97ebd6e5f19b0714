import fc from 'fast-check';
import { counted, inFigures, listed, listSeparator, numberInWords } from './words';

/** How sentences count and list things (src/core/words.ts). */

it('counts in words up to nine and in figures from ten, the noun plural unless one', () => {
  expect([0, 1, 2, 9, 10, 1250].map(numberInWords)).toEqual([
    'no',
    'one',
    'two',
    'nine',
    '10',
    '1,250',
  ]);
  expect(counted(1, 'course')).toBe('one course');
  expect(counted(3, 'entry', 'entries')).toBe('three entries');
  expect(inFigures(0, 'course')).toBe('0 courses');
  expect(inFigures(1, 'course')).toBe('1 course');
  expect(inFigures(1250, 'entry', 'entries')).toBe('1,250 entries');
});

it('lists as a person writes, with no comma before the last', () => {
  expect(listed([])).toBe('');
  expect(listed(['a'])).toBe('a');
  expect(listed(['a', 'b'])).toBe('a and b');
  expect(listed(['a', 'b', 'c'], 'or')).toBe('a, b or c');
});

it('separates the items of a list of links as listed() writes the list', () => {
  const items = fc.array(fc.stringMatching(/^[a-z]{1,6}$/), { maxLength: 6 });
  fc.assert(
    fc.property(items, fc.constantFrom('and' as const, 'or' as const), (words, joiner) => {
      const joined = words.map((w, i) => listSeparator(i, words.length, joiner) + w).join('');
      expect(joined).toBe(listed(words, joiner));
    }),
    { seed: 20261207, numRuns: 100 },
  );
});
