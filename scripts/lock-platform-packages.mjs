// Adds lockfile entries for platform-specific optional packages (e.g. @swc/core-darwin-arm64) that
// npm left out because the registry this lockfile was made against does not serve them. Without the
// entries `npm ci` refuses the lockfile ("Missing: … from lock file"); with them, npm skips the
// packages on other platforms as it always does. Run after `npm install` changes the lockfile:
//   node scripts/lock-platform-packages.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const OS = [
  'darwin',
  'linux',
  'win32',
  'freebsd',
  'android',
  'openharmony',
  'sunos',
  'aix',
  'netbsd',
  'openbsd',
];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64', 'wasm32'];

/** `core-linux-arm-gnueabihf` → { os: ['linux'], cpu: ['arm'], libc: ['glibc'] }. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.find((part) => CPU.includes(part));
  if (!os || !cpu) return undefined;
  const libc = parts.some((part) => part.startsWith('musl'))
    ? ['musl']
    : parts.some((part) => part.startsWith('gnu'))
      ? ['glibc']
      : undefined;
  return { os: [os], cpu: [cpu], ...(libc ? { libc } : {}) };
}

const path = 'package-lock.json';
const lock = JSON.parse(readFileSync(path, 'utf8'));
const added = [];
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const target = `${location ? `${location}/` : ''}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (lock.packages[target] || lock.packages[hoisted]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    lock.packages[hoisted] = {
      version,
      ...platform,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
    };
    added.push(`${name}@${version}`);
  }
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) =>
    a === '' ? -1 : b === '' ? 1 : a.localeCompare(b),
  ),
);
writeFileSync(path, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
console.log(added.length ? `added ${added.length}: ${added.join(', ')}` : 'nothing to add');
