import type { ExecutionContext } from '@nestjs/common';
import { isInputRequiredResult } from '@modelcontextprotocol/server';
import { lastValueFrom, of } from 'rxjs';
import { AnswersInput } from '../recommendations/answers.dto';
import { AnswersFormInterceptor } from './answers-form.interceptor';

/**
 * The six answers as a form (docs/mcp.md#the-six-answers-as-a-form), a plain call: the tool's
 * arguments, the request's era and client capabilities, and the JSON-RPC body it was posted in.
 */

const FOUR = {
  experience: 'beginner',
  objective: 'ai_geo',
  learning_style: 'self_paced',
  freshness: 'important',
};
const FORMS = { elicitation: { form: {} } };

interface Call {
  era?: 'legacy' | 'modern';
  capabilities?: object;
  args?: Record<string, unknown>;
  inputResponses?: unknown;
}

async function intercept({
  era = 'modern',
  capabilities = FORMS,
  args = { ...FOUR },
  inputResponses,
}: Call) {
  const mcp = {
    getSession: () => ({ era }),
    getClientCapabilities: () => capabilities,
    getRawRequest: () => ({ body: { params: { arguments: args, inputResponses } } }),
  };
  const context = {
    switchToRpc: () => ({ getData: () => args, getContext: () => mcp }),
  } as unknown as ExecutionContext;
  const next = { handle: () => of('the tool ran') };
  const result = await lastValueFrom(
    await new AnswersFormInterceptor(AnswersInput).intercept(context, next),
  );
  return { result, args };
}

describe('AnswersFormInterceptor', () => {
  it.each([
    ['form', FORMS],
    ['no mode (form, by default)', { elicitation: {} }],
  ])(
    'asks for the missing answers alone when the client declares %s',
    async (_what, capabilities) => {
      const { result } = await intercept({ capabilities });
      expect(isInputRequiredResult(result)).toBe(true);
      const form = (result as any).inputRequests.answers;
      expect(form.method).toBe('elicitation/create');
      expect(form.params.requestedSchema.required).toEqual(['budget', 'operating_model']);
      expect(form.params.requestedSchema.properties.budget.title).toBe("What's your budget?");
      expect(form.params.requestedSchema.properties.budget.oneOf[0]).toEqual({
        const: 'free',
        title: 'Free',
      });
      expect((result as any).content).toEqual([
        { type: 'text', text: 'Asking the user for: budget, operating_model.' },
      ]);
    },
  );

  it.each<[string, Call]>([
    ['a 2025 request', { era: 'legacy' }],
    ['a client without elicitation', { capabilities: {} }],
    ['a client with URL elicitation only', { capabilities: { elicitation: { url: {} } } }],
    ['a call with another problem too', { args: { ...FOUR, experience: 'guru' } }],
    ['a call with an unknown argument', { args: { ...FOUR, extra: 1 } }],
    ['a call with all six', { args: { ...FOUR, budget: 'free', operating_model: 'local' } }],
  ])('lets the tool answer as it always did: %s', async (_what, call) => {
    const before = { ...(call.args ?? FOUR) };
    const { result, args } = await intercept(call);
    expect(result).toBe('the tool ran');
    expect(args).toEqual(before);
  });

  it("fills the missing answers from the form's, and nothing else", async () => {
    const { result, args } = await intercept({
      inputResponses: {
        answers: {
          action: 'accept',
          content: { budget: 'free', operating_model: 'local', experience: 'advanced', x: 1 },
        },
      },
    });
    expect(result).toBe('the tool ran');
    expect(args).toEqual({ ...FOUR, budget: 'free', operating_model: 'local' });
  });

  it('asks for an answer sent as null, and fills it from the form', async () => {
    const call = { args: { ...FOUR, budget: null, operating_model: 'local' } };
    const { result } = await intercept(call);
    expect((result as any).inputRequests.answers.params.requestedSchema.required).toEqual([
      'budget',
    ]);
    const { result: retried, args } = await intercept({
      args: { ...call.args },
      inputResponses: { answers: { action: 'accept', content: { budget: 'free' } } },
    });
    expect(retried).toBe('the tool ran');
    expect(args).toEqual({ ...FOUR, budget: 'free', operating_model: 'local' });
  });

  it.each(['decline', 'cancel'])('a %s fills nothing, and asks no more', async (action) => {
    const { result, args } = await intercept({ inputResponses: { answers: { action } } });
    expect(result).toBe('the tool ran');
    expect(args).toEqual(FOUR);
  });

  it('on a 2025 request, input responses are not read', async () => {
    const { args } = await intercept({
      era: 'legacy',
      inputResponses: { answers: { action: 'accept', content: { budget: 'free' } } },
    });
    expect(args).toEqual(FOUR);
  });
});
