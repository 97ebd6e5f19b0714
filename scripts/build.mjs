// `npm run build`: compiles src/ with tsc (tsconfig.build.json) into a fresh dist/ and copies the
// page templates beside the compiled site, then bundles the MCP App (scripts/build-mcp-app.mjs). `--watch` recompiles on change and restarts the server
// (`npm run start:dev`). Plain tsc rather than the Nest CLI: the CLI 12's dependencies need
// Node ≥ 22.12, and this is all its build did here.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, rmSync, watch } from 'node:fs';
import { createRequire } from 'node:module';
import { buildMcpApp } from './build-mcp-app.mjs';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const copyTemplates = () =>
  cpSync('src/site/templates', 'dist/site/templates', { recursive: true });

rmSync('dist', { recursive: true, force: true });
if (!process.argv.includes('--watch')) {
  const { status } = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
    stdio: 'inherit',
  });
  if (status !== 0) process.exit(status ?? 1);
  copyTemplates();
  await buildMcpApp();
} else {
  spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  copyTemplates();
  await buildMcpApp();
  watch('src/site/templates', { recursive: true }, copyTemplates);
  const children = [
    spawn(
      process.execPath,
      [tsc, '-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput'],
      {
        stdio: 'inherit',
      },
    ),
    spawn(process.execPath, ['--watch', 'dist/main'], { stdio: 'inherit' }),
  ];
  const stop = () => children.forEach((child) => child.kill('SIGTERM'));
  process.on('SIGINT', stop).on('SIGTERM', stop);
}
