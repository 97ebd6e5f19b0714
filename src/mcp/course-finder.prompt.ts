import { McpController, Prompt, type PromptResult } from '@rekog/mcp-nest';
import { ANSWER_NAMES, QUESTIONS } from '../catalog/vocabulary';

/**
 * The guided finder (docs/mcp.md#prompt), built from the same questions and labels as the REST API.
 */

const questions = ANSWER_NAMES.map((name) => {
  const { question, values } = QUESTIONS[name];
  const options = Object.entries(values)
    .map(([value, label]) => `${label} (\`${value}\`)`)
    .join(', ');
  return `- \`${name}\`: "${question}" Answers: ${options}.`;
}).join('\n');

export const FIND_COURSE_PROMPT = `Help me find an AI SEO course with Course Finder.

1. Ask me the six Course Finder questions below, one or two at a time, showing the allowed answers. Do not guess an answer I have not given: if my reply does not fit one of the answers, ask again.
${questions}
2. When you have all six answers, call the \`recommend_courses\` tool with them (use the values in backticks).
3. For each result, explain its \`match_percent\` (fit to my answers, not a quality rating), its \`match_reasons\` and its \`warnings\`. If \`no_strong_match\` is true, say that no course reached the threshold and suggest changing an answer or browsing with \`search_courses\`.
4. Show each course's last-verified date (\`verification.last_verified_on\`, or say it is unverified) beside its facts. If \`meta.contains_placeholder_data\` is true, say that the courses with \`placeholder_data\` true are fictional placeholders, not verified courses.
5. Cite the results with \`meta.citation\` and link \`meta.canonical_url\`; \`human_url\` shows the same results as a web page.`;

@McpController()
export class CourseFinderPrompt {
  @Prompt({
    name: 'find_ai_seo_course',
    description:
      'Asks the six Course Finder questions one or two at a time, then calls recommend_courses and explains the matches.',
  })
  findCourse(): PromptResult {
    return {
      description: 'Find an AI SEO course with the Course Finder',
      messages: [{ role: 'user', content: { type: 'text', text: FIND_COURSE_PROMPT } }],
    };
  }
}
