/** The small bar charts of the methodology page: rows of a label, a bar and the value in words. */

export interface BarChart {
  id: string;
  title: string;
  rows: {
    label: string;
    text: string;
    /** The bar's length, 0 to 100, of the longest. */ share: number;
  }[];
}

export function barChart(
  id: string,
  title: string,
  rows: readonly { label: string; value: number; text: string }[],
): BarChart {
  const max = Math.max(1, ...rows.map((row) => row.value));
  return {
    id,
    title,
    rows: rows.map((row) => ({
      label: row.label,
      text: row.text,
      // A non-zero value always shows a sliver, so it never looks like zero.
      share: row.value === 0 ? 0 : Math.max(1, Math.round((row.value / max) * 100)),
    })),
  };
}
