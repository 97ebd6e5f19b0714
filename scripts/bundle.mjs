// Bundles, with esbuild, the two parts of the service that do not run in the server's own module
// graph, each self-contained:
//
// - the MCP App (src/mcp/app/) into one HTML file, dist/mcp-app/course-finder.html: main.ts and what
//   it imports (the ext-apps app bridge, the finder's questions) as one inline script, app.css
//   inlined beside it. Nothing is fetched at run time: no CDN, no external origin.
// - the methodology page's worker (src/recommendations/distribution.worker.ts and the engine it
//   runs) into dist/workers/distribution.worker.js, so it runs the same from the built server and
//   from the tests, which run the server from src/.
//
// `npm run build` runs it first (`prebuild`, with `--fresh`: dist/ is emptied before the Nest CLI
// compiles into it), `npm run start:dev` before the CLI starts watching, and the end-to-end tests'
// setup when a source is newer than its bundle (`--if-stale`).
//
//   node scripts/bundle.mjs [--fresh | --if-stale]
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const APP_SOURCE = join(ROOT, 'src', 'mcp', 'app');
export const APP_HTML = join(ROOT, 'dist', 'mcp-app', 'course-finder.html');
export const WORKER_JS = join(ROOT, 'dist', 'workers', 'distribution.worker.js');

/**
 * zod's own locales, English alone. ext-apps' `App` validates the host's messages with zod's classic
 * API and imports its `z` as a value, so esbuild keeps that namespace whole, `z.locales` with it:
 * every one of zod's ~40 languages, about 250 KB minified. The app never sets a locale and
 * zod's default is English, so zod's locale index resolves here to a module that holds `en` alone,
 * taken from zod's published `zod/v4/locales/*` entry. The build fails if zod no longer imports
 * that index, rather than growing back unnoticed (the size is held by test/mcp-app.e2e-spec.ts).
 */
function zodEnglishOnly() {
  const state = { replaced: 0 };
  const plugin = {
    name: 'zod-english-only',
    setup(build) {
      build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, ({ importer }) => {
        if (!/[\\/]node_modules[\\/]zod[\\/]/.test(importer)) return undefined;
        state.replaced++;
        return { path: 'zod-locales', namespace: 'zod-english-only' };
      });
      build.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, () => ({
        contents: "export { default as en } from 'zod/v4/locales/en.js';",
        resolveDir: ROOT,
      }));
    },
  };
  return { plugin, state };
}

/** esbuild, a development dependency, loaded only to bundle: `npm start` reads `newestSource`. */
const esbuild = () => import('esbuild');

export async function bundleMcpApp() {
  const { build } = await esbuild();
  const english = zodEnglishOnly();
  const { outputFiles } = await build({
    entryPoints: [join(APP_SOURCE, 'main.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [english.plugin],
  });
  if (!english.state.replaced)
    throw new Error("zod's locale index was not found: see zodEnglishOnly");
  const script = outputFiles[0].text;
  // An inline script ends at the first `</script`; esbuild escapes it in strings, and this checks.
  if (/<\/script/i.test(script)) throw new Error('the app bundle contains "</script"');
  const css = readFileSync(join(APP_SOURCE, 'app.css'), 'utf8');
  const html = readFileSync(join(APP_SOURCE, 'app.html'), 'utf8')
    .replace('/* app.css */', () => css)
    .replace('/* main.ts */', () => script);
  mkdirSync(dirname(APP_HTML), { recursive: true });
  writeFileSync(APP_HTML, html);
  return { bytes: Buffer.byteLength(html), path: APP_HTML };
}

export async function bundleWorker() {
  const { build } = await esbuild();
  await build({
    entryPoints: [join(ROOT, 'src', 'recommendations', 'distribution.worker.ts')],
    outfile: WORKER_JS,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node22',
    logLevel: 'warning',
  });
  return { bytes: statSync(WORKER_JS).size, path: WORKER_JS };
}

/** The newest modification time of any file under `dir` but the unit specs, which nothing builds. */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(path));
    else if (!entry.name.endsWith('.spec.ts')) latest = Math.max(latest, statSync(path).mtimeMs);
  }
  return latest;
}

/** The newest modification time of what a build reads: src/, less the unit specs. */
export const newestSource = () => newest(join(ROOT, 'src'));

/** Whether a bundle is missing or older than any file of src/ (what it imports is in there). */
export function stale(bundle) {
  return !existsSync(bundle) || statSync(bundle).mtimeMs < newestSource();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--fresh'))
    rmSync(join(ROOT, 'dist'), { recursive: true, force: true });
  const ifStale = process.argv.includes('--if-stale');
  for (const [bundle, make] of [
    [APP_HTML, bundleMcpApp],
    [WORKER_JS, bundleWorker],
  ]) {
    if (ifStale && !stale(bundle)) continue;
    const { bytes, path } = await make();
    console.log(`bundled ${path.slice(ROOT.length + 1)} (${Math.round(bytes / 1024)} KiB)`);
  }
}
