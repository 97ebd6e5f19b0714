import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'node:util';
import { runCommand } from '../../src/data-tools/cli';
import * as report from '../../src/data-tools/report';
import * as verify from '../../src/data-tools/verify';
import { makeCourse } from './courses';
import { copyOfData, DATA_DIR } from './app';

/**
 * The editors' commands as `npm run data:*` runs them: the compiled CLI, in a child process (the
 * suites that use them are `*.process.e2e-spec.ts`, which wait for the build), or the command
 * itself in the test's process (`runHere`), for the runs that need no process of their own.
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

const COMMANDS = {
  report: [report.USAGE, report.report],
  verify: [verify.USAGE, verify.verify],
} as const;

/**
 * A command run in this process from src/, as the CLI runs it (`runCommand`): what it prints and
 * its exit code, without starting Node and loading the command again for each run. Not for a run
 * that formats JSON: Prettier loads itself with `import()`, which jest's loader cannot run. The
 * suites keep runs of the built CLI (`runTool`).
 */
export async function runHere(tool: keyof typeof COMMANDS, args: string[]): Promise<ToolRun> {
  const [usage, command] = COMMANDS[tool];
  const printed = { stdout: '', stderr: '' };
  const log = jest
    .spyOn(console, 'log')
    .mockImplementation((...parts) => void (printed.stdout += `${format(...parts)}\n`));
  const error = jest
    .spyOn(console, 'error')
    .mockImplementation((...parts) => void (printed.stderr += `${format(...parts)}\n`));
  // As runTool: no DATA_DIR from the outside; each test names its data.
  const dataDir = process.env.DATA_DIR;
  delete process.env.DATA_DIR;
  try {
    const code = await runCommand(usage, command, args);
    return { code, ...printed };
  } finally {
    log.mockRestore();
    error.mockRestore();
    if (dataDir !== undefined) process.env.DATA_DIR = dataDir;
  }
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

/**
 * A course's `verification` as `courses.json` holds it in the project's format (Prettier keeps
 * an object written across lines so): to find a course's block in the file, or write one.
 */
export function verificationText(verification: Record['verification']): string {
  return `      "verification": ${JSON.stringify(verification, null, 2).replaceAll('\n', '\n      ')},`;
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

export { plusDays } from './clock';

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
