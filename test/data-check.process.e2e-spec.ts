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

it('refuses a glossary’s faults, naming each term: an unknown topic, no topic, an empty definition; then a name used twice', () => {
  const dir = copyOfData();
  const file = join(dir, 'glossary.json');
  const shipped = readFileSync(file, 'utf8');
  const at = (term: string, field: string) => `${file}: term "${term}", field ${field}: `;
  const data = JSON.parse(shipped);
  const [first, second, third, fourth] = data.terms;
  second.topics = ['seo_magic'];
  third.topics = [];
  fourth.definition = '';
  writeFileSync(file, JSON.stringify(data, null, 2));
  const run = check(dir);
  expect(run.code).toBe(1);
  expect(run.stderr).toContain(`${at(second.name, 'topics.0')}must be one of "ai_seo"`);
  expect(run.stderr).toContain(`${at(third.name, 'topics')}must name at least one topic`);
  expect(run.stderr).toContain(`${at(fourth.name, 'definition')}must not be empty`);
  // The rules across terms are checked once each term is valid on its own.
  const named = JSON.parse(shipped);
  named.terms[1].name = first.name;
  writeFileSync(file, JSON.stringify(named, null, 2));
  const again = check(dir);
  expect(again.code).toBe(1);
  expect(again.stderr).toContain(
    `${at(first.name, 'name')}"${first.name}" reads as the name of term "${first.name}": a name may stand for one term only`,
  );
});
