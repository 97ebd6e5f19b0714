import type { Request } from 'express';
import { QUESTIONS } from '../catalog/vocabulary';
import type { InputValidationPipe } from '../core/validation/input-validation.pipe';
import { AnswersInput, type Answers } from '../recommendations/answers.dto';
import { type FormProblems, formProblems, formQuery, NO_PROBLEMS } from './forms';

/**
 * The six answers as a page's form: the finder's and a course page's. A page whose address has a
 * query is taken to hold answers, whatever its parameters: no cache keeps it, the log leaves its
 * query out, and it is not indexed (docs/privacy.md#caches).
 */

/** The route policy's test, `@NoStore({ holdsAnswers })`: any query parameter at all. */
export const holdsAnswers = (request: Request) => Object.keys(request.query).length > 0;

/**
 * What a question means beside its words, which are the contract's: the budget bands are counted on
 * the first year's cost (docs/methodology.md#over-budget-by-how-much).
 */
export const QUESTION_HINTS: Partial<Record<keyof typeof QUESTIONS, string>> = {
  budget:
    "The first year's cost, in US dollars: a subscription counts for twelve months. A course above your budget loses more the further above it is.",
};

export interface AnswersForm {
  questions: typeof QUESTIONS;
  hints: typeof QUESTION_HINTS;
  /** What the address gave, to check the form's choices again. */
  values: Record<string, unknown>;
  problems: FormProblems;
  /** The six answers, when the address gave them all, each allowed. */
  answers: Answers | null;
}

/** The form for an address's query: its answers when valid, else its problems (none untouched). */
export async function answersForm(
  inputs: InputValidationPipe,
  raw: Record<string, unknown>,
): Promise<AnswersForm> {
  const values = formQuery(raw);
  const form = {
    questions: QUESTIONS,
    hints: QUESTION_HINTS,
    values,
    problems: NO_PROBLEMS,
    answers: null,
  };
  // An untouched form is a question, not a mistake: problems are shown once something is answered.
  if (Object.keys(values).length === 0) return form;
  const checked = await inputs.check(AnswersInput, values);
  return checked.ok
    ? { ...form, answers: checked.value }
    : { ...form, problems: formProblems(AnswersInput, checked.problems) };
}
