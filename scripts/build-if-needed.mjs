// `npm start` builds first when dist/ (the server or the MCP App) is missing or older than any file in src/.
import { execSync } from 'node:child_process';
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

const built = ['dist/main.js', 'dist/mcp-app/course-finder.html'];
const sources = newest('src');
if (built.some((path) => !existsSync(path) || statSync(path).mtimeMs < sources)) {
  execSync('npm run build', { stdio: 'inherit' });
}
