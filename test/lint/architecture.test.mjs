import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';

/**
 * docs/architecture.md#what-we-wrote-ourselves-and-why holds to the tree: every folder of src/ is a
 * feature room or infrastructure; every file its two tables name exists; every file of an
 * infrastructure folder is named in one of them; each row of the first counts its files' lines
 * (give or take 15 %, or 15 lines) and names the library read with its version, or none. Plain
 * file reads, run by `npm run lint`.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const SRC = join(ROOT, 'src');
const HEADING = '## What we wrote ourselves, and why';

const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
const from = doc.indexOf(HEADING);
assert.notEqual(from, -1, `docs/architecture.md has no "${HEADING}"`);
const section = doc.slice(from, doc.indexOf('\n## ', from + HEADING.length));

/** The code spans of a piece of Markdown. */
const spans = (text) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]);

/** A path below src/ as the tables write it: `edge/http-cache.interceptor.ts`, `mcp/app/`. */
const isPath = (span) => /^[\w-]+\/([\w.-]+\/)*([\w.-]+\.\w+)?$/.test(span);

/** The folders a bullet of the section names (`- **Feature rooms** … `courses/` …`). */
function foldersOf(kind) {
  const bullet = new RegExp(`^- \\*\\*${kind}\\*\\*[\\s\\S]*?(?=^- |^$)`, 'm').exec(section);
  assert.ok(bullet, `the section has no "- **${kind}**" bullet`);
  return spans(bullet[0]).filter((span) => /^[\w-]+\/$/.test(span));
}

/** Each Markdown table of the section: its header's cells and its rows' cells. */
function tables() {
  const found = [];
  let current;
  for (const line of section.split('\n')) {
    if (!line.startsWith('|')) {
      current = undefined;
      continue;
    }
    const cells = line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim());
    if (!current) found.push((current = { header: cells, rows: [] }));
    else if (!cells.every((cell) => /^-+$/.test(cell))) current.rows.push(cells);
  }
  return found;
}

/** Every file below `dir` (a path below src/), specs aside. */
function filesBelow(dir) {
  const found = [];
  for (const name of readdirSync(join(SRC, dir))) {
    const path = join(SRC, dir, name);
    if (statSync(path).isDirectory()) found.push(...filesBelow(relative(SRC, path)));
    else if (!/\.spec\.ts$/.test(name)) found.push(relative(SRC, path).split('\\').join('/'));
  }
  return found;
}

const linesOf = (path) =>
  (path.endsWith('/') ? filesBelow(path) : [path])
    .map((file) => readFileSync(join(SRC, file), 'utf8').split('\n').length - 1)
    .reduce((a, b) => a + b, 0);

const [ours, documented] = tables();
const column = (table, name) => {
  const index = table.header.indexOf(name);
  assert.notEqual(index, -1, `a table of the section has no "${name}" column`);
  return index;
};
const WHERE = column(ours, 'where');
const LINES = column(ours, 'lines');
const LIBRARY = column(ours, 'library read');
const named = [ours, documented].flatMap((table) =>
  table.rows.flatMap((row) => spans(row[column(table, 'where')]).filter(isPath)),
);

describe('the table of what is ours', () => {
  it('has every folder of src/ as a feature room or infrastructure, and none as both', () => {
    const rooms = foldersOf('Feature rooms');
    const infrastructure = foldersOf('Infrastructure');
    const folders = readdirSync(SRC)
      .filter((name) => statSync(join(SRC, name)).isDirectory())
      .map((name) => `${name}/`);
    assert.deepEqual(
      folders.filter((folder) => rooms.includes(folder) === infrastructure.includes(folder)),
      [],
    );
    assert.deepEqual(
      [...rooms, ...infrastructure].filter((folder) => !folders.includes(folder)),
      [],
    );
  });

  it('names files that exist', () => {
    assert.ok(named.length > 50);
    assert.deepEqual(
      named.filter((path) => !existsSync(join(SRC, path))),
      [],
    );
  });

  it('names every file of an infrastructure folder', () => {
    const covered = (file) =>
      named.some((path) => path === file || (path.endsWith('/') && file.startsWith(path)));
    const unnamed = foldersOf('Infrastructure')
      .flatMap((folder) => filesBelow(folder))
      .filter((file) => !covered(file));
    assert.deepEqual(unnamed, []);
  });

  it('counts each part’s lines, and names the library read with its version', () => {
    const wrong = [];
    for (const row of ours.rows) {
      const actual = spans(row[WHERE])
        .filter(isPath)
        .map(linesOf)
        .reduce((a, b) => a + b, 0);
      const stated = Number(row[LINES]);
      if (!(Math.abs(stated - actual) <= Math.max(15, actual * 0.15))) {
        wrong.push(`${row[0]}: ${row[LINES]} lines stated, ${actual} in its files`);
      }
      if (!(row[LIBRARY] === 'none' || /\d+\.\d+/.test(row[LIBRARY]))) {
        wrong.push(`${row[0]}: the library read has no version: ${row[LIBRARY]}`);
      }
    }
    assert.deepEqual(wrong, []);
  });
});
