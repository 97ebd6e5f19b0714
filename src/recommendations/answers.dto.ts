import {
  type BudgetBand,
  budgetBandSchema,
  type Freshness,
  freshnessSchema,
  type LearningStyle,
  learningStyleSchema,
  type Level,
  levelSchema,
  type OperatingModel,
  operatingModelSchema,
  QUESTIONS,
  type Topic,
  topicSchema,
} from '../catalog/vocabulary';
import { QueryEnum } from '../core/validation/input-decorators';
import { ReportedAs } from '../core/validation/input-metadata';

/** Each answer's vocabulary: the values and labels its question offers (`QUESTIONS`). */
const VOCABULARY_OF = {
  experience: levelSchema,
  objective: topicSchema,
  learning_style: learningStyleSchema,
  freshness: freshnessSchema,
  budget: budgetBandSchema,
  operating_model: operatingModelSchema,
};

/** One of the six finder answers: its question, values and labels, from the vocabulary. */
function Answer(name: keyof typeof QUESTIONS): PropertyDecorator {
  return QueryEnum(VOCABULARY_OF[name], { description: QUESTIONS[name].question, required: true });
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
