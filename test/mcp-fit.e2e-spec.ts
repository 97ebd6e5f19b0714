import {
  Client,
  type ClientOptions,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { ANSWER_NAMES, QUESTIONS } from '../src/catalog/vocabulary';
import { errorBodySchema } from '../src/core/envelope.schema';
import { MCP_PATH } from '../src/core/paths';
import { startTestApp, type TestApp } from './support/app';
import { SAMPLE_ANSWERS } from './support/answers';
import { expectValid } from './support/schemas';

/**
 * The fit tool, the six answers as a form on revision 2026-07-28 (`input_required`), and the
 * prompt's answers as arguments with completion (docs/mcp.md), through the SDK's own v2 client.
 */

const MODERN = { pin: '2026-07-28' } as const;
const query = (answers: Record<string, string>) => new URLSearchParams(answers).toString();

type ToolResult = {
  isError?: boolean;
  structuredContent?: unknown;
  content: { type: string; text: string }[];
};
type FormRequest = { message: string; requestedSchema: any };
type FormAnswer =
  { action: 'accept'; content: Record<string, string> } | { action: 'decline' | 'cancel' };

let t: TestApp;
const clients: Client[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await t.close();
});

/** A client of the given era; with `form`, it declares form elicitation and answers with it. */
async function connect(
  mode: typeof MODERN | 'legacy',
  form?: (request: FormRequest) => FormAnswer,
): Promise<{ client: Client; forms: FormRequest[] }> {
  const forms: FormRequest[] = [];
  const capabilities: ClientOptions['capabilities'] = form ? { elicitation: { form: {} } } : {};
  const client = new Client(
    { name: 'course-finder-e2e', version: '1.0.0' },
    { versionNegotiation: { mode }, capabilities },
  );
  if (form) {
    client.setRequestHandler('elicitation/create', (request) => {
      const params = request.params as FormRequest;
      forms.push(params);
      return form(params);
    });
  }
  await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}${MCP_PATH}`)));
  clients.push(client);
  return { client, forms };
}

const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as ToolResult;

function expectToolError(result: ToolResult, code: string) {
  expect(result.isError).toBe(true);
  const body = JSON.parse(result.content[0].text);
  expectValid(errorBodySchema, body);
  expect(body.error.code).toBe(code);
  return body;
}

const { budget: _budget, operating_model: _model, ...FOUR } = SAMPLE_ANSWERS;

describe('check_course_fit', () => {
  it.each<[Record<string, unknown>, string]>([
    [
      { ...SAMPLE_ANSWERS, courses: ['search-generalist-program', 'answer-engine-foundations'] },
      '&courses=search-generalist-program,answer-engine-foundations',
    ],
    [SAMPLE_ANSWERS, ''],
  ])(
    '%j: structured content is the REST body, valid against the output schema',
    async (args, rest) => {
      for (const mode of [MODERN, 'legacy'] as const) {
        const { client } = await connect(mode);
        const result = await call(client, 'check_course_fit', args);
        const body = await t.json(`/api/v1/recommendations/fit?${query(SAMPLE_ANSWERS)}${rest}`);
        expect(result.isError ?? false).toBe(false);
        expect(result.structuredContent).toEqual(body);
        expect(JSON.parse(result.content[0].text)).toEqual(body);
        const { tools } = await client.listTools();
        const tool = tools.find((candidate) => candidate.name === 'check_course_fit')!;
        const ajv = new Ajv2020({ strict: false });
        addFormats(ajv);
        expect(ajv.compile(tool.outputSchema!)(result.structuredContent)).toBe(true);
        expect(tool.annotations).toEqual({
          title: expect.any(String),
          readOnlyHint: true,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        });
      }
    },
  );

  it('refuses as the REST operation does: unknown slugs not_found, a bad list invalid_answers', async () => {
    const { client } = await connect('legacy');
    const missing = expectToolError(
      await call(client, 'check_course_fit', { ...SAMPLE_ANSWERS, courses: ['technical-seo'] }),
      'not_found',
    );
    expect(missing.error.details).toEqual({
      missing: ['technical-seo'],
      near_slugs: ['technical-seo-deep-dive'],
    });
    const list = expectToolError(
      await call(client, 'check_course_fit', { ...SAMPLE_ANSWERS, courses: 'a,b' }),
      'invalid_answers',
    );
    expect(list.error.details.problems).toEqual([
      { name: 'courses', value: 'a,b', problem: 'must be a list of 1 to 3 course slugs' },
    ]);
  });
});

describe('the six answers as a form (revision 2026-07-28, input_required)', () => {
  const accept = (request: FormRequest): FormAnswer => ({
    action: 'accept',
    content: Object.fromEntries(
      Object.keys(request.requestedSchema.properties).map((name) => [
        name,
        SAMPLE_ANSWERS[name as keyof typeof SAMPLE_ANSWERS],
      ]),
    ),
  });

  it('recommend_courses with four answers asks for the two missing in one form, then answers as with all six', async () => {
    const { client, forms } = await connect(MODERN, accept);
    const result = await call(client, 'recommend_courses', FOUR);
    expect(forms).toHaveLength(1);
    const [form] = forms;
    expect(form.message).toMatch(/two more answers/);
    expect(form.requestedSchema).toEqual({
      type: 'object',
      properties: Object.fromEntries(
        (['budget', 'operating_model'] as const).map((name) => [
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
      required: ['budget', 'operating_model'],
    });
    expect(result.isError ?? false).toBe(false);
    expect(result.structuredContent).toEqual(
      await t.json(`/api/v1/recommendations?${query(SAMPLE_ANSWERS)}`),
    );
  });

  it('check_course_fit asks the same way, and keeps the courses it was given', async () => {
    const { client, forms } = await connect(MODERN, accept);
    const { experience: _experience, ...five } = SAMPLE_ANSWERS;
    const result = await call(client, 'check_course_fit', {
      ...five,
      courses: ['search-generalist-program'],
    });
    expect(forms.map((form) => Object.keys(form.requestedSchema.properties))).toEqual([
      ['experience'],
    ]);
    expect(result.structuredContent).toEqual(
      await t.json(
        `/api/v1/recommendations/fit?${query(SAMPLE_ANSWERS)}&courses=search-generalist-program`,
      ),
    );
  });

  it.each([
    ['declined', 'decline'],
    ['cancelled', 'cancel'],
  ] as const)('a %s form gets the invalid_answers of today', async (_what, action) => {
    const { client, forms } = await connect(MODERN, () => ({ action }));
    const body = expectToolError(await call(client, 'recommend_courses', FOUR), 'invalid_answers');
    expect(forms).toHaveLength(1);
    expect(body.error.details.problems.map((p: any) => [p.name, p.problem])).toEqual([
      ['budget', 'missing'],
      ['operating_model', 'missing'],
    ]);
  });

  it('answers the form gives that are not allowed values are invalid_answers, not asked again', async () => {
    const { client, forms } = await connect(MODERN, () => ({
      action: 'accept',
      content: { budget: 'a lot', operating_model: 'brand_client' },
    }));
    const body = expectToolError(await call(client, 'recommend_courses', FOUR), 'invalid_answers');
    expect(forms).toHaveLength(1);
    expect(body.error.details.problems).toEqual([
      { name: 'budget', value: 'a lot', problem: 'not an allowed value' },
    ]);
  });

  it('a call with any other problem is refused at once, with no form', async () => {
    const { client, forms } = await connect(MODERN, accept);
    const body = expectToolError(
      await call(client, 'recommend_courses', { ...FOUR, experience: 'guru' }),
      'invalid_answers',
    );
    expect(forms).toEqual([]);
    expect(body.error.details.problems.map((p: any) => p.name).sort()).toEqual(
      ['budget', 'experience', 'operating_model'].sort(),
    );
  });

  it.each([
    ['a 2025-11-25 client, even one that declares forms', 'legacy' as const, accept],
    ['a 2026-07-28 client without form elicitation', MODERN, undefined],
  ])('%s gets the invalid_answers of today', async (_who, mode, form) => {
    const { client, forms } = await connect(mode, form);
    const body = expectToolError(await call(client, 'recommend_courses', FOUR), 'invalid_answers');
    expect(forms).toEqual([]);
    expect(body.error.details.problems.map((p: any) => p.name)).toEqual([
      'budget',
      'operating_model',
    ]);
  });

  it('the input schemas still require all six answers', async () => {
    const { client } = await connect(MODERN);
    const { tools } = await client.listTools();
    for (const name of ['recommend_courses', 'check_course_fit']) {
      const tool = tools.find((candidate) => candidate.name === name)!;
      expect(tool.inputSchema.required).toEqual(ANSWER_NAMES);
    }
  });
});

describe('prompt find_ai_seo_course: the answers as optional arguments', () => {
  it('lists the six answers as optional arguments, each with its question', async () => {
    const { client } = await connect(MODERN);
    const { prompts } = await client.listPrompts();
    expect(prompts[0].arguments).toEqual(
      ANSWER_NAMES.map((name) => ({
        name,
        description: `${QUESTIONS[name].question} (if known)`,
        required: false,
      })),
    );
  });

  it('asks only the questions not answered; with all six, goes straight to recommend_courses', async () => {
    const { client } = await connect('legacy');
    const text = async (args: Record<string, string>) => {
      const { messages } = await client.getPrompt({ name: 'find_ai_seo_course', arguments: args });
      return messages.map((m) => (m.content as { text: string }).text).join('\n');
    };
    const some = await text({ experience: 'intermediate', budget: '100_500' });
    expect(some).toContain('I have already answered:');
    expect(some).toContain(`"${QUESTIONS.experience.question}" Intermediate (\`intermediate\`)`);
    expect(some).toContain(`"${QUESTIONS.budget.question}" $100–$500 (\`100_500\`)`);
    expect(some).toContain('Ask me the other Course Finder questions');
    expect(some).not.toContain('Answers: Beginner (`beginner`)');
    expect(some).toContain('Answers: AI SEO / GEO (`ai_geo`)');

    const all = await text({ ...SAMPLE_ANSWERS });
    expect(all).toContain('I have answered all six Course Finder questions');
    expect(all).not.toContain('Ask me');
    expect(all).toContain('2. Call the `recommend_courses` tool with these answers');
  });

  it('refuses an answer that is not an allowed value, naming the values', async () => {
    const { client } = await connect('legacy');
    await expect(
      client.getPrompt({ name: 'find_ai_seo_course', arguments: { experience: 'guru' } }),
    ).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('experience takes beginner, intermediate, advanced'),
    });
  });

  it.each([
    ['experience', 'int', ['intermediate']],
    ['experience', '', ['beginner', 'intermediate', 'advanced']],
    ['budget', 'Under', ['under_100']],
    ['objective', 'l', ['local', 'links']],
    ['operating_model', 'x', []],
  ])('completion/complete of %s with %j offers %j', async (name, value, values) => {
    for (const mode of [MODERN, 'legacy'] as const) {
      const { client } = await connect(mode);
      const { completion } = await client.complete({
        ref: { type: 'ref/prompt', name: 'find_ai_seo_course' },
        argument: { name, value },
      });
      expect(completion.values).toEqual(values);
    }
  });

  it('completes nothing for an argument the prompt does not take', async () => {
    const { client } = await connect('legacy');
    const { completion } = await client.complete({
      ref: { type: 'ref/prompt', name: 'find_ai_seo_course' },
      argument: { name: 'courses', value: 'a' },
    });
    expect(completion.values).toEqual([]);
  });
});
