import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startTestApp, type TestApp } from './support/app';
import { freePort } from './support/redis';

/** What a person, an integrator with curl and an AI assistant's user meet first. */

const ROOT = join(__dirname, '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const BROWSER = { headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } };
const JSON_CLIENT = { headers: { Accept: 'application/json' } };
const TOOLS = [
  'check_course_fit',
  'compare_courses',
  'get_changes',
  'get_course',
  'get_methodology',
  'recommend_courses',
  'search_courses',
];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('front doors', () => {
  it('/ is a landing page for a browser and an index of the same links for JSON clients', async () => {
    const page = await t.get('/', BROWSER);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('vary')).toMatch(/Accept/);
    const html = await page.text();
    const index: any = await t.json('/', JSON_CLIENT);
    expect(Object.keys(index.links)).toEqual(
      expect.arrayContaining([
        'courses_page',
        'finder_page',
        'api_docs',
        'openapi',
        'mcp',
        'llms_txt',
      ]),
    );
    for (const url of Object.values(index.links) as string[]) {
      // The page links the same places (site-relative for its own pages).
      expect(html).toContain(url.replace('http://localhost:3000', '').replace(/^$/, '/'));
    }
    expect(html).toContain('Placeholder data.');
    expect(html).toContain('"url": "http://localhost:3000/mcp"');
  });

  it('/api/v1 lists every operation of the OpenAPI document, with the docs and the limits', async () => {
    const document = await t.json('/api/v1/openapi.json');
    const ids = Object.values(document.paths).flatMap((item: any) =>
      Object.values(item).map((operation: any) => operation.operationId),
    );
    // `/api` and a trailing slash lead to `/api/v1` (fetch follows the 308).
    for (const path of ['/api/v1', '/api/v1/', '/api']) {
      const index = await t.json(path);
      expect(Object.keys(index.operations).sort()).toEqual(ids.sort());
      expect(index.operations.recommendCourses.url).toBe(
        'http://localhost:3000/api/v1/recommendations{?experience,objective,learning_style,freshness,budget,operating_model}',
      );
      expect(index.operations.getCourse).toMatchObject({
        method: 'GET',
        url: 'http://localhost:3000/api/v1/courses/{slug}',
      });
      expect(index).toMatchObject({
        documentation_url: 'http://localhost:3000/api/v1/docs',
        openapi_url: 'http://localhost:3000/api/v1/openapi.json',
        rate_limits: { window_seconds: 60, requests_per_verified_ai_assistant: 600 },
      });
    }
  });

  it('/docs leads to the API documentation', async () => {
    const response = await t.get('/docs', { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/api/v1/docs');
  });

  it('an unknown path is the site 404 page for a browser, the contract error for everyone else', async () => {
    const page = await t.get('/no/such/page', BROWSER);
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    for (const path of ['/ai-seo-courses', '/ai-seo-courses/finder']) {
      expect(html).toContain(`href="${path}"`);
    }
    for (const init of [JSON_CLIENT, { headers: { Accept: '*/*' } }, {}]) {
      const response = await t.get('/no/such/page', init);
      expect(response.status).toBe(404);
      expect(((await response.json()) as any).error.code).toBe('not_found');
    }
    // The API answers its clients, browsers included, in the contract's shape.
    const api = await t.get('/api/v1/no-such-thing', BROWSER);
    expect(api.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it("the API's comparison names the same comparison as a page, which shows it", async () => {
    const slugs = 'answer-engine-foundations,search-generalist-program';
    const api = await t.get(`/api/v1/comparisons?courses=${slugs}`);
    const link = api.headers.get('link')!;
    expect(link).toBe(
      `<http://localhost:3000/ai-seo-courses/compare?courses=${slugs}>; rel="alternate"; type="text/html"`,
    );
    const page = await (await t.get(`/ai-seo-courses/compare?courses=${slugs}`, BROWSER)).text();
    const shown = [...page.matchAll(/<th scope="col" data-slug="([^"]+)"/g)].map((m) => m[1]);
    expect(shown).toEqual(slugs.split(','));
  });
});

describe('the README', () => {
  it('is short, puts both commands first and links nothing outside the repository', () => {
    const lines = README.split('\n');
    expect(lines.length).toBeLessThanOrEqual(250);
    const top = lines.slice(0, 60).join('\n');
    expect(top).toContain('npm ci && npm start');
    expect(top).toContain('npm ci && npm test');
    const targets = [...README.matchAll(/\]\(([^)]+)\)|<(https?:[^>]+)>/g)].map(
      (m) => m[1] ?? m[2],
    );
    expect(targets.length).toBeGreaterThan(5);
    for (const target of targets) {
      if (target.startsWith('http')) expect(target).toMatch(/^http:\/\/localhost:3000\//);
      else
        expect({ target, exists: existsSync(join(ROOT, target.split('#')[0])) }).toEqual({
          target,
          exists: true,
        });
    }
  });

  it("shows a live answer as its sample, trimmed only where it says '...'", async () => {
    const run = README.slice(README.indexOf('## Run it'));
    const curl = /^curl '(http:\/\/localhost:3000\/api\/v1\/recommendations[^']+)'$/m.exec(run)![1];
    const sample = JSON.parse(/```json\n([\s\S]*?)\n```/.exec(run.slice(run.indexOf(curl)))![1]);
    const live = await t.json(curl.replace('http://localhost:3000', ''));
    const unlike: string[] = [];
    const compare = (shown: unknown, real: unknown, at: string): void => {
      if (shown === '...') return;
      if (typeof shown === 'string' && shown.endsWith('...')) {
        if (typeof real !== 'string' || !real.startsWith(shown.slice(0, -3))) unlike.push(at);
      } else if (Array.isArray(shown)) {
        if (!Array.isArray(real)) return void unlike.push(at);
        const trimmed = shown.includes('...');
        if (!trimmed && shown.length !== real.length) unlike.push(`${at}.length`);
        shown.forEach((item, i) => item !== '...' && compare(item, real[i], `${at}[${i}]`));
      } else if (shown !== null && typeof shown === 'object') {
        if (real === null || typeof real !== 'object') return void unlike.push(at);
        const keys = Object.keys(shown).filter((key) => key !== '...');
        if (!('...' in shown) && keys.length !== Object.keys(real).length) unlike.push(`${at}{}`);
        for (const key of keys) {
          compare((shown as any)[key], (real as any)[key], `${at}.${key}`);
        }
      } else if (shown !== real) unlike.push(`${at}: ${JSON.stringify(shown)}`);
    };
    compare(sample, live, '$');
    expect(unlike).toEqual([]);
  });

  it('runs its curl examples against the service, each finding courses', async () => {
    const commands = [...README.matchAll(/^curl '(http:\/\/localhost:3000\/[^']+)'$/gm)].map(
      (m) => m[1],
    );
    expect(commands.length).toBeGreaterThanOrEqual(4);
    for (const url of commands) {
      const { stdout } = await promisify(execFile)('curl', [
        '-sf',
        url.replace('http://localhost:3000', t.url),
      ]);
      const body = JSON.parse(stdout);
      expect(Object.keys(body)).toEqual(['data', 'meta']);
      // A list, the recommendations or a comparison: never an empty answer.
      const { data } = body;
      const courses = Array.isArray(data) ? data : (data.results ?? data.courses);
      expect({ url, found: courses.length > 0 }).toEqual({ url, found: true });
    }
  });

  it('connects every MCP snippet of docs/mcp.md to the service with the MCP SDK client', async () => {
    const mcpDoc = readFileSync(join(ROOT, 'docs/mcp.md'), 'utf8');
    const section = mcpDoc.slice(
      mcpDoc.indexOf('## Connect an assistant'),
      mcpDoc.indexOf('\n## ', mcpDoc.indexOf('## Connect an assistant') + 1),
    );
    const configs = [...section.matchAll(/```json\n([\s\S]*?)\n```/g)].map((m) => JSON.parse(m[1]));
    const claudeCode = /claude mcp add --transport http course-finder (\S+)/.exec(section)![1];
    const urls = [
      ...configs.map((config) => {
        const server = (config.mcpServers ?? config.servers)['course-finder'];
        return server.url ?? server.args.at(-1);
      }),
      claudeCode,
    ];
    expect(urls).toHaveLength(4);
    for (const url of urls) {
      expect(url).toBe('http://localhost:3000/mcp');
      const client = new Client({ name: 'readme-snippet', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(url.replace('http://localhost:3000', t.url))),
      );
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
      await client.close();
    }
  });
});

describe('npm run mcp:inspect', () => {
  const inspect = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['scripts/mcp-inspect.mjs', ...args], {
      cwd: ROOT,
      env: { ...process.env, PORT: '1' },
    });

  it('lists the server, its tools, resources and prompt at the URL given (the endpoint or the address)', async () => {
    for (const url of [`${t.url}/mcp`, t.url]) {
      const { stdout } = await inspect(url);
      expect(stdout).toContain(`Course Finder 1.0.0 at ${t.url}/mcp`);
      for (const tool of TOOLS) expect(stdout).toContain(`  ${tool} (`);
      expect(stdout).toContain('ui://course-finder/finder.html');
      expect(stdout).toContain('find_ai_seo_course');
    }
  });

  it('names the URL it tried when nothing answers there', async () => {
    const port = await freePort();
    const failed = await inspect(`http://127.0.0.1:${port}`).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain(`Could not connect to http://127.0.0.1:${port}/mcp`);
    // Without an argument, the URL comes from PORT.
    const defaulted = await inspect().then(
      () => undefined,
      (error: { stderr: string }) => error,
    );
    expect(defaulted?.stderr).toContain('Could not connect to http://localhost:1/mcp');
  });
});
