import { isInputRequiredResult } from '@modelcontextprotocol/server';
import { DomainError } from '../core/domain-error';
import { AnswersInput } from '../recommendations/answers.dto';
import { answersOrForm, type ToolCall } from './answers-form';

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

/**
 * What the tool gets: the form, the input it would run with, or the 422 it would answer; and the
 * arguments, which must be left as they came.
 */
interface Asked {
  form?: any;
  input?: object;
  error?: any;
}

async function ask({
  era = 'modern',
  capabilities = FORMS,
  args = { ...FOUR },
  inputResponses,
}: Call): Promise<Asked> {
  const call = {
    getSession: () => ({ era }),
    getClientCapabilities: () => capabilities,
    getRawRequest: () => ({ body: { params: { arguments: args, inputResponses } } }),
  } as unknown as ToolCall;
  const sent = structuredClone(args);
  try {
    const asked = await answersOrForm(AnswersInput, args, call);
    expect(args).toEqual(sent);
    return 'form' in asked ? { form: asked.form } : { input: { ...asked.input } };
  } catch (error) {
    expect(args).toEqual(sent);
    if (!(error instanceof DomainError)) throw error;
    return { error: error.toBody().error };
  }
}

const SIX = { ...FOUR, budget: 'free', operating_model: 'local' };

describe('answersOrForm', () => {
  it.each([
    ['form', FORMS],
    ['no mode (form, by default)', { elicitation: {} }],
  ])(
    'asks for the missing answers alone when the client declares %s',
    async (_what, capabilities) => {
      const { form: result } = await ask({ capabilities });
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

  it.each<[string, Call, string[]]>([
    ['a 2025 request', { era: 'legacy' }, ['budget', 'operating_model']],
    ['a client without elicitation', { capabilities: {} }, ['budget', 'operating_model']],
    [
      'a client with URL elicitation only',
      { capabilities: { elicitation: { url: {} } } },
      ['budget', 'operating_model'],
    ],
    [
      'a call with another problem too',
      { args: { ...FOUR, experience: 'guru' } },
      ['experience', 'budget', 'operating_model'],
    ],
    ['a call with an unknown argument', { args: { ...FOUR, extra: 1 } }, ['extra']],
  ])('answers the 422 the tool always did: %s', async (_what, call, named) => {
    const { error } = await ask(call);
    expect(error.code).toBe('invalid_answers');
    expect(error.details.problems.map((p: { name: string }) => p.name).sort()).toEqual(
      expect.arrayContaining(named),
    );
  });

  it('runs the tool with a call that has all six', async () => {
    expect(await ask({ args: SIX })).toEqual({ input: SIX });
  });

  it("fills the missing answers from the form's, and nothing else", async () => {
    const result = await ask({
      inputResponses: {
        answers: {
          action: 'accept',
          content: { budget: 'free', operating_model: 'local', experience: 'advanced', x: 1 },
        },
      },
    });
    expect(result).toEqual({ input: SIX });
  });

  it('asks for an answer sent as null, and fills it from the form', async () => {
    const call = { args: { ...FOUR, budget: null, operating_model: 'local' } };
    const { form } = await ask(call);
    expect((form as any).inputRequests.answers.params.requestedSchema.required).toEqual(['budget']);
    const retried = await ask({
      ...call,
      inputResponses: { answers: { action: 'accept', content: { budget: 'free' } } },
    });
    expect(retried).toEqual({ input: SIX });
  });

  it.each(['decline', 'cancel'])('a %s fills nothing, and asks no more', async (action) => {
    const { error } = await ask({ inputResponses: { answers: { action } } });
    expect(error.code).toBe('invalid_answers');
  });

  it('on a 2025 request, input responses are not read', async () => {
    const { error } = await ask({
      era: 'legacy',
      inputResponses: { answers: { action: 'accept', content: SIX } },
    });
    expect(error.code).toBe('invalid_answers');
  });
});
