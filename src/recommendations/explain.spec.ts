import fc from 'fast-check';
import { TEXTS } from './explain';

/**
 * The over-budget warning's words are true of the cost
 * (docs/methodology.md#over-budget-by-how-much): the multiple of the budget's top it says is the
 * cost's, within what its words allow.
 */

const price = {
  display: null,
  amount: null,
  currency: 'USD' as const,
  type: 'annual' as const,
  first_year_cost_usd: null,
  budget_band: null,
  known: true,
};
const NUMBER_WORDS = ['', 'one', 'twice', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/** The multiple a warning says, and how far from it the cost may be: read from its words. */
function said(text: string): { low: number; high: number } | undefined {
  const m = /, (almost |more than )?(twice|\w+|[\d.]+)(?: times)? the \$[\d,]+ top/.exec(text);
  if (!m) return undefined;
  const n = NUMBER_WORDS.indexOf(m[2]) > 0 ? NUMBER_WORDS.indexOf(m[2]) : Number(m[2]);
  if (m[1] === 'almost ') return { low: n * 0.95, high: n };
  if (m[1] === 'more than ') return { low: n, high: n * 1.05 };
  // A whole multiple within a hundredth; a ratio to one decimal within half a tenth.
  return Number.isInteger(n) && !m[2].includes('.')
    ? { low: n * 0.99, high: n * 1.01 }
    : { low: n - 0.05, high: n + 0.05 };
}

it('says of a cost from twice the top on a multiple the cost is, within its words', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(100, 500),
      fc.double({ min: 1.9, max: 60, noNaN: true }),
      (top, ratio) => {
        const cost = top * ratio;
        const text = TEXTS.budgetOver(price, '100_500', { cost, top, doublings: Math.log2(ratio) });
        const range = said(text);
        expect({ text, read: range !== undefined }).toEqual({ text, read: true });
        // The cost as the warning rounds it to whole dollars.
        const shown = Math.round(cost) / top;
        expect({ text, ratio: shown >= range!.low - 0.01 && shown <= range!.high + 0.01 }).toEqual({
          text,
          ratio: true,
        });
      },
    ),
    { seed: 20261207, numRuns: 300 },
  );
});

it('says the issue’s example as a person would', () => {
  expect(
    TEXTS.budgetOver({ ...price, type: 'monthly' }, '100_500', {
      cost: 2388,
      top: 500,
      doublings: Math.log2(2388 / 500),
    }),
  ).toBe('Costs about $2,388 in the first year, almost five times the $500 top of your budget');
});
