import { UseFilters } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { McpController, Prompt, type PromptResult } from '@rekog/mcp-nest';
import { z } from 'zod';
import { ANSWER_NAMES, type AnswerName, QUESTIONS } from '../catalog/vocabulary';
import { ANSWER_VOCABULARIES } from '../catalog/vocabulary.schema';
import type { Answers } from '../recommendations/answers.dto';
import { ResourceErrorFilter } from './mcp-errors';

/**
 * The guided finder (docs/mcp.md#prompt), built from the same questions and labels as the REST API.
 * Any of the six answers may be given as arguments (`completion/complete` offers their values):
 * the prompt then asks only the others.
 */

export const PROMPT_NAME = 'find_ai_seo_course';

/** The prompt's optional arguments: the six answers, each with its question and values. */
export const PROMPT_ARGUMENTS = z.object(
  Object.fromEntries(
    ANSWER_NAMES.map((name) => [
      name,
      ANSWER_VOCABULARIES[name].optional().describe(`${QUESTIONS[name].question} (if known)`),
    ]),
  ) as { [N in AnswerName]: z.ZodOptional<(typeof ANSWER_VOCABULARIES)[N]> },
);

const label = (name: AnswerName, value: string) =>
  (QUESTIONS[name].values as Record<string, string>)[value];

function question(name: AnswerName): string {
  const { question, values } = QUESTIONS[name];
  const options = Object.entries(values)
    .map(([value, text]) => `${text} (\`${value}\`)`)
    .join(', ');
  return `- \`${name}\`: "${question}" Answers: ${options}.`;
}

const AFTER = `3. For each result, explain its \`match_percent\` (fit to my answers, not a quality rating), its \`match_reasons\` and its \`warnings\`. If \`no_strong_match\` is true, say that no course reached the threshold, show what came closest and why it fell short (call \`check_course_fit\` with the same answers and no courses), and suggest changing an answer or browsing with \`search_courses\`.
4. Show each course's last-verified date (\`verification.last_verified_on\`, or say it is unverified) beside its facts. If \`meta.contains_placeholder_data\` is true, say that the courses with \`placeholder_data\` true are fictional placeholders, not verified courses.
5. Cite the results with \`meta.citation\` and link \`meta.canonical_url\`; \`human_url\` shows the same results as a web page.`;

/** The prompt's text for the answers already given (none: every question is asked). */
export function findCoursePrompt(given: Partial<Answers>): string {
  const known = ANSWER_NAMES.filter((name) => given[name] !== undefined);
  const open = ANSWER_NAMES.filter((name) => given[name] === undefined);
  const answered = known.map(
    (name) =>
      `- \`${name}\`: "${QUESTIONS[name].question}" ${label(name, given[name]!)} (\`${given[name]}\`).`,
  );
  const steps =
    open.length === 0
      ? ['1. I have answered all six Course Finder questions:', ...answered]
      : [
          ...(known.length > 0 ? ['I have already answered:', ...answered, ''] : []),
          `1. Ask me ${known.length > 0 ? 'the other' : 'the six'} Course Finder questions below, one or two at a time, showing the allowed answers. Do not guess an answer I have not given: if my reply does not fit one of the answers, ask again.`,
          ...open.map(question),
        ];
  const call =
    open.length === 0
      ? '2. Call the `recommend_courses` tool with these answers (use the values in backticks).'
      : '2. When you have all six answers, call the `recommend_courses` tool with them (use the values in backticks).';
  return ['Help me find an AI SEO course with Course Finder.', '', ...steps, call, AFTER].join(
    '\n',
  );
}

@McpController()
@UseFilters(ResourceErrorFilter)
export class CourseFinderPrompt {
  @Prompt({
    name: PROMPT_NAME,
    description:
      'Asks the six Course Finder questions one or two at a time (only those not given as arguments), then calls recommend_courses and explains the matches.',
    parameters: PROMPT_ARGUMENTS,
  })
  findCourse(@Payload() args: Record<string, unknown> | undefined): PromptResult {
    const parsed = PROMPT_ARGUMENTS.safeParse(args ?? {});
    if (!parsed.success) {
      const names = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))];
      const allowed = names
        .filter((name): name is AnswerName => (ANSWER_NAMES as string[]).includes(name))
        .map((name) => `${name} takes ${Object.keys(QUESTIONS[name].values).join(', ')}`);
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Invalid arguments for ${PROMPT_NAME}: ${allowed.join('; ')}.`,
      );
    }
    return {
      description: 'Find an AI SEO course with the Course Finder',
      messages: [{ role: 'user', content: { type: 'text', text: findCoursePrompt(parsed.data) } }],
    };
  }
}
