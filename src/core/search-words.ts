/**
 * How free text is read for search (docs/api.md#searchcourses): letters and digits, with case and
 * accents set aside (`Café` and `cafe` are one word), everything else a separator.
 */
export function searchWords(text: string): string[] {
  const lower = text.toLowerCase();
  // Most text is printable ASCII: no accents to set aside, and its letters and digits are these.
  if (!/[^ -~]/.test(lower)) return lower.match(/[a-z0-9]+/g) ?? [];
  return (
    lower
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}
