// Builds the MCP App (src/mcp/app/) into one self-contained HTML file, dist/mcp-app/course-finder.html:
// main.ts and what it imports (the ext-apps app bridge, the finder's questions) bundled by esbuild
// into one inline script, app.css inlined beside it. Nothing is fetched at run time: no CDN, no
// external origin. `npm run build` runs it first (`prebuild`, with `--fresh`: dist/ is emptied
// before the Nest CLI compiles into it), `npm run start:dev` before the CLI starts watching, and
// the jest setup before the tests.
//
//   node scripts/build-mcp-app.mjs [--fresh]
import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = join(ROOT, 'src', 'mcp', 'app');
export const APP_HTML = join(ROOT, 'dist', 'mcp-app', 'course-finder.html');

export async function buildMcpApp() {
  const { outputFiles } = await build({
    entryPoints: [join(SOURCE, 'main.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    // Only the host bridge and the finder's questions are imported; the schema modules lend types.
    logLevel: 'warning',
  });
  const script = outputFiles[0].text;
  // An inline script ends at the first `</script`; esbuild escapes it in strings, and this checks.
  if (/<\/script/i.test(script)) throw new Error('the app bundle contains "</script"');
  const css = readFileSync(join(SOURCE, 'app.css'), 'utf8');
  const html = readFileSync(join(SOURCE, 'app.html'), 'utf8')
    .replace('/* app.css */', () => css)
    .replace('/* main.ts */', () => script);
  mkdirSync(dirname(APP_HTML), { recursive: true });
  writeFileSync(APP_HTML, html);
  return { bytes: Buffer.byteLength(html), path: APP_HTML };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--fresh'))
    rmSync(join(ROOT, 'dist'), { recursive: true, force: true });
  const { bytes, path } = await buildMcpApp();
  console.log(`mcp app: ${path} (${Math.round(bytes / 1024)} KiB)`);
}
