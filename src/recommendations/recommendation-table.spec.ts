import { join } from 'node:path';
import { loadDataset } from '../catalog/dataset';
import { buildSnapshot, type Snapshot } from '../catalog/derive';
import { strongEtag } from '../core/encoded-json';
import { allAnswers } from './distribution';
import { recommend } from './engine';
import { recommendationEnvelope, RecommendationTable } from './recommendation-table';

const SITE = 'http://localhost:3000';
const dataset = loadDataset(join(__dirname, '..', '..', 'data'));
const snapshotOf = (data = dataset, date = '2026-11-22'): Snapshot =>
  buildSnapshot(data, date, { siteUrl: SITE, baseUrl: `${SITE}/api/v1` });
/** The shipped data with another match threshold. */
const withThreshold = (match_threshold: number) =>
  snapshotOf({ ...dataset, methodology: { ...dataset.methodology, match_threshold } });

async function built(snapshot: Snapshot): Promise<RecommendationTable> {
  const table = await RecommendationTable.build(snapshot);
  if (!table) throw new Error('the build stopped');
  return table;
}

/** What the engine gives, and how serialising its envelope encodes it. */
function direct(snapshot: Snapshot, answers: ReturnType<typeof allAnswers>[number]) {
  const results = recommend(answers, snapshot.courses, snapshot.methodology);
  return { results, json: JSON.stringify(recommendationEnvelope(snapshot, answers, results)) };
}

describe('RecommendationTable', () => {
  it.each([
    ['the shipped data', () => snapshotOf()],
    ['a later date (other verification statuses)', () => snapshotOf(dataset, '2028-03-01')],
    ['every course above the threshold', () => withThreshold(0)],
    ['no course above the threshold', () => withThreshold(99)],
  ])('answers every combination as the engine does, to the byte and tag: %s', async (_, make) => {
    const snapshot = make();
    const table = await built(snapshot);
    const combinations = allAnswers();
    expect(combinations).toHaveLength(7560);
    const mismatches = combinations.filter((answers) => {
      const { results, json } = direct(snapshot, answers);
      const encoded = table.encoded(answers);
      return (
        encoded?.body.toString() !== json ||
        encoded.etag !== strongEtag(Buffer.from(json)) ||
        JSON.stringify(table.results(answers)) !== JSON.stringify(results)
      );
    });
    expect(mismatches).toEqual([]);
  });

  it('encodes only a query that is exactly one valid answer set, in any order', async () => {
    const table = await built(snapshotOf());
    const answers: Record<string, unknown> = { ...allAnswers()[4321] };
    const reversed = Object.fromEntries(Object.entries(answers).reverse());
    expect(table.encoded(reversed)?.body).toEqual(table.encoded(answers)?.body);
    const { budget, ...missing } = answers;
    for (const query of [
      missing,
      { ...answers, limit: '10' },
      { ...answers, budget: 'cheap' },
      { ...answers, budget: '' },
      { ...answers, budget: [budget, budget] },
      { ...answers, budget: 'toString' },
    ]) {
      expect(table.encoded(query)).toBeUndefined();
    }
  });

  it('holds each distinct list of reasons or warnings once, frozen, shared by its results', async () => {
    const table = await built(snapshotOf());
    const seen = new Map<string, readonly string[]>();
    let shared = 0;
    for (const answers of allAnswers()) {
      for (const { match_reasons, warnings } of table.results(answers)) {
        for (const list of [match_reasons, warnings]) {
          expect(Object.isFrozen(list)).toBe(true);
          const key = JSON.stringify(list);
          const first = seen.get(key);
          if (first === undefined) seen.set(key, list);
          else {
            expect(list).toBe(first);
            shared++;
          }
        }
      }
    }
    expect(shared).toBeGreaterThan(seen.size);
  });

  it('stops, giving nothing, when told to (newer data, shutdown)', async () => {
    let asked = 0;
    const stopped = await RecommendationTable.build(snapshotOf(), () => ++asked > 2, 100);
    expect(stopped).toBeUndefined();
    expect(asked).toBe(3);
  });
});
