import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FACTS } from '../src/catalog/facts';
import { copyOfData } from './support/app';
import { runTool, verificationText } from './support/data-tools';

/**
 * `npm run data:check` (docs/editing-data.md): what CI would refuse, said before CI does: invalid
 * data in the editors' words, and a valid file that is not formatted as the project writes it.
 */

const check = (dir: string) => runTool('check', [], undefined, { DATA_DIR: dir });

it('says the shipped data is valid', () => {
  const run = check(join(__dirname, '..', 'data'));
  expect([run.code, run.stderr]).toEqual([0, '']);
  expect(run.stdout).toMatch(
    /: valid \(\d+ courses, history of \d+ entries, version [0-9a-f]{16}\)/,
  );
});

it('refuses valid data that Prettier would rewrite, naming the file and the command', () => {
  const dir = copyOfData();
  const file = join(dir, 'courses.json');
  writeFileSync(file, JSON.stringify(JSON.parse(readFileSync(file, 'utf8'))));
  const run = check(dir);
  expect(run.code).toBe(1);
  expect(run.stderr).toContain('not formatted as the project writes it');
  expect(run.stderr).toContain(`npx prettier --write ${file}`);
  expect(run.stderr).not.toContain('methodology.json');
});

it('lists every problem of invalid data in the editors’ words', () => {
  const dir = copyOfData();
  const file = join(dir, 'courses.json');
  const data = JSON.parse(readFileSync(file, 'utf8'));
  delete data.courses[0].levels;
  data.courses[1].certification = 'yes';
  writeFileSync(file, JSON.stringify(data, null, 2));
  const run = check(dir);
  expect(run.code).toBe(1);
  expect(run.stderr).toContain(`field levels: missing: add it`);
  expect(run.stderr).toContain(`field certification: must be true or false, not "yes"`);
  expect(run.stderr).not.toMatch(/expected \w+, received|Invalid input/);
});

it('passes data whose dates an earlier rule set, telling the editors which facts to check', () => {
  // The price alone checked, and the course dated by that check, as data:verify once did: the
  // file edited as the project writes it, so only the dates are in question.
  const dir = copyOfData();
  const file = join(dir, 'courses.json');
  const text = readFileSync(file, 'utf8');
  const [course] = JSON.parse(text).courses;
  const block = verificationText({ last_verified_on: null, sources: [] });
  const dated = verificationText({
    last_verified_on: '2026-11-20',
    sources: [
      {
        field: 'price',
        source_type: 'official',
        label: 'Pricing',
        url: course.url,
        verified_on: '2026-11-20',
      },
    ],
  });
  writeFileSync(file, text.replace(block, dated));
  const run = check(dir);
  expect([run.code, run.stderr]).toEqual([0, '']);
  expect(run.stdout).toContain(
    '1 last-verified date the sources do not support (docs/data.md#the-facts):',
  );
  const rest = FACTS.filter((fact) => fact !== 'price');
  expect(run.stdout).toContain(
    `course "${course.slug}", field verification.last_verified_on: 2026-11-20 is not what its sources support (no check of ${rest.join(', ')}), so the service serves null (unverified); check them: npm run data:verify -- ${course.slug} ${rest.map((f) => `--field ${f}`).join(' ')}`,
  );
});
