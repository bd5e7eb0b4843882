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

/** Control characters shown as escapes: C0 and C1 controls, DEL, line and paragraph separators, bidi controls. */
function visible(cell: string): string {
  let out = "";
  for (const char of cell) out += hidden(char.codePointAt(0)!) ? escaped(char.codePointAt(0)!) : char;
  return out;
}

function hidden(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

function escaped(code: number): string {
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u{${code.toString(16)}}`;
}
