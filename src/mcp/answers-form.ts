import {
  acceptedContent,
  type ClientCapabilities,
  type ElicitRequestFormParams,
  type InputRequiredResult,
  inputRequired,
} from '@modelcontextprotocol/server';
import type { McpContext } from '@rekog/mcp-nest';
import type { Request } from 'express';
import { ANSWER_NAMES, type AnswerName, QUESTIONS } from '../catalog/vocabulary';
import { counted } from '../core/words';
import { isRecord } from '../core/json-value';
import { inputError } from '../core/validation/input-problems';
import { InputValidationPipe } from '../core/validation/input-validation.pipe';

/**
 * The six answers as a form (docs/mcp.md#the-six-answers-as-a-form). On protocol revision
 * 2026-07-28, a call of a tool that takes the answers, from a client that declared form
 * elicitation, whose only problems are answers it left out, is answered `input_required` with one
 * form asking for those answers; the client shows it and calls again with the form's answers in
 * `inputResponses`, which fill the missing arguments before the tool's pipe validates them. Every
 * other call runs as it always did: a 2025 client, a client without forms, a call with any other
 * problem, and a declined or cancelled form all get the pipe's `invalid_answers`.
 *
 * A function the two tools call with their arguments as sent (their pipe leaves an argument
 * typed as a plain object alone): it validates them once, with the tools' pipe, and returns the
 * input or the form; nothing it is given is changed.
 */

/** The key of the form in `inputRequests` and, on the retry, in `inputResponses`. */
export const ANSWERS_FORM = 'answers';

/** A tool's arguments as the client sent them. */
export type ToolArguments = Record<string, unknown>;

/** What the form reads of the call: the request's era and client, and the JSON-RPC body. */
export type ToolCall = Pick<McpContext, 'getSession' | 'getClientCapabilities' | 'getRawRequest'>;

/** The tools' pipe: their input classes, read from JSON. */
export const TOOL_INPUT = new InputValidationPipe('json');

/** Whether the client declared form elicitation: `form`, or neither mode (form by default). */
function elicitsForms(capabilities: ClientCapabilities | undefined): boolean {
  const elicitation = capabilities?.elicitation;
  return (
    elicitation !== undefined && (elicitation.form !== undefined || elicitation.url === undefined)
  );
}

/**
 * The retry's `inputResponses`. The SDK hands them to its own handler context, which the library
 * keeps private (docs/mcp.md#what-the-library-lacks), so they are read from the JSON-RPC request
 * the client posted, which the library documents as the raw request.
 */
function inputResponses(mcp: ToolCall): ToolArguments | undefined {
  const body = mcp.getRawRequest<Request>()?.body as
    { params?: { inputResponses?: unknown } } | undefined;
  const responses = body?.params?.inputResponses;
  return isRecord(responses) ? responses : undefined;
}

/** One titled single choice per missing answer: the finder's question and its labels. */
export function answersForm(missing: readonly AnswerName[]): ElicitRequestFormParams {
  return {
    mode: 'form',
    message: `To match courses to you, Course Finder needs ${counted(missing.length, 'more answer')}.`,
    requestedSchema: {
      type: 'object',
      properties: Object.fromEntries(
        missing.map((name) => [
          name,
          {
            type: 'string',
            title: QUESTIONS[name].question,
            oneOf: Object.entries(QUESTIONS[name].values).map(([value, label]) => ({
              const: value,
              title: label,
            })),
          },
        ]),
      ),
      required: [...missing],
    },
  };
}

/**
 * The `input_required` result. It carries `content` as well: the library hands a tool result with
 * `content` to the SDK as it is, and validates any other against the tool's output schema.
 */
function askFor(missing: readonly AnswerName[]): InputRequiredResult & { content: unknown[] } {
  const { mode: _mode, ...form } = answersForm(missing);
  return {
    ...inputRequired({ inputRequests: { [ANSWERS_FORM]: inputRequired.elicit(form) } }),
    content: [{ type: 'text', text: `Asking the user for: ${missing.join(', ')}.` }],
  };
}

/** The form asking for the answers a call left out, or the call's input: one of the two. */
export type AnswersOrForm<T> =
  { input: T } | { form: InputRequiredResult & { content: unknown[] } };

/** An answer the client left out or sent as null: the ones the form asks for, and fills. */
const leftOut = (args: ToolArguments) =>
  ANSWER_NAMES.filter((name) => args[name] === undefined || args[name] === null);

/**
 * The tool's input (`input`, a class that holds the six answers and may hold more), validated
 * once from its arguments, those the form asked for filled from its answers on the retry; or the
 * form, when the client can show one and the call's only problems are answers it left out. Any
 * other problem is the pipe's 422, thrown as the pipe throws it.
 */
export async function answersOrForm<T extends object>(
  input: new () => T,
  args: ToolArguments,
  call: ToolCall,
): Promise<AnswersOrForm<T>> {
  const modern = call.getSession().era === 'modern';
  const responses = modern ? inputResponses(call) : undefined;
  const retried = responses !== undefined && Object.hasOwn(responses, ANSWERS_FORM);
  let given = args;
  if (retried) {
    // A declined or cancelled form fills nothing.
    const answered = acceptedContent(responses, ANSWERS_FORM) ?? {};
    const filled = leftOut(args).filter((name) => Object.hasOwn(answered, name));
    given = { ...args, ...Object.fromEntries(filled.map((name) => [name, answered[name]])) };
  }
  const checked = await TOOL_INPUT.check(input, given);
  if (checked.ok) return { input: checked.value };
  const { problems } = checked;
  const missing = ANSWER_NAMES.filter((name) =>
    problems.some((problem) => problem.name === name && problem.kind === 'missing'),
  );
  const onlyMissing = problems.every((problem) => problem.kind === 'missing');
  if (
    modern &&
    !retried &&
    elicitsForms(call.getClientCapabilities()) &&
    onlyMissing &&
    missing.length > 0
  ) {
    return { form: askFor(missing) };
  }
  throw inputError(input, problems);
}
