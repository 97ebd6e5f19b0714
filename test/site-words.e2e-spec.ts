import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { CatalogService } from '../src/catalog/catalog.service';
import { MCP_PATH } from '../src/core/paths';
import { copyOfData, startTestApp, type TestApp } from './support/app';
import { claimsIn, makeVerified, verifiedClock } from './support/verified-data';

/**
 * The texts fixed at start (MCP instructions, server description, prompt and tools, the server
 * card's description, OpenAPI) are worded to be true whatever the data: read as served with the
 * shipped placeholder courses and after a reload with every course real and verified. The pages'
 * and companions' words, which follow the data, are src/site/words.spec.ts's.
 */

async function connect(url: string): Promise<Client> {
  // Tool output schemas are JSON Schema 2020-12.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const client = new Client(
    { name: 'course-finder-words', version: '1.0.0' },
    { jsonSchemaValidator: new AjvJsonSchemaValidator(ajv as never) },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}${MCP_PATH}`)));
  return client;
}

/** Every text fixed at start, by name, as served. */
async function read(t: TestApp): Promise<Record<string, string>> {
  const text: Record<string, string> = {};
  text['server card'] = (await t.json('/.well-known/mcp/server-card.json')).description;
  const openapi = await t.json('/api/v1/openapi.json');
  text.OpenAPI = [
    openapi.info.description,
    ...openapi.tags.map((tag: any) => tag.description),
    ...Object.values(openapi.paths).flatMap((item: any) =>
      Object.values(item).flatMap((op: any) => [op.summary, op.description]),
    ),
  ].join('\n');
  const client = await connect(t.url);
  try {
    text['MCP instructions'] = client.getInstructions() ?? '';
    text['MCP server description'] = client.getServerVersion()?.description ?? '';
    const prompt = await client.getPrompt({ name: 'find_ai_seo_course' });
    text['MCP prompt'] = prompt.messages
      .map((m) => (m.content as { text: string }).text)
      .join('\n');
    const { tools } = await client.listTools();
    text['MCP tools'] = tools.map((tool) => tool.description).join('\n');
  } finally {
    await client.close();
  }
  return text;
}

let shipped: Record<string, string>;
let verified: Record<string, string>;
let t: TestApp;

beforeAll(async () => {
  const dir = copyOfData();
  t = await startTestApp({ env: { DATA_DIR: dir }, clock: verifiedClock() });
  shipped = await read(t);
  // The same running service, its data replaced by verified courses and reloaded.
  makeVerified(dir);
  expect(t.app.get(CatalogService).reload()).toBe(true);
  verified = await read(t);
}, 60_000);
afterAll(() => t?.close());

const STATIC = [
  'MCP instructions',
  'MCP server description',
  'MCP prompt',
  'MCP tools',
  'server card',
  'OpenAPI',
];

it.each(STATIC)('%s states no verification as a present fact with the placeholder data', (name) => {
  expect(shipped[name]).toBeTruthy();
  expect(claimsIn(shipped[name])).toEqual([]);
});

it.each(STATIC)('%s is fixed at start, so it says the same true thing in both states', (name) => {
  expect(verified[name]).toBe(shipped[name]);
  expect(claimsIn(verified[name])).toEqual([]);
  expect(verified[name]).toMatch(/last[- ]verified/);
});

it('the texts fixed at start tell how to know what is verified', () => {
  for (const name of ['MCP instructions', 'MCP prompt', 'OpenAPI']) {
    expect({ name, text: verified[name] }).toEqual({
      name,
      text: expect.stringContaining('contains_placeholder_data'),
    });
  }
});
