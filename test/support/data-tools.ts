import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeCourse } from './courses';
import { copyOfData, DATA_DIR } from './app';

/**
 * The editors' commands as `npm run data:*` runs them: the compiled CLI, in a child process (the
 * suites that use them are `*.process.e2e-spec.ts`, which run after the build).
 */

export const ROOT = join(__dirname, '..', '..');

export interface ToolRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runTool(
  tool: 'schemas' | 'report' | 'diff' | 'verify' | 'check' | 'record',
  args: string[],
  cwd = ROOT,
  env: Record = {},
): ToolRun {
  const run = spawnSync(process.execPath, [join(ROOT, 'dist', 'data-tools', tool), ...args], {
    cwd,
    encoding: 'utf8',
    // No DATA_DIR from the outside: each test names its data.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

export type Record = { [key: string]: any };

/** A plain, valid, active, unverified course record (engine tests' course less its derived fields). */
export function fixtureCourse(slug: string, edit: (course: Record) => void = () => {}): Record {
  const {
    page_url: _page,
    enrolling: _enrolling,
    price: { budget_band: _band, ...price },
    verification: _verification,
    ...rest
  } = makeCourse(slug, {
    description: 'A course used by a test.',
    best_for: 'Tests.',
    levels: ['beginner'],
    topic_coverage: { ai_seo: 4, geo: 4 },
    ai_geo_focus: 'High',
    updates: 'Monthly',
  });
  const course: Record = { ...rest, price, verification: { last_verified_on: null, sources: [] } };
  edit(course);
  return course;
}

export function writeCourses(dataDir: string, courses: Record[]): void {
  const file = { $schema: './schemas/courses.schema.json', courses };
  writeFileSync(join(dataDir, 'courses.json'), `${JSON.stringify(file, null, 2)}\n`);
}

/** A data directory: the shipped methodology, policies and assistants, and these courses. */
export function fixtureData(courses: Record[]): string {
  const dir = copyOfData();
  writeCourses(dir, courses);
  return dir;
}

export function readJson(path: string): any {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** The rows of a Markdown table under `## title`, as cells (escaped pipes unescaped). */
export function markdownRows(markdown: string, title: string): string[][] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith(`${title}\n`));
  if (!section) throw new Error(`no section "${title}" in:\n${markdown}`);
  return section
    .split('\n')
    .filter((line) => line.startsWith('| '))
    .slice(2)
    .map((line) =>
      line
        .slice(2, -2)
        .split(/ (?<!\\)\| /)
        .map((cell) => cell.replace(/\\\|/g, '|').replace(/\\\\/g, '\\')),
    );
}

/** `YYYY-MM-DD` plus `days`. */
export function plusDays(date: string, days: number): string {
  return new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);
}

/** git in `repo`, as an editor with a name. */
export function git(repo: string, ...args: string[]): string {
  return execFileSync(
    'git',
    ['-c', 'user.name=Editor', '-c', 'user.email=editor@example.com', ...args],
    { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

/** A clone of the project's data: a git repository whose data/ holds the shipped files, committed. */
export function repoWithShippedData(): string {
  const repo = mkdtempSync(join(tmpdir(), 'course-finder-repo-'));
  cpSync(DATA_DIR, join(repo, 'data'), { recursive: true });
  git(repo, 'init', '-q', '-b', 'main');
  git(repo, 'add', 'data');
  git(repo, 'commit', '-q', '-m', 'The shipped data');
  return repo;
}
