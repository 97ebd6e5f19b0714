import fc from 'fast-check';
import type { z } from 'zod';
import { changeListResponseSchema } from '../src/changes/changes.responses';
import { comparisonResponseSchema } from '../src/comparisons/comparisons.responses';
import { errorBodySchema } from '../src/core/envelope.schema';
import { courseListResponseSchema, courseResponseSchema } from '../src/courses/courses.responses';
import { methodologyResponseSchema } from '../src/methodology/methodology.responses';
import { OpenApiDocument } from '../src/openapi/openapi.controller';
import { fitResponseSchema } from '../src/recommendations/fit.responses';
import { recommendationResponseSchema } from '../src/recommendations/recommendations.responses';
import { startTestApp, type TestApp } from './support/app';
import { mcpRequest } from './support/edge';
import { FUZZED_TOOLS, type FuzzCase, fuzzCase, operationsOf } from './support/fuzz';
import { expectValid } from './support/schemas';

/**
 * Thousands of generated requests across every API operation, the site pages, the operations
 * endpoints and `/mcp`: never a 5xx (nor a JSON-RPC internal error), every error in the contract's
 * shape, every API 2xx valid against the OpenAPI document (`t.get` checks it) and every tool result
 * against its REST schema; the process keeps answering. (Memory over time is the soak's to measure:
 * docs/soak.md.)
 */

/** Fixed, so a failure replays; fast-check prints the seed and the shrunk counterexample. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const BATCH = 20;
/**
 * Batches: 100 of 20, 2,000 requests in a local run; `.ci/run` sets FUZZ_BATCHES=255, the 5,100 a
 * CI run sends (docs/hardening.md).
 * That still draws every class of the generator many times: with this seed, some 1,500 HTTP
 * requests (each API operation 35 to 55 times by GET and 3 to 20 times by each other method, the
 * site pages, the operations endpoints, paths outside them) and some 500 to `/mcp` (each tool
 * called some 15 to 30 times, with plausible, hostile, nested and wide arguments, and bodies that
 * are no tool call). More batches drew the same classes again, at some 3 s of CPU per 1,000
 * requests, among the largest shares of `npm test` on a 2-core machine.
 */
const BATCHES = Number(process.env.FUZZ_BATCHES ?? 100);

/** What the run covered, printed at the end: answers by face and status class, valid tool results. */
const tally: Record<string, number> = { toolResults: 0 };

const TOOL_OUTPUT: Record<string, z.ZodType> = {
  search_courses: courseListResponseSchema,
  get_course: courseResponseSchema,
  recommend_courses: recommendationResponseSchema,
  check_course_fit: fitResponseSchema,
  compare_courses: comparisonResponseSchema,
  get_methodology: methodologyResponseSchema,
  get_changes: changeListResponseSchema,
};

function expectJsonRpcError(message: any) {
  expect(message).toMatchObject({ jsonrpc: '2.0', error: { code: expect.any(Number) } });
  expect(typeof message.error.message).toBe('string');
  // -32603 is the protocol's 500.
  expect(message.error.code).not.toBe(-32603);
}

/** An answer is an error in the contract's shape (or, from /mcp, a JSON-RPC error response). */
function expectErrorBody(c: FuzzCase, response: Response, text: string) {
  const type = response.headers.get('content-type') ?? '';
  // A person following a dead course link gets an HTML 404 page, one opening /mcp an HTML 405
  // saying what it is; anyone else the JSON error.
  const page =
    response.status === 404 ||
    (response.status === 405 && /^\/mcp\b/i.test(c.kind === 'http' ? c.path : ''));
  if (page && type.startsWith('text/html')) {
    expect(c.headers.accept ?? '').toContain('text/html');
    return;
  }
  expect(type).toMatch(/^application\/json/);
  const body = JSON.parse(text);
  if (c.kind === 'mcp' && body?.jsonrpc === '2.0') return expectJsonRpcError(body);
  expectValid(errorBodySchema, body);
}

/** A 2xx from /mcp: every response message is a result or a non-internal error; tool results are REST bodies. */
function expectMcpAnswer(c: Extract<FuzzCase, { kind: 'mcp' }>, text: string) {
  if (text === '') return;
  for (const message of [JSON.parse(text)].flat()) {
    if ('error' in message) {
      expectJsonRpcError(message);
      continue;
    }
    const tool = c.toolCalls.get(JSON.stringify(message.id));
    const schema = tool && TOOL_OUTPUT[tool];
    if (!schema || !message.result) continue;
    if (message.result.isError) {
      const body = JSON.parse(message.result.content[0].text);
      expectValid(errorBodySchema, body);
      // A tool's failure is the caller's mistake, named; never an unexpected one of the server.
      expect(body.error.code).not.toBe('internal_error');
    } else {
      expectValid(schema, message.result.structuredContent);
      tally.toolResults++;
      expect(JSON.parse(message.result.content[0].text)).toEqual(message.result.structuredContent);
    }
  }
}

async function send(t: TestApp, c: FuzzCase): Promise<void> {
  const init: RequestInit =
    c.kind === 'mcp'
      ? { method: 'POST', headers: c.headers, body: c.body }
      : { method: c.method, headers: c.headers };
  const path = c.kind === 'mcp' ? '/mcp' : c.path;
  let response: Response;
  try {
    // `t.get` holds every /api/v1 answer to the OpenAPI document.
    response = await t.get(path, init);
  } catch (error) {
    throw new Error(`${init.method} ${path}: ${(error as Error).message}`);
  }
  const text = await response.text();
  const status = `${c.kind} ${String(response.status)[0]}xx`;
  tally[status] = (tally[status] ?? 0) + 1;
  try {
    expect(response.status).toBeLessThan(500);
    if (init.method === 'HEAD' || [204, 304].includes(response.status)) return;
    if (response.status >= 400) expectErrorBody(c, response, text);
    else if (c.kind === 'mcp') expectMcpAnswer(c, text);
  } catch (error) {
    throw new Error(
      `${init.method} ${path} -> ${response.status}\n${text.slice(0, 500)}\n${(error as Error).message}`,
    );
  }
}

describe('fuzzing every face', () => {
  let t: TestApp;
  let batch: fc.Arbitrary<FuzzCase[]>;
  let sent = 0;

  beforeAll(async () => {
    t = await startTestApp();
    const operations = operationsOf(t.app.get(OpenApiDocument).get());
    batch = fc.array(fuzzCase(operations), { minLength: BATCH, maxLength: BATCH });
  });
  afterAll(() => t.close());

  it('calls every tool the server lists, and checks each result against its REST schema', async () => {
    const response = await t.get('/mcp', mcpRequest('tools/list'));
    const { result } = (await response.json()) as { result: { tools: { name: string }[] } };
    const listed = result.tools.map((tool) => tool.name).sort();
    expect([...FUZZED_TOOLS].sort()).toEqual(listed);
    expect(Object.keys(TOOL_OUTPUT).sort()).toEqual(listed);
  });

  it(`answers ${BATCH * BATCHES} generated requests within the contract`, async () => {
    await fc.assert(
      fc.asyncProperty(batch, async (cases) => {
        sent += cases.length;
        await Promise.all(cases.map((c) => send(t, c)));
      }),
      { seed: SEED, numRuns: BATCHES },
    );
    expect(sent).toBe(BATCH * BATCHES);
    // Still up and answering.
    expect((await t.get('/healthz')).status).toBe(200);
    expect((await t.get('/api/v1/courses')).status).toBe(200);
    console.log(`fuzz: ${sent} requests; ${JSON.stringify(tally)}`);
  }, 240_000);
});
