import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  Client,
  type ClientOptions,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { ANSWER_NAMES } from '../src/catalog/vocabulary';
import { MCP_PATH } from '../src/core/paths';
import { APP_URI } from '../src/mcp/course-finder.app';
import {
  getToolUiResourceUri,
  RESOURCE_MIME_TYPE,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import { EXTENSION_ID } from '@modelcontextprotocol/ext-apps/server';
import { MCP_CAPABILITIES } from '../src/mcp/server-info';
import { startTestApp, type TestApp } from './support/app';
import { SAMPLE_ANSWERS } from './support/answers';

/**
 * The MCP App (SEP-1865) and the 2026-07-28 protocol revision (`server/discover`, cache hints),
 * through the v2 SDK client under both protocol eras: 2025-11-25 (`initialize`) and 2026-07-28.
 */

const ERAS = [
  ['2025-11-25', 'legacy'],
  ['2026-07-28', { pin: '2026-07-28' }],
] as const;
const APP_TOOLS = ['compare_courses', 'get_course', 'recommend_courses', 'search_courses'];
/** What a host with MCP Apps says it renders, in the names of `@modelcontextprotocol/ext-apps`. */
const UI_CLIENT_CAPABILITIES = {
  extensions: { [EXTENSION_ID]: { mimeTypes: [RESOURCE_MIME_TYPE] } },
};

let t: TestApp;
const clients: Client[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await t.close();
});

async function connect(
  mode: (typeof ERAS)[number][1],
  capabilities: ClientOptions['capabilities'] = {},
): Promise<Client> {
  const client = new Client(
    { name: 'course-finder-e2e', version: '1.0.0' },
    { versionNegotiation: { mode }, capabilities },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}${MCP_PATH}`)));
  clients.push(client);
  return client;
}

/** A JSON-RPC request of revision 2026-07-28 over plain HTTP: the per-request `_meta` envelope. */
async function modernRequest(method: string, params: Record<string, unknown> = {}) {
  const response = await fetch(`${t.url}${MCP_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      // The revision's routing header, required for the methods that name something.
      ...(typeof (params.name ?? params.uri) === 'string'
        ? { 'mcp-name': String(params.name ?? params.uri) }
        : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
  });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as any };
}

describe.each(ERAS)('protocol %s', (version, mode) => {
  let client: Client;
  beforeAll(async () => {
    client = await connect(mode);
  });

  it('negotiates the revision and advertises the MCP Apps extension', () => {
    expect(client.getNegotiatedProtocolVersion()).toBe(version);
    expect(client.getServerCapabilities()).toEqual(MCP_CAPABILITIES);
    expect(client.getServerCapabilities()!.extensions).toEqual({
      'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] },
    });
  });

  it('lists the ui:// app with the MCP Apps MIME type and a CSP that allows no origin', async () => {
    const { resources } = await client.listResources();
    const app = resources.find((r) => r.uri.startsWith('ui://'));
    expect(app).toEqual({
      uri: APP_URI,
      name: 'course-finder-app',
      description: expect.stringMatching(/\S/),
      mimeType: 'text/html;profile=mcp-app',
      _meta: {
        ui: {
          csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
          prefersBorder: true,
        },
      },
    });
  });

  it('reads the app: one self-contained HTML document, nothing loaded from anywhere', async () => {
    const { contents } = await client.readResource({ uri: APP_URI });
    expect(contents).toHaveLength(1);
    const [content] = contents as [{ uri: string; mimeType: string; text: string; _meta: any }];
    expect(content).toMatchObject({ uri: APP_URI, mimeType: 'text/html;profile=mcp-app' });
    expect(content._meta.ui.csp.resourceDomains).toEqual([]);
    const html = content.text;
    expect(html).toMatch(/^<!doctype html>\s*<html lang="en">/i);
    expect(html).toMatch(/<\/html>\s*$/);
    // Inline script and style only: no src, no stylesheet link, nothing the style sheet loads.
    expect(html).not.toMatch(/<script[^>]+src=/i);
    expect(html).not.toMatch(/<link[^>]+(stylesheet|preload|modulepreload)/i);
    expect(html.match(/<script>/g)).toHaveLength(1);
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1];
    expect(style).not.toMatch(/@import|url\(/i);
  });

  it('links the four data tools to the app, and not get_methodology', async () => {
    const { tools } = await client.listTools();
    const linked = tools.filter((tool) => tool._meta?.ui);
    expect(linked.map((tool) => tool.name).sort()).toEqual(APP_TOOLS);
    for (const tool of linked) {
      expect(tool._meta).toMatchObject({ ui: { resourceUri: APP_URI }, 'ui/resourceUri': APP_URI });
      expect(tool.annotations?.title).toMatch(/\S/);
    }
  });

  it('is found as ext-apps’ host side looks for it, by a host of either form', async () => {
    expect(client.getServerCapabilities()?.extensions?.[EXTENSION_ID]).toEqual({
      mimeTypes: [RESOURCE_MIME_TYPE],
    });
    const { tools } = await client.listTools();
    const linked = tools.filter((tool) => getToolUiResourceUri(tool) !== undefined);
    expect(linked.map((tool) => tool.name).sort()).toEqual(APP_TOOLS);
    for (const tool of linked) {
      expect(getToolUiResourceUri(tool)).toBe(APP_URI);
      // An older host reads the flat form alone.
      const { ui: _nested, ...flat } = tool._meta!;
      expect(getToolUiResourceUri({ ...tool, _meta: flat })).toBe(APP_URI);
    }
    const { resources } = await client.listResources();
    expect(resources.find((resource) => resource.uri === APP_URI)?.mimeType).toBe(
      RESOURCE_MIME_TYPE,
    );
  });

  it('answers a host with the extension exactly as a host without it (REST body, JSON text)', async () => {
    const host = await connect(mode, UI_CLIENT_CAPABILITIES);
    const args = { name: 'recommend_courses', arguments: SAMPLE_ANSWERS };
    const [plain, withUi] = await Promise.all([client.callTool(args), host.callTool(args)]);
    expect(withUi).toEqual(plain);
    const rest = await t.json(`/api/v1/recommendations?${new URLSearchParams(SAMPLE_ANSWERS)}`);
    expect(plain.structuredContent).toEqual(rest);
    expect(plain.content).toEqual([{ type: 'text', text: JSON.stringify(rest) }]);
    expect(plain.isError).toBeUndefined();
  });
});

describe('the size of the app, as resources/read sends it', () => {
  // What a host downloads, as the MCP endpoint sends it in each coding it offers, and decoded
  // (docs/mcp.md#the-course-finder-app).
  it.each(['br', 'gzip'])('is at most 160 KB in %s, and at most 450 KB decoded', async (coding) => {
    const { encoding, wire } = await postForBytes(
      { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: APP_URI } },
      coding,
    );
    expect(encoding).toBe(coding);
    expect(wire.length).toBeLessThanOrEqual(160_000);
    const decoded = (coding === 'br' ? brotliDecompressSync : gunzipSync)(wire);
    expect(JSON.parse(decoded.toString()).result.contents[0].text).toMatch(/^<!doctype html>/i);
    expect(decoded.length).toBeLessThanOrEqual(450_000);
  });
});

/** A JSON-RPC message POSTed to the endpoint, and the answer's bytes as they came, undecoded. */
function postForBytes(message: object, coding: string) {
  const { hostname, port } = new URL(t.url);
  return new Promise<{ encoding?: string; wire: Buffer }>((resolve, reject) => {
    httpRequest(
      {
        hostname,
        port,
        path: MCP_PATH,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
          'accept-encoding': coding,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ encoding: response.headers['content-encoding'], wire: Buffer.concat(chunks) }),
        );
      },
    )
      .on('error', reject)
      .end(JSON.stringify(message));
  });
}

describe('cache hints (2026-07-28): the REST contract\'s "public, max-age=300"', () => {
  it('every list and read result carries ttlMs 300000 and cacheScope public', async () => {
    const client = await connect({ pin: '2026-07-28' });
    const results = {
      'tools/list': await client.listTools(),
      'prompts/list': await client.listPrompts(),
      'resources/list': await client.listResources(),
      'resources/templates/list': await client.listResourceTemplates(),
      'resources/read (data)': await client.readResource({ uri: 'coursefinder://methodology' }),
      'resources/read (app)': await client.readResource({ uri: APP_URI }),
    };
    for (const [method, result] of Object.entries(results)) {
      expect({ method, ttlMs: result.ttlMs, cacheScope: result.cacheScope }).toEqual({
        method,
        ttlMs: 300_000,
        cacheScope: 'public',
      });
    }
  });

  it('server/discover advertises the extension and is cacheable the same way', async () => {
    const { status, body } = await modernRequest('server/discover');
    expect(status).toBe(200);
    expect(body.result).toMatchObject({
      supportedVersions: expect.arrayContaining(['2026-07-28']),
      capabilities: {
        extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
      },
      ttlMs: 300_000,
      cacheScope: 'public',
    });
    // The server card names every revision the endpoint serves, this era's and the last's.
    const card = await t.json('/.well-known/mcp/server-card.json');
    expect(card.remotes[0].supportedProtocolVersions).toEqual(
      expect.arrayContaining([...body.result.supportedVersions, '2025-11-25', '2024-11-05']),
    );
  });

  it('tool results carry none: they are not cacheable results in this revision', async () => {
    const { body } = await modernRequest('tools/call', {
      name: 'recommend_courses',
      arguments: SAMPLE_ANSWERS,
    });
    expect(body.result.structuredContent.data.answers).toEqual(SAMPLE_ANSWERS);
    expect(body.result).not.toHaveProperty('ttlMs');
    expect(body.result).not.toHaveProperty('cacheScope');
  });

  it('2025-era results carry none: that revision has no such fields', async () => {
    const client = await connect('legacy');
    const listed = await client.listTools();
    expect(listed).not.toHaveProperty('ttlMs');
    expect(listed).not.toHaveProperty('cacheScope');
  });
});

describe('requests of revision 2026-07-28 are left to the SDK', () => {
  // The 2025-era pre-check (request-check.ts) must not answer these by the older rules.
  it.each(['initialize', 'logging/setLevel', 'resources/subscribe'])(
    'the removed method %s is 404 with -32601',
    async (method) => {
      const { status, body } = await modernRequest(method, { protocolVersion: '2026-07-28' });
      expect(status).toBe(404);
      expect(body.error.code).toBe(-32601);
    },
  );

  it('a malformed request is still -32602, never an internal error', async () => {
    const { body } = await modernRequest('resources/read', {});
    expect(body.error.code).toBe(-32602);
  });

  it('recommend_courses takes the same six answers', async () => {
    const { body } = await modernRequest('tools/call', {
      name: 'recommend_courses',
      arguments: SAMPLE_ANSWERS,
    });
    expect(Object.keys(body.result.structuredContent.data.answers)).toEqual(ANSWER_NAMES);
  });
});
