import { fingerprint, foldHistory, parseHistory } from './history';
import type { HistoryEntry } from './history.schema';

/** What the history refuses of its own entries (docs/data.md#the-history), one case each. */

const added: HistoryEntry = {
  id: '2026-11-22-aaaaaaaa',
  date: '2026-11-22',
  kind: 'added',
  course: 'a-course',
  name: 'A course',
  facts: { name: fingerprint('A course'), certification: fingerprint(false) },
};
const changed: HistoryEntry = {
  id: '2026-11-24-bbbbbbbb',
  date: '2026-11-24',
  kind: 'changed',
  course: 'a-course',
  name: 'A course',
  changes: [{ field: 'certification', before: false, after: true }],
  facts: { certification: fingerprint(true) },
};

const problemsOf = (entries: HistoryEntry[], today?: string) =>
  foldHistory(
    entries.map((entry, i) => ({ entry, line: i + 1 })),
    'history.jsonl',
    today,
  ).problems;

it('takes entries that follow one another, and records the latest facts', () => {
  const { state, problems } = foldHistory(
    [changed, added].map((entry, i) => ({ entry, line: i + 1 })).reverse(),
    'history.jsonl',
  );
  expect(problems).toEqual([]);
  expect(state.courses.get('a-course')).toEqual({
    facts: { name: fingerprint('A course'), certification: fingerprint(true) },
    name: 'A course',
    placeholder: false,
    last: '2026-11-24',
    removed: false,
  });
});

it('reads lines in order of date then id, whatever their position', () => {
  const text = [changed, added].map((entry) => JSON.stringify(entry)).join('\n');
  const { entries, problems } = parseHistory(`${text}\n\n`, 'history.jsonl');
  expect(problems).toEqual([]);
  expect(entries.map(({ entry, line }) => [entry.id, line])).toEqual([
    [added.id, 2],
    [changed.id, 1],
  ]);
});

it('reads the entries of one day in the order they were written (seq), whatever their ids', () => {
  const first = { ...changed, id: '2026-11-24-zzzzzzzz' };
  const second: HistoryEntry = {
    ...changed,
    id: '2026-11-24-AAAAAAAA',
    seq: 1,
    changes: [{ field: 'certification', before: true, after: false }],
    facts: { certification: fingerprint(false) },
  };
  const text = [second, first, added].map((entry) => JSON.stringify(entry)).join('\n');
  const { entries } = parseHistory(text, 'history.jsonl');
  expect(entries.map(({ entry }) => entry.id)).toEqual([added.id, first.id, second.id]);
  const { state, problems } = foldHistory(entries, 'history.jsonl');
  expect(problems).toEqual([]);
  expect(state.courses.get('a-course')?.facts.certification).toBe(fingerprint(false));
});

it.each<[string, HistoryEntry[], string]>([
  ['a line twice', [added, added], 'line 2 (2026-11-22-aaaaaaaa): another line has the same id'],
  ['a change before the addition', [changed], 'has a "changed" entry but is not in the history'],
  [
    'a value edited by hand',
    [added, { ...changed, changes: [{ field: 'certification', before: false, after: 'yes' }] }],
    'the value after of certification does not match its fingerprint',
  ],
  [
    'an id of another day',
    [{ ...added, id: '2026-11-21-aaaaaaaa' }],
    'its id must start with its date',
  ],
  [
    'a methodology removed',
    [{ ...added, course: undefined, name: undefined, kind: 'removed', facts: undefined }],
    'an entry about the methodology is "added" or "changed"',
  ],
  [
    'a change that lists none',
    [added, { ...changed, changes: [] }],
    'a "changed" entry lists its changes',
  ],
])('refuses %s', (_case, entries, problem) => {
  expect(problemsOf(entries).join('\n')).toContain(problem);
});

it('says once that entries are dated after today', () => {
  expect(problemsOf([added, changed], '2026-11-21')).toEqual([
    'history.jsonl: 2 entries are dated after today (2026-11-21, UTC), the first on line 1 (2026-11-22-aaaaaaaa)',
  ]);
});

it('names the line and the field of a line that is not an entry', () => {
  const { problems } = parseHistory('{"id": "x"}\nnot json\n', 'history.jsonl');
  expect(problems[0]).toMatch(/^history\.jsonl: line 1, field id: must be the date and 8 letters/);
  expect(problems.at(-1)).toMatch(/^history\.jsonl: line 2: not valid JSON/);
});
