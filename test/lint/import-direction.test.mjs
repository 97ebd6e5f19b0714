import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';

/**
 * The import direction of `src/` is enforced by `npm run lint` (eslint.config.mjs): a file planted
 * in a folder with an import its folder may not make is an error; allowed imports are not. So are
 * a source file over 300 lines, a reach into a library's private fields or unexported files, and a
 * method replaced by assignment. Run by `npm run lint`, with ESLint and the project's config.
 */

const ROOT = new URL('../..', import.meta.url).pathname;

/**
 * Every planted file of this suite, linted once, when the first test asks: each `describe` plants
 * its files when the suite is defined and reads its results in its tests.
 */
const planted = [];
let linted;

async function lintAll() {
  const eslint = new ESLint({ cwd: ROOT });
  const found = [];
  for (const { rule, files } of planted) {
    const messages = [];
    for (const [filePath, code] of files) {
      const [result] = await eslint.lintText(code, { filePath });
      messages.push(result.messages.filter((m) => m.ruleId === rule).map((m) => m.message));
    }
    found.push(messages);
  }
  return found;
}

/** Plants files whose messages from one rule the returned function gives, in the same order. */
function plant(rule, files) {
  const index = planted.push({ rule, files }) - 1;
  return async () => (await (linted ??= lintAll()))[index];
}

/** Each file's messages, each holding the text expected of it, in order. */
function assertMessages(found, expected) {
  const shown = found.map((messages, i) =>
    messages.map((message, j) => (message.includes(expected[i]?.[j]) ? expected[i][j] : message)),
  );
  assert.deepEqual(shown, expected);
}

function restrictedImports(cases) {
  return plant(
    'no-restricted-imports',
    cases.map(([file, specifier]) => [
      file,
      `import { x } from '${specifier}';\nexport const y = x;\n`,
    ]),
  );
}

const FORBIDDEN = [
  ['src/core/planted.ts', '../edge/policies'],
  ['src/core/validation/planted.ts', '../../catalog/vocabulary'],
  ['src/catalog/planted.ts', '../recommendations/engine'],
  ['src/catalog/planted.ts', '../mcp/server-info'],
  ['src/edge/planted.ts', '../site/links'],
  ['src/edge/planted.ts', '../courses/courses.service'],
  ['src/recommendations/planted.ts', '../courses/courses.service'],
  ['src/recommendations/planted.ts', '../edge/http-cache.interceptor'],
  ['src/mcp/planted.ts', '../site/links'],
  ['src/ops/planted.ts', '../edge/edge.module'],
];
const ALLOWED = [
  ['src/catalog/planted.ts', '../core/paths'],
  ['src/core/validation/planted.ts', '../paths'],
  ['src/recommendations/planted.ts', '../catalog/vocabulary'],
  ['src/recommendations/planted.ts', '../edge/policies'],
  ['src/site/planted.ts', '../mcp/server-info'],
  ['src/site/planted.ts', '../recommendations/engine'],
  ['src/mcp/planted.ts', '../courses/courses.service'],
  ['src/app.module.ts', './site/site.module'],
];

describe('folders import only the folders below them', () => {
  const found = restrictedImports([...FORBIDDEN, ...ALLOWED]);

  FORBIDDEN.forEach(([file, specifier], i) => {
    it(`${file} may not import ${specifier}`, async () => {
      assert.equal((await found())[i].length, 1);
      assert.match((await found())[i][0], /\(README, Layout\)/);
    });
  });

  ALLOWED.forEach(([file, specifier], i) => {
    it(`${file} may import ${specifier}`, async () => {
      assert.deepEqual((await found())[FORBIDDEN.length + i], []);
    });
  });
});

describe('no source file in src/ is over 300 lines', () => {
  const lines = (count) =>
    Array.from({ length: count }, (_, i) => `export const line${i} = ${i};`).join('\n') + '\n';

  const found = plant('max-lines', [
    ['src/catalog/planted.ts', lines(301)],
    ['src/catalog/planted.ts', lines(300)],
    ['src/catalog/planted.spec.ts', lines(400)],
  ]);

  it('lint refuses a 301-line source file and accepts 300 lines, or a longer spec', async () => {
    assertMessages(await found(), [['Maximum allowed is 300'], [], []]);
  });
});

describe("no source file reaches into a library's private fields", () => {
  const found = plant('no-restricted-syntax', [
    ['src/edge/planted.ts', 'export const x = (server: any) => server._requestHandlers;\n'],
    ['src/edge/planted.ts', 'export const x = (guard: any) => guard.commonOptions;\n'],
    ['src/edge/planted.ts', 'export const x = (guard: any) => guard.throttlers;\n'],
    ['src/edge/planted.ts', "export const key = 'THROTTLER:LIMITdefault';\n"],
    ['src/edge/planted.ts', 'export const options = { throttlers: [] };\n'],
  ]);

  it('lint refuses _requestHandlers, commonOptions, throttlers and THROTTLER: keys in src/', async () => {
    assertMessages(await found(), [
      // `_requestHandlers` is also a `_` member: both rules name it.
      ['private field', 'A private member'],
      ['private field'],
      ['private field'],
      ['private metadata key'],
      [],
    ]);
  });
});

describe("no source file reaches into a library's or Node's private members", () => {
  const found = plant('no-restricted-syntax', [
    ['src/edge/planted.ts', 'export const f = (socket: any) => socket._httpMessage;\n'],
    ['src/edge/planted.ts', "export const f = (keyv: any) => keyv['_store'];\n"],
    ['src/edge/planted.ts', 'export const f = (o: any) => o?._events?.close;\n'],
    ['src/mcp/planted.ts', 'export const f = (result: any) => result._meta;\n'],
    ['src/mcp/planted.ts', 'export class A { _n = 1; f() { return this._n; } }\n'],
  ]);

  it("lint refuses `_`-prefixed members of objects that are not its own, but MCP's `_meta`", async () => {
    const refused = ['A private member'];
    assertMessages(await found(), [refused, refused, refused, [], []]);
  });
});

describe("no source file imports a library's unexported files", () => {
  const found = restrictedImports([
    ['src/openapi/planted.ts', '@nestjs/common/constants.js'],
    ['src/openapi/planted.ts', '@nestjs/core/helpers/external-context-creator.js'],
    ['src/edge/planted.ts', '@nestjs/core/router/route-params-factory'],
    ['src/mcp/planted.ts', '@rekog/mcp-nest/dist/mcp/transport/mcp.strategy'],
    ['src/main.ts', '@nestjs/core/internal'],
    ['src/openapi/planted.ts', '@nestjs/core'],
    ['src/mcp/planted.ts', '@rekog/mcp-nest'],
    ['src/mcp/planted.ts', '@modelcontextprotocol/server'],
  ]);

  it('lint refuses deep paths into @nestjs/* and into any package’s dist/, and takes entry points', async () => {
    const refused = ["library's unexported file"];
    assertMessages(await found(), [refused, refused, refused, refused, refused, [], [], []]);
  });
});

describe("no source file replaces an object's method", () => {
  const found = plant('no-restricted-syntax', [
    [
      'src/mcp/planted.ts',
      'export const f = (server: any) => { server.setRequestHandler = () => 1; };\n',
    ],
    [
      'src/mcp/planted.ts',
      'export const f = (s: any) => { s.handle = ((x: number) => x) as unknown as never; };\n',
    ],
    ['src/edge/planted.ts', 'export const f = (s: any, g: any) => { s.send = g.bind(s); };\n'],
    ['src/edge/planted.ts', 'export const f = (s: any) => { s.end = function () {}; };\n'],
    ['src/edge/planted.ts', 'export const f = (s: any) => { s.count = 3; };\n'],
    ['src/edge/planted.ts', 'export class A { f = 1; g() { this.f = 2; } }\n'],
  ]);

  it('lint refuses assigning a function over a member, however it is cast or bound', async () => {
    const refused = ["Do not replace an object's method"];
    assertMessages(await found(), [refused, refused, refused, refused, [], []]);
  });
});
