// Tools whose packages declare a newer Node than this project runs on (engines: Node ≥ 22), so they
// are not devDependencies (`npm ci` would warn about them on Node 20): installed from the npm
// registry on first use, at the exact versions listed here, into node_modules/.cache/tools/<name>,
// and imported from there. A change to a list installs that tool afresh.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = join(import.meta.dirname, '..');

export const TOOLS = {
  // The Kubernetes and CRD schemas scripts/check-deploy.mjs validates the manifests against.
  'kubernetes-models': [
    'kubernetes-models@5.1.0',
    '@kubernetes-models/gateway-api@2.0.0',
    '@kubernetes-models/cert-manager@6.0.0',
    '@kubernetes-models/prometheus-operator@6.0.0',
  ],
};

/** The folder holding the tool's node_modules, installed if it is not there yet. */
export function toolDir(name) {
  const packages = TOOLS[name];
  const dir = join(ROOT, 'node_modules', '.cache', 'tools', name);
  const marker = join(dir, 'installed.json');
  const wanted = JSON.stringify(packages);
  if (existsSync(marker) && readFileSync(marker, 'utf8') === wanted) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{"private":true,"type":"module"}\n');
  // Imports resolved from inside the tool's folder see its node_modules (and package exports).
  writeFileSync(join(dir, 'load.mjs'), 'export const load = (specifier) => import(specifier);\n');
  execFileSync(
    'npm',
    [
      'install',
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--loglevel=error',
      ...packages,
    ],
    { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  writeFileSync(marker, wanted);
  return dir;
}

/** `import(specifier)` as seen from the tool's folder. */
export async function importFromTool(name, specifier) {
  const { load } = await import(pathToFileURL(join(toolDir(name), 'load.mjs')).href);
  return load(specifier);
}
