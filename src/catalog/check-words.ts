import { FACT_LABELS, factOf } from './facts';
import type { EntrySource } from './history.schema';
import { listed } from '../core/words';

/**
 * Checks in words (docs/data.md#the-history): what was checked, against what and when, as the
 * history's words and the course pages say it: "Price checked on the provider's page on
 * 7 December 2026".
 */

const DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "12 March 2027". */
export const dateInWords = (date: string) => DATE.format(Date.parse(date));

const words = (key: string) => key.replaceAll('_', ' ');

const SOURCE_WORDS: Partial<Record<EntrySource['source_type'], string>> = {
  official: "the provider's page",
  first_hand: 'taking the course',
};

/** How a kind of source was read, after "checked": "on the provider's page". */
const CHECKED_HOW: Partial<Record<EntrySource['source_type'], string>> = {
  official: "on the provider's page",
  first_hand: 'by taking the course',
};

/** A source's field in words: "price", "price (display)", a member that is no fact as named. */
export function fieldInWords(field: string): string {
  const [member, ...part] = field.split('.');
  const fact = factOf(member);
  const name = fact ? FACT_LABELS[fact] : words(member);
  return part.length > 0 ? `${name} (${part.map(words).join(' ')})` : name;
}

/**
 * A check in words, naming the fields checked: "Price and levels checked on the provider's page
 * on 7 December 2026"; fields checked on several kinds of source, each with its own.
 */
export function checkInWords(sources: readonly EntrySource[], date: string): string {
  const how = new Map<string, string[]>();
  for (const source of sources) {
    const way = CHECKED_HOW[source.source_type] ?? `against ${source.label}`;
    const fields = how.get(way) ?? [];
    const field = source.field === null ? 'every fact' : fieldInWords(source.field);
    if (!fields.includes(field)) fields.push(field);
    how.set(way, fields);
  }
  const said = [...how].map(([way, fields]) => `${listed(fields)} checked ${way}`).join('; ');
  return `${said.charAt(0).toUpperCase()}${said.slice(1)} on ${dateInWords(date)}`;
}

/** "the provider's page and Course review": what the entry was checked against. */
export function sourcesInWords(sources: readonly EntrySource[]): string {
  const phrases = [...new Set(sources.map((s) => SOURCE_WORDS[s.source_type] ?? s.label))];
  return phrases.join(' and ');
}
