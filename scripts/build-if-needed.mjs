// `npm start` builds first when dist/ (the server or the MCP App) is missing or older than any file
// in src/ but the unit specs.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { newestSource } from './bundle.mjs';

const built = [
  'dist/main.js',
  'dist/mcp-app/course-finder.html',
  'dist/workers/distribution.worker.js',
];
const sources = newestSource();
if (built.some((path) => !existsSync(path) || statSync(path).mtimeMs < sources)) {
  console.log(
    existsSync(built[0])
      ? 'Sources changed: building Course Finder…'
      : 'First start: building Course Finder (a few seconds)…',
  );
  execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
}
