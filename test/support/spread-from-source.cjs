// The methodology page's worker for the unit specs, which run from src/ with nothing built
// (test/support/room.ts): src/recommendations/distribution.worker.ts itself, its TypeScript read by
// Node's own type stripping. The sources import each other without an extension, as the compiler
// and the bundler take them; a resolve hook (Node's documented `module.registerHooks`) finds the
// `.ts` file beside. The end-to-end suites run the bundle (spread-worker.cjs).
const { existsSync } = require('node:fs');
const { registerHooks } = require('node:module');
const { join } = require('node:path');
const { fileURLToPath } = require('node:url');

registerHooks({
  resolve(specifier, context, nextResolve) {
    const ts = specifier.startsWith('.') && new URL(`${specifier}.ts`, context.parentURL);
    const found = nextResolve(ts && existsSync(fileURLToPath(ts)) ? ts.href : specifier, context);
    // The sources are ES modules; package.json says nothing, so Node would guess, and say so.
    return found.url.endsWith('.ts') ? { ...found, format: 'module-typescript' } : found;
  },
});
require(join(__dirname, '..', '..', 'src', 'recommendations', 'distribution.worker.ts'));
