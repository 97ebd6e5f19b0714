import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataError, loadDataset } from './dataset';
import { isFraming, nameKey } from './glossary';
import { MAX_DEFINITION_LENGTH, sentencesIn } from './glossary.schema';
import { COVERAGE_KEYS } from './vocabulary';

/**
 * The glossary the editors keep (docs/data.md#the-glossary): the shipped one, and what the data
 * check refuses in one (the start, a reload and `npm run data:check` all read it with loadDataset).
 */

const DATA = join(__dirname, '..', '..', 'data');
const shipped = loadDataset(DATA).glossary;

describe('the shipped glossary', () => {
  it('has at least 40 terms, covering every topic of the catalog', () => {
    expect(shipped.length).toBeGreaterThanOrEqual(40);
    expect(new Set(shipped.flatMap((term) => term.topics))).toEqual(new Set(COVERAGE_KEYS));
  });

  it('defines each term in one to three plain sentences, with no figure', () => {
    for (const { name, definition } of shipped) {
      const sentences = sentencesIn(definition);
      expect({ name, sentences: sentences >= 1 && sentences <= 3 }).toEqual({
        name,
        sentences: true,
      });
      expect({ name, long: definition.length > MAX_DEFINITION_LENGTH }).toEqual({
        name,
        long: false,
      });
      expect({ name, figure: /\d/.test(definition) }).toEqual({ name, figure: false });
    }
  });

  it('gives the field’s words for the things the catalog names otherwise', () => {
    const names = new Set(shipped.flatMap((term) => [term.name, ...term.other_names]).map(nameKey));
    for (const words of [
      'GEO',
      'AEO',
      'LLMO',
      'backlinks',
      'Google Business Profile',
      'map pack',
      'schema markup',
      'core web vitals',
      'site speed',
      'pSEO',
      'ChatGPT',
      'Perplexity',
    ]) {
      expect({ words, named: names.has(nameKey(words)) }).toEqual({ words, named: true });
    }
  });
});

describe('a glossary the check refuses, naming the term and the fault', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'course-finder-glossary-'));
    cpSync(DATA, dir, { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** The problems loadDataset reports once `edit` has changed the glossary's terms. */
  function problemsAfter(edit: (terms: any[]) => void): string[] {
    const path = join(dir, 'glossary.json');
    const file = JSON.parse(readFileSync(path, 'utf8'));
    edit(file.terms);
    writeFileSync(path, JSON.stringify(file, null, 2));
    try {
      loadDataset(dir);
    } catch (error) {
      if (error instanceof DataError) return error.problems;
      throw error;
    }
    return [];
  }
  const at = (term: string, field: string) =>
    `${join(dir, 'glossary.json')}: term "${term}", field ${field}: `;

  it.each([
    [
      'a name used by two terms',
      (t: any[]) => (t[1].name = t[0].name),
      (t: any[]) =>
        `${at(t[0].name, 'name')}"${t[0].name}" reads as the name of term "${t[0].name}": a name may stand for one term only`,
    ],
    [
      'an other name shared by two terms',
      (t: any[]) => t[1].other_names.push(t[0].other_names[0]),
      (t: any[]) =>
        `${at(t[1].name, `other_names.${t[1].other_names.length - 1}`)}"${t[0].other_names[0]}" reads as an other name ("${t[0].other_names[0]}") of term "${t[0].name}": a name may stand for one term only`,
    ],
    [
      'an other name that is another term’s name, written otherwise',
      (t: any[]) => t[1].other_names.push(t[0].name.toUpperCase() + 's'),
      (t: any[]) =>
        `${at(t[1].name, `other_names.${t[1].other_names.length - 1}`)}"${t[0].name.toUpperCase()}s" reads as the name of term "${t[0].name}"`,
    ],
    [
      'an unknown topic',
      (t: any[]) => (t[2].topics = ['geo', 'seo_magic']),
      (t: any[]) => `${at(t[2].name, 'topics.1')}must be one of "ai_seo", "geo"`,
    ],
    [
      'no topic',
      (t: any[]) => (t[3].topics = []),
      (t: any[]) => `${at(t[3].name, 'topics')}must name at least one topic`,
    ],
    [
      'an empty definition',
      (t: any[]) => (t[4].definition = '  '),
      (t: any[]) => `${at(t[4].name, 'definition')}must not be empty`,
    ],
    [
      'an overlong definition',
      (t: any[]) => (t[5].definition = `${'word '.repeat(90).trim()}.`),
      (t: any[]) =>
        `${at(t[5].name, 'definition')}must be at most ${MAX_DEFINITION_LENGTH} characters long`,
    ],
    [
      'a definition of four sentences',
      (t: any[]) => (t[6].definition = 'One. Two. Three. Four.'),
      (t: any[]) => `${at(t[6].name, 'definition')}must be at most 3 sentences`,
    ],
    [
      'a figure in a definition',
      (t: any[]) => (t[7].definition = 'It grew by 40 percent.'),
      (t: any[]) => `${at(t[7].name, 'definition')}must hold no figure or date`,
    ],
    [
      'a definition naming a course’s provider',
      (t: any[]) => (t[8].definition = 'As Lanternfield Learning teaches it.'),
      (t: any[]) =>
        `${at(t[8].name, 'definition')}names "Lanternfield Learning", a course's provider`,
    ],
    [
      'a name of framing words alone',
      (t: any[]) => t[9].other_names.push('how to'),
      (t: any[]) =>
        `${at(t[9].name, `other_names.${t[9].other_names.length - 1}`)}"how to" holds only words a search sets aside`,
    ],
  ])('%s', (_label, edit, expected) => {
    const terms = JSON.parse(readFileSync(join(DATA, 'glossary.json'), 'utf8')).terms;
    const problems = problemsAfter(edit);
    edit(terms);
    expect(problems).toEqual([expect.stringContaining(expected(terms))]);
  });

  it('a course slugged as the glossary page, whose address it would take', () => {
    const path = join(dir, 'courses.json');
    const file = JSON.parse(readFileSync(path, 'utf8'));
    file.courses[0].slug = 'glossary';
    writeFileSync(path, JSON.stringify(file));
    expect(() => loadDataset(dir, undefined, { history: 'none' })).toThrow(
      'course "glossary", field slug: /ai-seo-courses/glossary is the address of another page of the site',
    );
  });

  it('compares names with framing words and plurals set aside, as a query reads them', () => {
    expect(nameKey('Start an SEO agency with tutorials')).toBe('seo agency');
    expect(['start', 'an', 'with', 'tutorials'].every(isFraming)).toBe(true);
  });
});
