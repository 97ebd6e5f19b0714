import type { CompleteRequestParams, CompleteResult } from '@modelcontextprotocol/server';
import type { CatalogService } from '../catalog/catalog.service';
import { ANSWER_NAMES, type AnswerName, QUESTIONS } from '../catalog/vocabulary';
import { PROMPT_NAME } from './course-finder.prompt';
import { COURSE_URI_TEMPLATE } from './course-finder.resources';

/**
 * `completion/complete` (docs/mcp.md#completion): the `slug` of `coursefinder://courses/{slug}`
 * from the tracked courses, and the answers the prompt takes as arguments from their allowed
 * values. Anything else completes to nothing.
 */

const MAX_COMPLETIONS = 100;

function completion(matches: readonly string[]): CompleteResult {
  return {
    completion: {
      values: matches.slice(0, MAX_COMPLETIONS),
      total: matches.length,
      hasMore: matches.length > MAX_COMPLETIONS,
    },
  };
}

/** An answer's values whose value or label starts with what was typed, in the question's order. */
function answerValues(name: AnswerName, typed: string): string[] {
  const start = typed.toLowerCase();
  return Object.entries(QUESTIONS[name].values)
    .filter(([value, label]) => value.startsWith(start) || label.toLowerCase().startsWith(start))
    .map(([value]) => value);
}

export function complete(catalog: CatalogService, params: CompleteRequestParams): CompleteResult {
  const { ref, argument } = params;
  if (ref.type === 'ref/resource' && ref.uri === COURSE_URI_TEMPLATE && argument.name === 'slug') {
    const slugs = catalog.current().courses.map((course) => course.slug);
    return completion(slugs.filter((slug) => slug.startsWith(argument.value)));
  }
  const answer = ANSWER_NAMES.find((name) => name === argument.name);
  if (ref.type === 'ref/prompt' && ref.name === PROMPT_NAME && answer) {
    return completion(answerValues(answer, argument.value));
  }
  return { completion: { values: [] } };
}
