// `npm start` builds first when dist/ (the server or the MCP App) is missing or older than any file
// in src/.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const built = [
  'dist/main.js',
  'dist/mcp-app/course-finder.html',
  'dist/workers/distribution.worker.js',
];
const sources = newest('src');
if (built.some((path) => !existsSync(path) || statSync(path).mtimeMs < sources)) {
  console.log(
    existsSync(built[0])
      ? 'Sources changed: building Course Finder…'
      : 'First start: building Course Finder (a few seconds)…',
  );
  execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
}
