/** What the engine (engine.ts) found of each course, which explain.ts puts into words. */

export type LevelFit = 'exact' | 'adjacent' | 'gap' | 'unstated';
export type StyleFit = 'offered' | 'community' | 'missing' | 'not_weighted';
export type BudgetFit = 'fits' | 'below' | 'over' | 'not_published' | 'cost_unknown';

/** The facts behind one course's match, kept so reasons and warnings say what the score used. */
export interface Assessment {
  readonly match: number;
  readonly coverage: number;
  readonly level: LevelFit;
  readonly style: StyleFit;
  readonly cadenceFit: number;
  readonly budget: BudgetFit;
  /**
   * A course over the budget: its first-year cost, the top of the budget band answered (US dollars)
   * and how far above it the cost is, in doublings (scoring.ts); null otherwise.
   */
  readonly over: { readonly cost: number; readonly top: number; readonly doublings: number } | null;
  readonly modelFits: boolean;
}
