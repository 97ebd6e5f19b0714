import fc from 'fast-check';
import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * Generators of hostile requests for the fuzz suite: every API operation (paths and parameters read
 * from the service's own OpenAPI document), the site pages, the operations endpoints and `/mcp`,
 * with parameter names and values that are unicode, very long, %-encoded junk, repeated, empty,
 * `__proto__`, `constructor` or `a[]`, mixed with well-formed requests so that answers past
 * validation are exercised too.
 */

export interface HttpCase {
  kind: 'http';
  method: string;
  path: string;
  headers: Record<string, string>;
}
export interface McpCase {
  kind: 'mcp';
  body: string;
  headers: Record<string, string>;
  /** The tools/call requests in the body: tool name by JSON-RPC id (as JSON). */
  toolCalls: Map<string, string>;
}
export type FuzzCase = HttpCase | McpCase;

interface Parameter {
  name: string;
  required: boolean;
  /** The closed set of values, if the parameter has one. */
  values: string[];
}
export interface Operation {
  /** The full path template, e.g. `/api/v1/courses/{slug}`. */
  template: string;
  query: Parameter[];
}

export const SLUGS = [
  'answer-engine-foundations',
  'geo-operator-intensive',
  'ai-visibility-playbooks',
];

const SITE_PATHS = [
  '/ai-seo-courses',
  '/ai-seo-courses/finder',
  '/ai-seo-courses/methodology',
  '/ai-seo-courses/{slug}',
  '/ai-seo-courses.json',
  '/ai-seo-courses.md',
  '/llms.txt',
  '/robots.txt',
  '/sitemap.xml',
  '/.well-known/api-catalog',
  '/.well-known/mcp/server-card.json',
  '/healthz',
  '/readyz',
  '/metrics',
  '/mcp',
];

/** Each tool and the REST operation whose parameters it takes. */
const TOOL_OPERATIONS: Record<string, string> = {
  search_courses: '/courses',
  get_course: '/courses/{slug}',
  recommend_courses: '/recommendations',
  check_course_fit: '/recommendations/fit',
  compare_courses: '/comparisons',
  get_methodology: '/methodology',
  get_changes: '/changes',
};
/** The tools the fuzzer calls; the suite holds them to the server's `tools/list`. */
export const FUZZED_TOOLS = Object.keys(TOOL_OPERATIONS);

/** Names an object treats specially, or a validator skips: every member of Object.prototype. */
const HOSTILE_NAMES = [...Object.getOwnPropertyNames(Object.prototype), 'prototype'];
const HOSTILE_KEYS = ['a[]', 'a[b]', '__proto__[x]', 'constructor[prototype][x]', ''];
const JUNK = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '%ff',
  '%C0%AF',
  '%2F',
  '%25',
  '+',
  '..',
  '%2e%2e',
  '[]',
  ';',
];

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** `encodeURIComponent` of any string (a lone surrogate, which it refuses, becomes U+FFFD). */
const encode = (text: string) => encodeURIComponent(text.replace(LONE_SURROGATE, '\ufffd'));

const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 500, maxLength: 5000 }) },
);

/** A URL component: encoded text, or raw %-junk mixed in. */
const component = fc.oneof(
  { weight: 3, arbitrary: text.map(encode) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.oneof(fc.constantFrom(...JUNK), text.map(encode)), { minLength: 1, maxLength: 4 })
      .map((parts) => parts.join('')),
  },
);

const json = fc.jsonValue({ maxDepth: 3 });

/**
 * A JSON value nested `depth` arrays or objects deep: thousands of levels, under the 100 KB body
 * limit, deeper than JSON.stringify itself can write. `toJson` writes it as text.
 */
class Nested {
  constructor(
    readonly depth: number,
    readonly kind: 'array' | 'object',
  ) {}

  text(): string {
    return this.kind === 'array'
      ? `${'['.repeat(this.depth)}"x"${']'.repeat(this.depth)}`
      : `${'{"a":'.repeat(this.depth)}"x"${'}'.repeat(this.depth)}`;
  }
}

/** Values of the wrong shape at the extremes: nested thousands deep, or thousands wide. */
const extreme = fc.oneof(
  fc
    .record({
      depth: fc.integer({ min: 5, max: 15_000 }),
      kind: fc.constantFrom('array' as const, 'object' as const),
    })
    .map(({ depth, kind }) => new Nested(depth, kind)),
  fc.integer({ min: 100, max: 5_000 }).map((n) => Array.from({ length: n }, (_, i) => `x${i}`)),
  fc
    .integer({ min: 100, max: 3_000 })
    .map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]))),
);

/** JSON.stringify, with each Nested value written as its text. */
export function toJson(value: unknown): string {
  const nested: Nested[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) =>
    v instanceof Nested ? `\u0000nested${nested.push(v) - 1}` : v,
  );
  return text.replace(/"\\u0000nested(\d+)"/g, (_match, i: string) => nested[Number(i)].text());
}

/** Each GET operation of the document with its query parameters. */
export function operationsOf(document: OpenAPIObject): Operation[] {
  const base = new URL(document.servers![0].url).pathname.replace(/\/$/, '');
  return Object.entries(document.paths).map(([template, item]) => {
    const parameters = (item.get?.parameters ?? []) as Array<{
      name: string;
      in: string;
      required?: boolean;
      schema?: { enum?: string[] };
    }>;
    return {
      template: `${base}${template}`,
      query: parameters
        .filter((p) => p.in === 'query')
        .map((p) => ({
          name: p.name,
          required: p.required === true,
          values: p.schema?.enum ?? [],
        })),
    };
  });
}

/** A well-formed value for a parameter, where the document says what one is. */
function plausible(parameter: Parameter): fc.Arbitrary<string> {
  if (parameter.values.length > 0) return fc.constantFrom(...parameter.values);
  return fc
    .uniqueArray(fc.constantFrom(...SLUGS), { minLength: 2, maxLength: 3 })
    .map((slugs) => slugs.join(','));
}

/** A query an honest client could send: the required parameters and some optional ones. */
function plausibleQuery(parameters: Parameter[]): fc.Arbitrary<string> {
  return fc
    .tuple(...parameters.map((p) => fc.tuple(fc.constant(p.name), plausible(p), fc.boolean())))
    .map((pairs) =>
      pairs.filter(([name, , keep]) => keep || parameters.find((p) => p.name === name)!.required),
    )
    .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([n, v]) => `${n}=${v}`).join('&')}`));
}

function hostileQuery(parameters: Parameter[]): fc.Arbitrary<string> {
  const names = parameters.map((p) => p.name);
  const values = parameters.flatMap((p) => p.values);
  const name = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...names, ...HOSTILE_NAMES) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_KEYS) },
    { weight: 2, arbitrary: component },
  );
  const value = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...values, ...SLUGS, 'true', 'false', '1', '0', '') },
    { weight: 1, arbitrary: fc.constantFrom(`${SLUGS[0]},${SLUGS[1]}`, `${SLUGS[0]},${SLUGS[0]}`) },
    { weight: 3, arbitrary: component },
  );
  const pair = fc.oneof(
    { weight: 8, arbitrary: fc.tuple(name, value).map(([n, v]) => `${n}=${v}`) },
    { weight: 1, arbitrary: name },
    { weight: 1, arbitrary: fc.constantFrom('=', '&', '==', 'a[]=', 'a[]=1') },
  );
  // Repeats come from the small name pool, and from doubling a pair.
  return fc
    .array(
      fc.oneof(
        { weight: 5, arbitrary: pair },
        { weight: 1, arbitrary: pair.map((p) => `${p}&${p}`) },
      ),
      { maxLength: 7 },
    )
    .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.join('&')}`));
}

const query = (parameters: Parameter[]) =>
  fc.oneof(
    { weight: 1, arbitrary: plausibleQuery(parameters) },
    { weight: 2, arbitrary: hostileQuery(parameters) },
  );

const ACCEPT = [
  'application/json',
  'text/html',
  'text/markdown',
  '*/*',
  'text/html;q=0.1, application/json;q=0.9',
  'application/mcp-server-card+json',
  'garbage/;;q=x',
  '',
];

const headers = fc
  .record(
    {
      accept: fc.constantFrom(...ACCEPT),
      'if-none-match': fc.oneof(fc.constantFrom('*', '"x"', 'W/"x", "y"'), fc.string()),
      'x-request-id': fc.string({ maxLength: 140 }),
    },
    { requiredKeys: [] },
  )
  // fetch sends header values only as printable Latin-1.
  .map((h) =>
    Object.fromEntries(Object.entries(h).map(([k, v]) => [k, v.replace(/[^\x20-\x7e]/g, 'x')])),
  );

function httpCase(operations: Operation[]): fc.Arbitrary<HttpCase> {
  const slug = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...SLUGS, '__proto__', 'constructor', 'x', '') },
    { weight: 3, arbitrary: component },
  );
  const allParameters = operations.flatMap((o) => o.query);
  const target = fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .constantFrom(...operations)
        .chain((op) => fc.tuple(fc.constant(op.template), slug, query(op.query))),
    },
    {
      weight: 3,
      arbitrary: fc
        .constantFrom(...SITE_PATHS)
        .chain((path) => fc.tuple(fc.constant(path), slug, query(allParameters))),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(
        fc.constantFrom(
          '/{slug}',
          '/api/v1/{slug}',
          '/api/v1/courses/{slug}/{slug}',
          '/api/{slug}',
        ),
        slug,
        fc.constant(''),
      ),
    },
  );
  return fc.record({
    kind: fc.constant('http' as const),
    method: fc.constantFrom('GET', 'GET', 'GET', 'GET', 'HEAD', 'OPTIONS', 'POST', 'DELETE', 'PUT'),
    path: target.map(([template, s, q]) => `${template.replace(/\{[^}]+\}/g, s)}${q}`),
    headers,
  });
}

/** Tool arguments as the REST names and values, booleans and the slug list typed as MCP wants. */
function plausibleArguments(tool: string, operations: Operation[]): fc.Arbitrary<unknown> {
  if (tool === 'get_course') return fc.record({ slug: fc.constantFrom(...SLUGS) });
  if (tool === 'compare_courses') {
    return fc.record({
      courses: fc.uniqueArray(fc.constantFrom(...SLUGS), { minLength: 2, maxLength: 3 }),
    });
  }
  const template = TOOL_OPERATIONS[tool];
  const parameters = operations.find((o) => o.template.endsWith(template))?.query ?? [];
  return fc
    .tuple(
      ...parameters.map((p) => {
        const value =
          p.name === 'courses'
            ? fc.uniqueArray(fc.constantFrom(...SLUGS), { minLength: 1, maxLength: 3 })
            : p.values.includes('true')
              ? fc.boolean()
              : plausible(p);
        return fc.tuple(fc.constant(p.name), value, fc.boolean(), fc.constant(p.required));
      }),
    )
    .map((entries) =>
      Object.fromEntries(entries.filter(([, , keep, required]) => keep || required)),
    );
}

function hostileArguments(operations: Operation[]): fc.Arbitrary<unknown> {
  const names = [...operations.flatMap((o) => o.query.map((p) => p.name)), 'slug', 'courses'];
  const values = operations.flatMap((o) => o.query.flatMap((p) => p.values));
  const value = fc.oneof(
    fc.constantFrom(...values, ...SLUGS, true, false, 'true', ''),
    fc.array(fc.constantFrom(...SLUGS, 'x', '__proto__'), { maxLength: 4 }),
    json,
    extreme,
  );
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.dictionary(fc.constantFrom(...names, ...HOSTILE_NAMES), value, { maxKeys: 6 }),
    },
    { weight: 1, arbitrary: fc.dictionary(fc.string(), json, { maxKeys: 3 }) },
    { weight: 1, arbitrary: json },
  );
}

function rpcRequest(operations: Operation[]) {
  const tools = FUZZED_TOOLS;
  const toolCall = fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .constantFrom(...tools)
        .chain((name) =>
          fc.record({ name: fc.constant(name), arguments: plausibleArguments(name, operations) }),
        ),
    },
    {
      weight: 3,
      arbitrary: fc.record(
        {
          name: fc.oneof(
            { weight: 5, arbitrary: fc.constantFrom(...tools) },
            { weight: 1, arbitrary: fc.string() },
          ),
          arguments: hostileArguments(operations),
        },
        { requiredKeys: ['name'] },
      ),
    },
  );
  const uri = fc.oneof(
    fc.constantFrom(
      'coursefinder://courses',
      'coursefinder://methodology',
      ...SLUGS.map((s) => `coursefinder://courses/${s}`),
      'coursefinder://courses/__proto__',
      'coursefinder://courses/%zz',
      'foo://courses/x',
    ),
    component.map((c) => `coursefinder://courses/${c}`),
    fc.string(),
  );
  const completion = fc.record(
    {
      ref: fc.oneof(
        fc.record({
          type: fc.constant('ref/resource'),
          uri: fc.constantFrom('coursefinder://courses/{slug}', 'x'),
        }),
        json,
      ),
      argument: fc.oneof(
        fc.record({ name: fc.constantFrom('slug', '__proto__'), value: fc.string() }),
        json,
      ),
    },
    { requiredKeys: [] },
  );
  const prompt = fc.record(
    {
      name: fc.constantFrom('find_ai_seo_course', '__proto__'),
      arguments: fc.dictionary(fc.string(), fc.oneof(fc.string(), json)),
    },
    { requiredKeys: [] },
  );
  const initialize = fc.record(
    {
      protocolVersion: fc.constantFrom('2025-06-18', '2025-03-26', 'x'),
      capabilities: fc.oneof(fc.constant({}), json),
      clientInfo: fc.record({ name: fc.string(), version: fc.string() }),
    },
    { requiredKeys: [] },
  );
  const request = (method: string, params: fc.Arbitrary<unknown>) =>
    fc.record({ method: fc.constant(method), params }, { requiredKeys: ['method'] });
  const other = fc.record(
    {
      method: fc.constantFrom(
        'ping',
        'tools/list',
        'resources/list',
        'resources/templates/list',
        'prompts/list',
        'logging/setLevel',
        'notifications/initialized',
        'tools/call',
        'resources/read',
        '__proto__',
        'constructor',
      ),
      params: json,
    },
    { requiredKeys: ['method'] },
  );
  return fc.oneof(
    { weight: 6, arbitrary: request('tools/call', toolCall) },
    { weight: 2, arbitrary: request('resources/read', fc.record({ uri })) },
    { weight: 1, arbitrary: request('completion/complete', completion) },
    { weight: 1, arbitrary: request('prompts/get', prompt) },
    { weight: 1, arbitrary: request('initialize', initialize) },
    { weight: 2, arbitrary: other },
  );
}

function rpcMessage(operations: Operation[]) {
  const id = fc.oneof(
    { weight: 8, arbitrary: fc.integer() },
    { weight: 2, arbitrary: fc.string({ maxLength: 8 }) },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  const version = fc.oneof(
    { weight: 9, arbitrary: fc.constant('2.0') },
    { weight: 1, arbitrary: fc.constant('1.0') },
  );
  return fc.tuple(version, id, rpcRequest(operations)).map(([jsonrpc, id, request]) => ({
    jsonrpc,
    ...(id === undefined ? {} : { id }),
    ...request,
  }));
}

function mcpCase(operations: Operation[]): fc.Arbitrary<McpCase> {
  const message = rpcMessage(operations);
  const body = fc.oneof(
    { weight: 12, arbitrary: message.map(toJson) },
    { weight: 1, arbitrary: fc.array(message, { maxLength: 3 }).map(toJson) },
    { weight: 1, arbitrary: json.map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string() },
  );
  const proper = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-06-18',
  };
  const odd = fc.record(
    {
      'content-type': fc.constantFrom(
        'application/json; charset=utf-8',
        'text/plain',
        'application/x-www-form-urlencoded',
      ),
      accept: fc.constantFrom('application/json', 'text/event-stream', '*/*'),
      'mcp-protocol-version': fc.constantFrom('2025-03-26', '1999-01-01'),
    },
    { requiredKeys: [] },
  );
  return fc
    .record({
      kind: fc.constant('mcp' as const),
      body,
      headers: fc.oneof(
        { weight: 5, arbitrary: fc.constant(proper) },
        { weight: 1, arbitrary: odd },
      ),
    })
    .map((c) => ({ ...c, toolCalls: toolCallsIn(c.body) }));
}

function toolCallsIn(body: string): Map<string, string> {
  const calls = new Map<string, string>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return calls;
  }
  for (const message of [parsed].flat() as Array<Record<string, any> | null>) {
    if (message?.method === 'tools/call' && typeof message.params?.name === 'string') {
      calls.set(JSON.stringify(message.id), message.params.name);
    }
  }
  return calls;
}

export function fuzzCase(operations: Operation[]): fc.Arbitrary<FuzzCase> {
  return fc.oneof(
    { weight: 3, arbitrary: httpCase(operations) },
    { weight: 1, arbitrary: mcpCase(operations) },
  );
}
