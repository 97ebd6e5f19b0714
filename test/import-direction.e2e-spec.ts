import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The import direction of `src/` is enforced by `npm run lint` (eslint.config.mjs): a file planted
 * in a folder with an import its folder may not make is an error; allowed imports are not.
 */

const ROOT = join(__dirname, '..');

/**
 * Lints one planted file per case with the project's ESLint config, in one Node process (the
 * config is an ES module, which jest's loader cannot import), and returns each case's
 * `no-restricted-imports` messages.
 */
function restrictedImports(cases: [file: string, specifier: string][]): string[][] {
  const script = `
    const { ESLint } = await import('eslint');
    const eslint = new ESLint({ cwd: process.cwd() });
    const cases = JSON.parse(process.argv[1]);
    const found = [];
    for (const [file, specifier] of cases) {
      const code = "import { x } from '" + specifier + "';\\nexport const y = x;\\n";
      const [result] = await eslint.lintText(code, { filePath: file });
      found.push(result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message));
    }
    console.log(JSON.stringify(found));`;
  const output = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', script, JSON.stringify(cases)],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  return JSON.parse(output);
}

const FORBIDDEN: [string, string][] = [
  ['src/core/planted.ts', '../edge/policies'],
  ['src/core/validation/planted.ts', '../../catalog/vocabulary'],
  ['src/catalog/planted.ts', '../recommendations/engine'],
  ['src/catalog/planted.ts', '../mcp/server-info'],
  ['src/edge/planted.ts', '../site/links'],
  ['src/edge/planted.ts', '../courses/courses.service'],
  ['src/recommendations/planted.ts', '../courses/courses.service'],
  ['src/recommendations/planted.ts', '../edge/representation'],
  ['src/mcp/planted.ts', '../site/links'],
  ['src/ops/planted.ts', '../edge/edge.module'],
];
const ALLOWED: [string, string][] = [
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
  let found: string[][];
  beforeAll(() => {
    found = restrictedImports([...FORBIDDEN, ...ALLOWED]);
  });

  it.each(FORBIDDEN.map((c, i) => [...c, i] as const))('%s may not import %s', (_f, _s, i) => {
    expect(found[i]).toEqual([expect.stringContaining('(README, Layout)')]);
  });

  it.each(ALLOWED.map((c, i) => [...c, FORBIDDEN.length + i] as const))(
    '%s may import %s',
    (_f, _s, i) => {
      expect(found[i]).toEqual([]);
    },
  );
});
