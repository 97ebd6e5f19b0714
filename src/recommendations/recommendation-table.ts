import type { Snapshot } from '../catalog/derive';
import { ANSWER_NAMES, type AnswerName, QUESTIONS } from '../catalog/vocabulary';
import { EncodedJson, strongEtag } from '../core/encoded-json';
import { envelope } from '../core/envelope';
import type { Envelope, Meta } from '../core/envelope.schema';
import { allAnswers } from './distribution';
import { recommend } from './engine';
import type { Answers } from './answers.dto';
import type { Recommendation, RecommendationResult } from './recommendation.schema';

/**
 * The finder's answer to every combination of the six answers (3 × 7 × 5 × 3 × 4 × 6 = 7,560),
 * computed from one snapshot of the data before any request asks: the one kind of stored
 * recommendation decisions §8 allows, since it holds no trace of who asked what.
 *
 * Requests then do no scoring, serialising or hashing: the JSON body is put together from pieces
 * encoded here (each course's JSON once, each distinct list of reasons or warnings once) and its
 * ETag was computed here. Storing the 7,560 bodies whole would take about 56 MB; this takes about
 * 3 MB.
 */

const utf8 = (text: string) => Buffer.from(text);
const json = (value: unknown) => utf8(JSON.stringify(value));

/**
 * Each answer's allowed values, in vocabulary order, with what a body says of each: its digit in a
 * combination's index, its `name=value` pair in the finder's query, and its members of `answers`
 * and `answer_labels` as JSON.
 */
const VALUES = ANSWER_NAMES.map(
  (name) =>
    new Map(
      Object.entries(QUESTIONS[name].values).map(([value, label], digit) => [
        value,
        {
          digit,
          pair: new URLSearchParams({ [name]: value }).toString(),
          answer: JSON.stringify({ [name]: value }).slice(1, -1),
          label: JSON.stringify({ [name]: label }).slice(1, -1),
        },
      ]),
    ),
);
const COMBINATIONS = VALUES.reduce((product, values) => product * values.size, 1);

/**
 * A combination's place in the table, its answers read as a mixed-radix number; undefined unless
 * each of the six answers is given once with an allowed value.
 */
function indexOf(answers: Readonly<Record<string, unknown>>): number | undefined {
  let index = 0;
  for (let i = 0; i < ANSWER_NAMES.length; i++) {
    const value = answers[ANSWER_NAMES[i]];
    const digit = typeof value === 'string' ? VALUES[i].get(value)?.digit : undefined;
    if (digit === undefined) return undefined;
    index = index * VALUES[i].size + digit;
  }
  return index;
}

/** The answers' parts (see VALUES), in the order of ANSWER_NAMES. */
const partsOf = (answers: Answers) => ANSWER_NAMES.map((name, i) => VALUES[i].get(answers[name])!);

/** The finder page for answers with these parts. */
const finderUrl = (meta: Meta, parts: ReturnType<typeof partsOf>) =>
  `${meta.canonical_url}/finder?${parts.map(({ pair }) => pair).join('&')}`;

/** Fields per stored result: course, match percent, reasons list, warnings list. */
const FIELDS = 4;

/**
 * The recommendation envelope for answers and their results, in the spec's member order. The one
 * definition of the body, whether the results come from the table or straight from the engine.
 */
export function recommendationEnvelope(
  snapshot: Snapshot,
  answers: Answers,
  results: RecommendationResult[],
): Envelope<Recommendation> {
  const { methodology, meta } = snapshot;
  const ordered = {} as Record<AnswerName, string>;
  const labels = {} as Record<AnswerName, string>;
  for (const name of ANSWER_NAMES) {
    ordered[name] = answers[name];
    labels[name] = (QUESTIONS[name].values as Record<string, string>)[answers[name]];
  }
  return envelope(meta, {
    answers: ordered as Answers,
    answer_labels: labels,
    match_threshold: methodology.match_threshold,
    result_limit: methodology.result_limit,
    no_strong_match: results.length === 0,
    results,
    human_url: finderUrl(meta, partsOf(answers)),
    methodology_url: meta.methodology_url,
    dataset_url: `${meta.canonical_url}.json`,
    citation: meta.citation,
  });
}

/** A member value that marks a hole in a JSON template. */
const hole = (name: string) => `\u0000${name}`;
const HOLE = /"\\u0000(\w+)"/g;

/**
 * The JSON of an object serialised once, with holes (members whose value is `hole(name)`) that
 * are filled with encoded JSON on each use. Member order and escaping stay JSON.stringify's.
 */
class JsonTemplate<Name extends string> {
  private readonly pieces: Buffer[];
  private readonly holes: Name[];

  constructor(marked: object) {
    const json = JSON.stringify(marked);
    this.holes = [...json.matchAll(HOLE)].map((match) => match[1] as Name);
    this.pieces = json
      .split(HOLE)
      .filter((_, i) => i % 2 === 0)
      .map((piece) => Buffer.from(piece));
  }

  /** Appends the filled JSON's bytes to `out`. */
  fill(values: Record<Name, Buffer | Buffer[]>, out: Buffer[]): void {
    this.holes.forEach((name, i) => {
      out.push(this.pieces[i]);
      const value = values[name];
      if (Array.isArray(value)) out.push(...value);
      else out.push(value);
    });
    out.push(this.pieces[this.holes.length]);
  }
}

const COMMA = utf8(',');
const OPEN = utf8('[');
const CLOSE = utf8(']');
const BOOLEANS = [json(false), json(true)];
/** Ranks and match percents, 0 to 99. */
const NUMBERS = Array.from({ length: 100 }, (_, n) => json(n));

/** An object's JSON from its members' JSON (`"name":value`). */
const objectOf = (members: string[]) => utf8(`{${members.join(',')}}`);

/**
 * Texts encoded into slices of one buffer, so that no small buffer kept for the table's life pins a
 * pool slab full of garbage.
 */
function packed(texts: string[]): Buffer[] {
  const encoded = texts.map(utf8);
  const all = Buffer.concat(encoded);
  let offset = 0;
  return encoded.map(({ length }) => all.subarray(offset, (offset += length)));
}

/**
 * Runs `each` over `items`, yielding to the event loop after every `slice` of them. Resolves to
 * false, having stopped, as soon as `stop()` turns true.
 */
async function inSlices<T>(
  items: readonly T[],
  slice: number,
  stop: () => boolean,
  each: (item: T) => void,
): Promise<boolean> {
  for (let start = 0; start < items.length; start += slice) {
    if (stop()) return false;
    for (let i = start; i < Math.min(start + slice, items.length); i++) each(items[i]);
    await new Promise(setImmediate);
  }
  return !stop();
}

export class RecommendationTable {
  private readonly limit: number;
  /** Per combination, how many results it has. */
  private readonly counts = new Uint8Array(COMBINATIONS);
  /** Per combination, `limit` slots of FIELDS numbers (course, percent, reasons, warnings). */
  private readonly cells: Uint32Array;
  /** Each distinct list of reasons or warnings, shared (frozen) by every result that gives it. */
  private readonly lists: (readonly string[])[] = [];
  /** Each list's JSON: slices of one buffer. */
  private listJson: Buffer[] = [];
  private readonly etags: string[] = new Array<string>(COMBINATIONS);
  private readonly courseJson: Buffer[];
  private readonly envelopeJson: JsonTemplate<
    'answers' | 'answer_labels' | 'no_strong_match' | 'results' | 'human_url'
  >;
  private readonly resultJson: JsonTemplate<
    'rank' | 'match_percent' | 'match_reasons' | 'warnings' | 'course'
  >;

  private constructor(readonly snapshot: Snapshot) {
    this.limit = snapshot.methodology.result_limit;
    this.cells = new Uint32Array(COMBINATIONS * this.limit * FIELDS);
    this.courseJson = packed(snapshot.courses.map((course) => JSON.stringify(course)));
    const sample = recommendationEnvelope(snapshot, allAnswers()[0], []);
    this.envelopeJson = new JsonTemplate({
      ...sample,
      data: {
        ...sample.data,
        answers: hole('answers'),
        answer_labels: hole('answer_labels'),
        no_strong_match: hole('no_strong_match'),
        results: hole('results'),
        human_url: hole('human_url'),
      },
    });
    // RecommendationResult's members in the engine's order; the tests hold every combination's
    // body to JSON.stringify of the engine's envelope.
    const result: Record<keyof RecommendationResult, string> = {
      rank: hole('rank'),
      match_percent: hole('match_percent'),
      match_reasons: hole('match_reasons'),
      warnings: hole('warnings'),
      course: hole('course'),
    };
    this.resultJson = new JsonTemplate(result);
  }

  /**
   * Scores every combination, yielding to the event loop between slices so that requests are
   * served meanwhile. Resolves to undefined when `stop()` turns true (a newer snapshot, shutdown).
   */
  static async build(
    snapshot: Snapshot,
    stop: () => boolean = () => false,
    slice = 256,
  ): Promise<RecommendationTable | undefined> {
    const table = new RecommendationTable(snapshot);
    const courseIndex = new Map(snapshot.courses.map((course, i) => [course, i]));
    const texts = new Map<string, string>();
    const listIndex = new Map<string, number>();
    const listOf = (items: string[]): number => {
      const key = JSON.stringify(items);
      let index = listIndex.get(key);
      if (index === undefined) {
        const shared = items.map((text) => texts.get(text) ?? (texts.set(text, text), text));
        index = table.lists.push(Object.freeze(shared)) - 1;
        listIndex.set(key, index);
      }
      return index;
    };
    const combinations = allAnswers();
    const slices = (each: (answers: Answers, index: number) => void) =>
      inSlices(combinations, slice, stop, (answers) => each(answers, indexOf(answers)!));

    const scored = await slices((answers, index) => {
      const results = recommend(answers, snapshot.courses, snapshot.methodology);
      table.counts[index] = results.length;
      results.forEach((result, rank) => {
        const at = (index * table.limit + rank) * FIELDS;
        table.cells.set(
          [
            courseIndex.get(result.course)!,
            result.match_percent,
            listOf(result.match_reasons),
            listOf(result.warnings),
          ],
          at,
        );
      });
    });
    if (!scored) return undefined;
    table.listJson = packed(table.lists.map((list) => JSON.stringify(list)));
    const tagged = await slices((answers, index) => {
      table.etags[index] = strongEtag(table.pieces(answers, index));
    });
    return tagged ? table : undefined;
  }

  /** What the engine returns for these answers (lists shared and frozen, courses the snapshot's). */
  results(answers: Answers): RecommendationResult[] {
    return this.resultsAt(indexOf(answers)!);
  }

  /**
   * The recommendation body for a raw query that is exactly one valid set of answers (the six
   * names, nothing else, each once with an allowed value), byte for byte what serialising the
   * envelope gives; undefined for any other query, which validation is left to answer.
   */
  encoded(query: Readonly<Record<string, unknown>>): EncodedJson | undefined {
    const index = indexOf(query);
    if (index === undefined || Object.keys(query).length !== ANSWER_NAMES.length) return undefined;
    const pieces = this.pieces(query as Answers, index);
    return new EncodedJson(Buffer.concat(pieces), this.etags[index]);
  }

  private resultsAt(index: number): RecommendationResult[] {
    const { cells, lists, limit } = this;
    return Array.from({ length: this.counts[index] }, (_, rank) => {
      const at = (index * limit + rank) * FIELDS;
      return {
        rank: rank + 1,
        match_percent: cells[at + 1],
        match_reasons: lists[cells[at + 2]] as string[],
        warnings: lists[cells[at + 3]] as string[],
        course: this.snapshot.courses[cells[at]],
      };
    });
  }

  /** The envelope's JSON, in pieces: the templates filled with what was encoded at build time. */
  private pieces(answers: Answers, index: number): Buffer[] {
    const { cells, listJson, limit } = this;
    const count = this.counts[index];
    const results: Buffer[] = [OPEN];
    for (let rank = 0; rank < count; rank++) {
      const at = (index * limit + rank) * FIELDS;
      if (rank > 0) results.push(COMMA);
      this.resultJson.fill(
        {
          rank: NUMBERS[rank + 1],
          match_percent: NUMBERS[cells[at + 1]],
          match_reasons: listJson[cells[at + 2]],
          warnings: listJson[cells[at + 3]],
          course: this.courseJson[cells[at]],
        },
        results,
      );
    }
    results.push(CLOSE);
    const parts = partsOf(answers);
    const out: Buffer[] = [];
    this.envelopeJson.fill(
      {
        answers: objectOf(parts.map(({ answer }) => answer)),
        answer_labels: objectOf(parts.map(({ label }) => label)),
        no_strong_match: BOOLEANS[Number(count === 0)],
        results,
        human_url: json(finderUrl(this.snapshot.meta, parts)),
      },
      out,
    );
    return out;
  }
}
