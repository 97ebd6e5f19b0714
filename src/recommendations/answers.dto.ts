import {
  ANSWER_NAMES,
  type BudgetBand,
  type Freshness,
  type LearningStyle,
  type Level,
  type OperatingModel,
  QUESTIONS,
  type Topic,
} from '../catalog/vocabulary';
import { ANSWER_VOCABULARIES } from '../catalog/vocabulary.schema';
import { QueryEnum } from '../core/validation/input-decorators';
import { ReportedAs } from '../core/validation/input-metadata';

/** One of the six finder answers: its question, values and labels, from the vocabulary. */
function Answer(name: keyof typeof QUESTIONS): PropertyDecorator {
  return QueryEnum(ANSWER_VOCABULARIES[name], {
    description: QUESTIONS[name].question,
    required: true,
  });
}

/**
 * The six Course Finder answers: the query of `recommendCourses` and the arguments of
 * `recommend_courses`. All required; problems are `invalid_answers`.
 */
@ReportedAs('invalid_answers')
export class AnswersInput {
  @Answer('experience') experience!: Level;
  @Answer('objective') objective!: Topic;
  @Answer('learning_style') learning_style!: LearningStyle;
  @Answer('freshness') freshness!: Freshness;
  @Answer('budget') budget!: BudgetBand;
  @Answer('operating_model') operating_model!: OperatingModel;
}

/** The six answers as plain data (what the engine reads and a recommendation echoes). */
export type Answers = Pick<AnswersInput, keyof AnswersInput>;

/** The answers in the questions' order, whatever order they came in. */
export function inQuestionOrder(answers: Answers): Answers {
  return Object.fromEntries(ANSWER_NAMES.map((name) => [name, answers[name]])) as Answers;
}

/** Each answer's label, as the questions show it, in the questions' order. */
export function answerLabels(answers: Answers): Record<keyof Answers, string> {
  return Object.fromEntries(
    ANSWER_NAMES.map((name) => [
      name,
      (QUESTIONS[name].values as Record<string, string>)[answers[name]],
    ]),
  ) as Record<keyof Answers, string>;
}
