// A plain text table: columns padded to their widest cell, the last column
// left to run on (it holds the long text: an input preview). Cells come from
// what the agent sent (a tool name, an input): control characters, escape
// sequences and bidirectional overrides are shown as escapes, never sent to
// the terminal as they are.

export function table(header: readonly string[], shownRows: ReadonlyArray<readonly string[]>): string {
  const rows = shownRows.map((row) => row.map(visible));
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map(line)].join("\n");
}

/** `\x1b[31m` → `\x1b[31m` as text: C0 and C1 controls, DEL, line and paragraph separators and bidi controls escaped. */
export function visible(cell: string): string {
  return cell.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (char) => {
    const code = char.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u{${code.toString(16)}}`;
  });
}
