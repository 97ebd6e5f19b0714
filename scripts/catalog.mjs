// `npm run catalog -- --times 100 [--out DIR]`: writes a copy of data/ whose courses are the
// shipped ones repeated N times (3,400 at ×100), for tests and benchmarks at scale. Placeholders
// only, and never committed: copy k of a course gets the slug `<slug>-k`, the name
// `<name> (copy k)` and the same facts; the editorial pick stays on the original alone. The history
// keeps the shipped entries and adds one "added" entry a copy, dated as its original's, with the
// fingerprints the service checks (docs/data.md#the-history; the app refuses to start on a copy
// whose fingerprints differ, so the suites that start it on this catalog hold the two equal).
// Prints the directory, which DATA_DIR can point at.
import { hash } from 'node:crypto';
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = join(import.meta.dirname, '..');

/** JSON with every object's members in name order (src/catalog/history.ts). */
function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value)
      .sort()
      .filter((key) => value[key] !== undefined);
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
const fingerprint = (value) => hash('sha256', canonicalJson(value), 'base64url').slice(0, 8);

/** The "added" entry of a copy, as `npm run data:record` writes one. */
function addedEntry(course, date) {
  const { slug, ...facts } = course;
  const content = {
    date,
    kind: 'added',
    course: slug,
    name: course.name,
    placeholder: true,
    facts: Object.fromEntries(
      Object.entries(facts).map(([key, value]) => [key, fingerprint(value)]),
    ),
  };
  return { id: `${date}-${fingerprint(content)}`, ...content };
}

/** Writes the ×`times` catalog into `out` (a new temporary directory by default); returns it. */
export function writeCatalog(times, out = mkdtempSync(join(tmpdir(), `course-finder-x${times}-`))) {
  if (!Number.isInteger(times) || times < 1) throw new Error('--times must be a whole number ≥ 1');
  mkdirSync(out, { recursive: true });
  cpSync(join(ROOT, 'data'), out, { recursive: true });
  const file = JSON.parse(readFileSync(join(ROOT, 'data', 'courses.json'), 'utf8'));
  const history = readFileSync(join(ROOT, 'data', 'history.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
  const addedOn = new Map(
    history.filter((e) => e.kind === 'added' && e.course).map((e) => [e.course, e.date]),
  );
  const courses = [];
  const entries = [];
  for (let copy = 1; copy <= times; copy++) {
    for (const course of file.courses) {
      if (copy === 1) {
        courses.push(course);
        continue;
      }
      const copied = {
        ...course,
        slug: `${course.slug}-${copy}`,
        name: `${course.name} (copy ${copy})`,
        url: course.url && `${course.url}-${copy}`,
        editorial_pick: null,
        // A copy is fictional even once its original is verified.
        placeholder_data: true,
      };
      courses.push(copied);
      entries.push(addedEntry(copied, addedOn.get(course.slug)));
    }
  }
  writeFileSync(join(out, 'courses.json'), `${JSON.stringify({ ...file, courses }, null, 2)}\n`);
  appendFileSync(join(out, 'history.jsonl'), entries.map((e) => `${JSON.stringify(e)}\n`).join(''));
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { times: { type: 'string', default: '100' }, out: { type: 'string' } },
  });
  const dir = writeCatalog(Number(values.times), values.out);
  console.log(dir);
}
