import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { MCP_PATH } from '../src/core/paths';
import { SAMPLE_ANSWERS } from './support/answers';
import { startTestApp, type TestApp } from './support/app';

/**
 * Decisions §4: a parameter an operation does not list is 422, whatever its name. Names that an
 * object would treat specially (`__proto__`, `constructor`) or that other query parsers read as
 * structure (`a[]`, `a[b]`) are unknown parameters like any other: reported by name, never
 * dropped, never applied.
 */

const NAMES = ['__proto__', 'constructor', 'a[]', 'a[b]'];
const answers = new URLSearchParams(SAMPLE_ANSWERS).toString();

const OPERATIONS: [path: string, code: string][] = [
  ['/api/v1/courses', 'invalid_parameters'],
  ['/api/v1/courses/seo-fundamentals-bootcamp', 'invalid_parameters'],
  [`/api/v1/recommendations?${answers}`, 'invalid_answers'],
  [
    '/api/v1/comparisons?courses=seo-fundamentals-bootcamp,technical-seo-deep-dive',
    'invalid_parameters',
  ],
  ['/api/v1/finder/questions', 'invalid_parameters'],
  ['/api/v1/methodology', 'invalid_parameters'],
  ['/api/v1/openapi.json', 'invalid_parameters'],
];

const withName = (path: string, name: string) =>
  `${path}${path.includes('?') ? '&' : '?'}${encodeURIComponent(name)}=x`;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe.each(OPERATIONS)('%s', (path, code) => {
  it.each(NAMES)('answers %s as an unknown parameter, by name', async (name) => {
    const response = await t.get(withName(path, name));
    expect(response.status).toBe(422);
    const body: any = await response.json();
    expect(body.error.code).toBe(code);
    const problems = body.error.details.parameters ?? body.error.details.problems;
    expect(problems).toContainEqual(expect.objectContaining({ name, value: 'x' }));
  });
});

describe('site forms', () => {
  it.each(NAMES)('the course list reports %s instead of ignoring it', async (name) => {
    const response = await t.get(withName('/ai-seo-courses', name), {
      headers: { Accept: 'text/html' },
    });
    const body = await response.text();
    expect(body).toContain('role="alert"');
    expect(body).toContain(`The address has “${name}”, which this form does not use.`);
  });

  it.each(NAMES)('the finder reports %s instead of ignoring it', async (name) => {
    const response = await t.get(withName(`/ai-seo-courses/finder?${answers}`, name), {
      headers: { Accept: 'text/html' },
    });
    const body = await response.text();
    expect(body).toContain(`The address has “${name}”, which this form does not use.`);
    expect(body).not.toContain('% match');
  });
});

describe('MCP tool arguments', () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'query-names-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}${MCP_PATH}`)));
  });
  afterAll(() => client.close());

  it.each(['constructor', 'a[b]'])('search_courses reports %s by name', async (name) => {
    const args = { [name]: 'x' };
    const result = (await client.callTool({ name: 'search_courses', arguments: args })) as {
      isError?: boolean;
      content: { text: string }[];
    };
    expect(result.isError).toBe(true);
    const body = JSON.parse(result.content[0].text);
    expect(body.error.code).toBe('invalid_parameters');
    expect(body.error.details.parameters).toContainEqual(expect.objectContaining({ name }));
  });
});
