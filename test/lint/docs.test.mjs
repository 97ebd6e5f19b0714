import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';

/**
 * The rules the code follows are written in docs/, and everything points there by path and
 * heading: every `docs/<file>.md#<anchor>` named anywhere, and every relative link between the
 * Markdown files, resolves to a file and a heading; nothing cites a document outside the
 * repository or a section number of one; no comment names an issue number (the docs say what a
 * rule is, not which issue asked for it). Plain file reads, run by `npm run lint`.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const SKIPPED_DIRS = new Set([
  'node_modules',
  '.git',
  'dist',
  'test-output',
  'coverage',
  'bench-results',
]);
const BINARY = new Set(['.png', '.jpg', '.jpeg', '.gif', '.ico', '.woff', '.woff2', '.gz']);

function walk(dir, found = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!SKIPPED_DIRS.has(name)) walk(path, found);
    } else if (!BINARY.has(extname(name).toLowerCase())) {
      found.push(path);
    }
  }
  return found;
}

const FILES = walk(ROOT).map((path) => ({
  path,
  name: relative(ROOT, path).split('\\').join('/'),
  text: readFileSync(path, 'utf8'),
}));

/** GitHub's heading anchors: lower case, punctuation but `-` and `_` removed, spaces to `-`. */
function githubAnchor(heading) {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link's text only
    .replace(/<[^>]+>/g, '') // inline HTML tags
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

const anchorCache = new Map();

/** The anchors of a Markdown file's headings (outside fenced code), duplicates numbered. */
function anchorsOf(file) {
  const cached = anchorCache.get(file);
  if (cached) return cached;
  const anchors = new Set();
  const seen = new Map();
  let fence;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (!fence || marker.startsWith(fence))) {
      fence = fence ? undefined : marker;
      continue;
    }
    const heading = fence ? undefined : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = githubAnchor(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

/** What is wrong with a reference to `target` (a path, maybe with `#anchor`) from `from`. */
function brokenReference(file, anchor) {
  if (!existsSync(file) || !statSync(file).isFile()) return 'no such file';
  if (anchor === undefined || anchor === '') return undefined;
  if (extname(file) !== '.md') return undefined;
  return anchorsOf(file).has(anchor) ? undefined : `no heading with the anchor #${anchor}`;
}

describe('docs', () => {
  it('has every rule file the code points to', () => {
    for (const doc of [
      'api.md',
      'mcp.md',
      'data.md',
      'methodology.md',
      'privacy.md',
      'operations.md',
    ]) {
      assert.ok(existsSync(join(ROOT, 'docs', doc)), `docs/${doc}`);
    }
  });

  it('computes anchors as GitHub does', () => {
    assert.equal(githubAnchor('Query parameters'), 'query-parameters');
    assert.equal(githubAnchor('`searchCourses`: GET /courses'), 'searchcourses-get-courses');
    assert.equal(githubAnchor("The service's rules"), 'the-services-rules');
    assert.equal(
      githubAnchor('Errors beyond the table (404, 405, 400–431, 500)'),
      'errors-beyond-the-table-404-405-400431-500',
    );
    assert.equal(
      githubAnchor('`rate_limited` and **Retry-After**'),
      'rate_limited-and-retry-after',
    );
  });

  it('resolves every docs/<file>.md#<anchor> named in the repository', () => {
    const broken = [];
    let count = 0;
    // A path from the repository's root (docs/…, README.md, SECURITY.md), not the tail of another
    // project's path or URL, nor a relative link (the next test reads those).
    const reference = /(?<![\w/.:@-])(docs\/[\w.-]+\.md|README\.md|SECURITY\.md)(?:#([\w-]+))?/g;
    for (const { name, text } of FILES) {
      for (const match of text.matchAll(reference)) {
        count += 1;
        const problem = brokenReference(join(ROOT, match[1]), match[2]);
        if (problem) broken.push(`${name}: ${match[0]}: ${problem}`);
      }
    }
    assert.ok(count > 50);
    assert.deepEqual(broken, []);
  });

  it('resolves every relative link of the Markdown files', () => {
    const broken = [];
    const link = /!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
    for (const { path, name, text } of FILES.filter((f) => f.path.endsWith('.md'))) {
      let inFence = false;
      for (const line of text.split('\n')) {
        if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
        if (inFence) continue;
        for (const match of line.matchAll(link)) {
          const target = match[1];
          if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, …
          const [file, anchor] = target.split('#');
          const problem = brokenReference(file ? resolve(dirname(path), file) : path, anchor);
          if (problem) broken.push(`${name}: ${target}: ${problem}`);
        }
      }
    }
    assert.deepEqual(broken, []);
  });

  it('cites no document outside the repository, nor its section numbers', () => {
    // Spelled in pieces, so this file does not hold what it looks for.
    const forbidden = [
      new RegExp(['decisions', '\u00a7'].join('\\s*'), 'i'),
      new RegExp(['\\.\\.', 'shared', ''].join('/')),
      new RegExp(['shared', 'spec'].join('/')),
      new RegExp(['service-spec', 'md'].join('\\.')),
      new RegExp(['decisions', 'md'].join('\\.')),
      // A bare section sign and number, unless it names a section of an RFC or a draft.
      new RegExp('(?<!(?:RFC|draft)[\\w -]*)\u00a7\\s?\\d+(?![.\\d])'),
    ];
    const found = [];
    for (const { name, text } of FILES) {
      text.split('\n').forEach((line, index) => {
        if (forbidden.some((pattern) => pattern.test(line))) {
          found.push(`${name}:${index + 1}: ${line.trim()}`);
        }
      });
    }
    assert.deepEqual(found, []);
  });

  it('names no issue number in a comment of src/, test/ or scripts/, nor in the docs', () => {
    const issue = /\b[Ii]ssues? #?\d+/;
    // Another project's issue, named by its repository (owner/name#123), is a citation, not ours.
    const otherProject = /[\w.-]+\/[\w.-]+#\d+/;
    const comment = /\/\*[\s\S]*?\*\/|(?<![:\\"'`])\/\/.*$|(?:^|\s)#.*$/gm;
    const found = [];
    for (const { name, text } of FILES) {
      const code = /^(src|test|scripts)\//.test(name) && /\.(ts|js|mjs|cjs|ya?ml|sh)$/.test(name);
      const prose = name.endsWith('.md');
      if (!code && !prose) continue;
      const parts = prose ? [text] : [...text.matchAll(comment)].map((m) => m[0]);
      for (const part of parts) {
        for (const line of part.split('\n')) {
          if (issue.test(line) && !otherProject.test(line)) found.push(`${name}: ${line.trim()}`);
        }
      }
    }
    assert.deepEqual(found, []);
  });
});
