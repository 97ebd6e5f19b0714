/**
 * How free text is read for search (docs/api.md#searchcourses): letters and digits, with case and
 * accents set aside (`Café` and `cafe` are one word), everything else a separator.
 */
export function searchWords(text: string): string[] {
  const lower = text.toLowerCase();
  // Most text is ASCII, which has no accents to set aside; decomposing it would change nothing.
  const plain = /[^ -~]/.test(lower) ? lower.normalize('NFKD').replace(/\p{M}/gu, '') : lower;
  return plain.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A searchable text as one string: its words, each preceded by a space. */
export function searchable(...texts: readonly string[]): string {
  return ` ${texts.flatMap(searchWords).join(' ')}`;
}

/** Whether every query word begins a word of the searchable text (`loc` finds "Local SEO"). */
export function matchesAll(haystack: string, words: readonly string[]): boolean {
  return words.every((word) => haystack.includes(` ${word}`));
}
