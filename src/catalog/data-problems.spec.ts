import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { DataError, loadDataset } from './dataset';

/**
 * Every problem `data:check` and the service report about a data file is in the editors' words
 * (docs/editing-data.md): generated edits of the shipped courses, each reported without the
 * validation library's terms.
 */

const DATA = join(__dirname, '..', '..', 'data');
const shipped = JSON.parse(readFileSync(join(DATA, 'courses.json'), 'utf8'));
/** The library's own phrases, which an editor should never read. */
const LIBRARY_WORDS =
  /Invalid (input|option|string|URL|ISO)|expected \w+, received|Too (small|big)|Unrecognized key|>=|<=/;

/** Every path of an object's members, lists and objects included. */
function pathsOf(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [at];
  const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return [at, ...keys.flatMap((key) => pathsOf((value as any)[key], [...at, key]))];
}

const REPLACEMENTS = [undefined, null, 3, -1, 6, 2.5, '', 'Huge', 'not a url', true, [], {}, ['x']];

describe('data problems in the editors’ words', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'course-finder-words-'));
    cpSync(DATA, dir, { recursive: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('says what a field must hold, whatever the edit', () => {
    const course = fc.integer({ min: 0, max: shipped.courses.length - 1 });
    const edit = course.chain((index) =>
      fc.record({
        index: fc.constant(index),
        path: fc.constantFrom(...pathsOf(shipped.courses[index]).filter((p) => p.length > 0)),
        value: fc.constantFrom(...REPLACEMENTS),
        extra: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(edit, ({ index, path, value, extra }) => {
        const file = structuredClone(shipped);
        const record = file.courses[index];
        const parent = path.slice(0, -1).reduce((object: any, key) => object[key], record);
        if (value === undefined) delete parent[path.at(-1)!];
        else parent[path.at(-1)!] = value;
        if (extra) record.leveles = ['beginner'];
        writeFileSync(join(dir, 'courses.json'), JSON.stringify(file));
        let problems: string[] = [];
        try {
          loadDataset(dir);
        } catch (error) {
          problems = (error as DataError).problems;
        }
        for (const problem of problems) expect(problem).not.toMatch(LIBRARY_WORDS);
      }),
      { numRuns: 300 },
    );
  });

  it('names what it found and what the field takes', () => {
    const file = structuredClone(shipped);
    delete file.courses[0].levels;
    file.courses[1].ai_geo_focus = 'Huge';
    file.courses[2].topic_coverage.geo = 6;
    file.courses[3].highlights = 'one';
    file.courses[4].leveles = [];
    writeFileSync(join(dir, 'courses.json'), JSON.stringify(file));
    const slug = (i: number) => file.courses[i].slug;
    expect(() => loadDataset(dir)).toThrow(DataError);
    try {
      loadDataset(dir);
    } catch (error) {
      const at = (i: number, field: string) =>
        `${join(dir, 'courses.json')}: course "${slug(i)}", field ${field}: `;
      expect((error as DataError).problems).toEqual(
        expect.arrayContaining([
          `${at(0, 'levels')}missing: add it`,
          `${at(1, 'ai_geo_focus')}must be one of "High", "Medium", "Low", "None", not "Huge"`,
          `${at(2, 'topic_coverage.geo')}must be at most 5, not 6`,
          `${at(3, 'highlights')}must be a list [ … ], not "one"`,
          `${at(4, '(the course)')}has a field it does not take: "leveles" (check the spelling; data/schemas/ lists every field)`,
        ]),
      );
    }
  });
});
