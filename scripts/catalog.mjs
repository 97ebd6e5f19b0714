// `npm run catalog -- --times 100 [--out DIR]`: writes a copy of data/ whose courses are the
// shipped ones repeated N times (3,400 at ×100), for tests and benchmarks at scale. Placeholders
// only, and never committed: copy k of a course gets the slug `<slug>-k`, the name
// `<name> (copy k)` and the same facts; the editorial pick stays on the original alone. Prints the
// directory, which DATA_DIR can point at.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = join(import.meta.dirname, '..');

/** Writes the ×`times` catalog into `out` (a new temporary directory by default); returns it. */
export function writeCatalog(times, out = mkdtempSync(join(tmpdir(), `course-finder-x${times}-`))) {
  if (!Number.isInteger(times) || times < 1) throw new Error('--times must be a whole number ≥ 1');
  mkdirSync(out, { recursive: true });
  cpSync(join(ROOT, 'data'), out, { recursive: true });
  const file = JSON.parse(readFileSync(join(ROOT, 'data', 'courses.json'), 'utf8'));
  const courses = [];
  for (let copy = 1; copy <= times; copy++) {
    for (const course of file.courses) {
      courses.push(
        copy === 1
          ? course
          : {
              ...course,
              slug: `${course.slug}-${copy}`,
              name: `${course.name} (copy ${copy})`,
              url: course.url && `${course.url}-${copy}`,
              editorial_pick: null,
              // A copy is fictional even once its original is verified.
              placeholder_data: true,
            },
      );
    }
  }
  writeFileSync(join(out, 'courses.json'), `${JSON.stringify({ ...file, courses }, null, 2)}\n`);
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { times: { type: 'string', default: '100' }, out: { type: 'string' } },
  });
  const dir = writeCatalog(Number(values.times), values.out);
  console.log(dir);
}
