/** A report as titled tables, printed for the terminal or written as Markdown for a pull request. */
export interface Section {
  title: string;
  /** One line under the title: what the table lists. */
  note?: string;
  headers: string[];
  rows: string[][];
  /** Said instead of an empty table. */
  empty: string;
}

export function toText(title: string, sections: readonly Section[]): string {
  const lines = [title, '='.repeat(title.length)];
  for (const section of sections) {
    lines.push('', section.title, '-'.repeat(section.title.length));
    if (section.note) lines.push(section.note);
    if (section.rows.length === 0) {
      lines.push(section.empty);
      continue;
    }
    const table = [section.headers, ...section.rows];
    const widths = section.headers.map((_, i) => Math.max(...table.map((row) => row[i].length)));
    for (const row of table) {
      lines.push(
        row
          .map((cell, i) => cell.padEnd(widths[i]))
          .join('  ')
          .trimEnd(),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

export function toMarkdown(title: string, sections: readonly Section[]): string {
  const lines = [`# ${title}`];
  for (const section of sections) {
    lines.push('', `## ${section.title}`, '');
    if (section.note) lines.push(section.note, '');
    if (section.rows.length === 0) {
      lines.push(section.empty);
      continue;
    }
    const row = (cells: string[]) => `| ${cells.map(markdownCell).join(' | ')} |`;
    lines.push(row(section.headers), row(section.headers.map(() => '---')));
    lines.push(...section.rows.map(row));
  }
  return `${lines.join('\n')}\n`;
}

/** A table cell: pipes escaped, line breaks joined, so a value cannot break the table. */
function markdownCell(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ');
}
