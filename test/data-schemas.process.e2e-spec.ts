import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { DATA_FILES, loadDataset } from '../src/catalog/dataset';
import { HISTORY_FILE } from '../src/catalog/history.schema';
import { schemaDocuments, schemaPath } from '../src/data-tools/schemas';
import { DATA_DIR } from './support/app';
import { fixtureCourse, fixtureData, readJson, runTool } from './support/data-tools';

/**
 * `npm run data:schemas`: JSON Schemas of the data files, for editors' IDEs (docs/editing-data.md).
 */

const JSON_FILES = Object.values(DATA_FILES).map(({ file }) => file);
/** The JSON files, and the history (JSON Lines: its schema is one line's). */
const FILES = [...JSON_FILES, HISTORY_FILE.file];

function validatorFor(file: string) {
  const ajv = new Ajv2020({ allErrors: true });
  addFormats(ajv);
  // The labels of the vocabularies, an annotation editors' IDEs show and validators ignore.
  ajv.addKeyword('x-enum-descriptions');
  return ajv.compile(readJson(join(DATA_DIR, schemaPath(file))));
}

describe('data/schemas/', () => {
  it('holds the schemas generated from the zod definitions now (run `npm run data:schemas`)', () => {
    const generated = schemaDocuments();
    expect([...generated.keys()].sort()).toEqual(FILES.map(schemaPath).sort());
    for (const [path, document] of generated) {
      expect({ path, document: readJson(join(DATA_DIR, path)) }).toEqual({ path, document });
    }
  });

  it.each(JSON_FILES)('%s names its schema, and validates against it', (file) => {
    const json = readJson(join(DATA_DIR, file));
    expect(json.$schema).toBe(`./${schemaPath(file)}`);
    const validate = validatorFor(file);
    expect(validate(json) ? [] : validate.errors).toEqual([]);
  });

  it('history.jsonl validates against its schema, line by line', () => {
    const validate = validatorFor(HISTORY_FILE.file);
    const lines = readFileSync(join(DATA_DIR, HISTORY_FILE.file), 'utf8').split('\n');
    const entries = lines.filter(Boolean).map((line) => JSON.parse(line));
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(validate(entry) ? [] : validate.errors).toEqual([]);
    expect(validate({ ...entries[0], kind: 'edited' })).toBe(false);
  });

  describe('flag what an editor mistypes, as the data check does', () => {
    const mistakes: [string, (course: any) => void, object][] = [
      [
        'a misspelt field',
        (course) => {
          course.leveles = course.levels;
          delete course.levels;
        },
        { keyword: 'additionalProperties', params: { additionalProperty: 'leveles' } },
      ],
      [
        'a value outside its vocabulary',
        (course) => (course.ai_geo_focus = 'Huge'),
        { keyword: 'enum', instancePath: '/courses/0/ai_geo_focus' },
      ],
      [
        'coverage above 5',
        (course) => (course.topic_coverage.geo = 6),
        { keyword: 'maximum', instancePath: '/courses/0/topic_coverage/geo' },
      ],
      [
        'an affiliate flag',
        (course) => (course.link_is_affiliate = true),
        { keyword: 'const', instancePath: '/courses/0/link_is_affiliate' },
      ],
      [
        'a date written another way',
        (course) => (course.verification.last_verified_on = '01/02/2026'),
        { instancePath: '/courses/0/verification/last_verified_on' },
      ],
    ];

    it.each(mistakes)('%s', (_label, edit, error) => {
      const courses = [fixtureCourse('typo-course', edit)];
      const validate = validatorFor('courses.json');
      const file = { $schema: './schemas/courses.schema.json', courses };
      expect(validate(file)).toBe(false);
      expect(validate.errors).toContainEqual(expect.objectContaining(error));
      // The same file stops the data check.
      expect(() => loadDataset(fixtureData(courses))).toThrow(
        /courses\.json: course "typo-course"/,
      );
    });

    it('and pass the same course spelt right', () => {
      const validate = validatorFor('courses.json');
      expect(validate({ courses: [fixtureCourse('typo-course')] })).toBe(true);
    });
  });
});

describe('npm run data:schemas', () => {
  it('finds the shipped schema files current, byte for byte (as Prettier writes them)', () => {
    const check = runTool('schemas', ['--check', '--data-dir', DATA_DIR]);
    expect(check).toMatchObject({ code: 0, stderr: '' });
    expect(check.stdout.match(/: current$/gm)).toHaveLength(FILES.length);
  });

  it('writes the generated files into DIR/schemas, and --check fails until they are current', () => {
    const dir = mkdtempSync(join(tmpdir(), 'course-finder-schemas-'));
    const check = runTool('schemas', ['--check', '--data-dir', dir]);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain(`${join(dir, 'schemas', 'courses.schema.json')}: missing`);

    const write = runTool('schemas', ['--data-dir', dir]);
    expect(write).toMatchObject({ code: 0, stderr: '' });
    for (const path of FILES.map(schemaPath)) {
      const written = readFileSync(join(dir, path), 'utf8');
      expect(written).toBe(readFileSync(join(DATA_DIR, path), 'utf8'));
      expect(JSON.parse(written)).toEqual(schemaDocuments().get(path));
    }
    expect(runTool('schemas', ['--check', '--data-dir', dir]).code).toBe(0);

    writeFileSync(join(dir, 'schemas', 'policies.schema.json'), '{}\n');
    const stale = runTool('schemas', ['--check', '--data-dir', dir]);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('policies.schema.json: not current');
  });

  it('refuses an unknown option with its usage', () => {
    const run = runTool('schemas', ['--chekc']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Unknown option '--chekc'[\s\S]*Usage: npm run data:schemas/);
  });
});
