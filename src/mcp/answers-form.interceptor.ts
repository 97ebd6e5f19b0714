import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import {
  acceptedContent,
  type ClientCapabilities,
  type ElicitRequestFormParams,
  type InputRequiredResult,
  inputRequired,
} from '@modelcontextprotocol/server';
import type { McpContext } from '@rekog/mcp-nest';
import type { Request } from 'express';
import { type Observable, of } from 'rxjs';
import { ANSWER_NAMES, type AnswerName, QUESTIONS } from '../catalog/vocabulary';
import { counted } from '../core/count-words';
import { isRecord } from '../core/json-value';
import type { InputClass } from '../core/validation/input-metadata';
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
 * Runs before the pipe (interceptors do), as the one interceptor of the tool's own method.
 */

/** The key of the form in `inputRequests` and, on the retry, in `inputResponses`. */
export const ANSWERS_FORM = 'answers';

type Arguments = Record<string, unknown>;

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
function inputResponses(mcp: McpContext): Arguments | undefined {
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

@Injectable()
export class AnswersFormInterceptor implements NestInterceptor {
  private readonly pipe = new InputValidationPipe('json');

  /** `input`: the tool's input class, which holds the six answers (and may hold more). */
  constructor(private readonly input: InputClass) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const rpc = context.switchToRpc();
    const mcp = rpc.getContext<McpContext>();
    if (mcp.getSession().era !== 'modern') return next.handle();
    const args = rpc.getData<Arguments>();
    const responses = inputResponses(mcp);
    if (responses !== undefined && Object.hasOwn(responses, ANSWERS_FORM)) {
      // The form's answers fill the arguments the form asked for, those the pipe finds missing
      // (left out, or null), for the pipe to validate; a declined or cancelled form fills nothing.
      const answered = acceptedContent(responses, ANSWERS_FORM) ?? {};
      const { missing } = await this.missingAnswers(args);
      for (const name of missing) if (Object.hasOwn(answered, name)) args[name] = answered[name];
      return next.handle();
    }
    if (!elicitsForms(mcp.getClientCapabilities())) return next.handle();
    const { missing, onlyMissing } = await this.missingAnswers(args);
    return onlyMissing && missing.length > 0 ? of(askFor(missing)) : next.handle();
  }

  /** The answers the pipe finds missing, and whether nothing else is wrong with the call. */
  private async missingAnswers(args: Arguments) {
    const checked = await this.pipe.check(this.input, args);
    const problems = checked.ok ? [] : checked.problems;
    return {
      missing: ANSWER_NAMES.filter((name) =>
        problems.some((problem) => problem.name === name && problem.kind === 'missing'),
      ),
      onlyMissing: problems.every((problem) => problem.kind === 'missing'),
    };
  }
}
