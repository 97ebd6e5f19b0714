/** Geometry of the small horizontal bar charts on the methodology page, drawn as inline SVG. */

export interface BarChart {
  id: string;
  title: string;
  /** Every number of the chart in words, for screen readers. */
  description: string;
  width: number;
  height: number;
  labelWidth: number;
  rows: { label: string; text: string; y: number; barWidth: number }[];
}

const WIDTH = 640;
const LABEL_WIDTH = 170;
const VALUE_SPACE = 120;
const ROW = 30;

export function barChart(
  id: string,
  title: string,
  rows: readonly { label: string; value: number; text: string }[],
): BarChart {
  const max = Math.max(1, ...rows.map((row) => row.value));
  const span = WIDTH - LABEL_WIDTH - VALUE_SPACE;
  return {
    id,
    title,
    description: rows.map((row) => `${row.label}: ${row.text}`).join('; '),
    width: WIDTH,
    height: rows.length * ROW + 6,
    labelWidth: LABEL_WIDTH,
    rows: rows.map((row, i) => ({
      label: row.label,
      text: row.text,
      y: i * ROW + 3,
      // A non-zero value always shows a sliver, so it never looks like zero.
      barWidth: row.value === 0 ? 0 : Math.max(2, Math.round((row.value / max) * span)),
    })),
  };
}
