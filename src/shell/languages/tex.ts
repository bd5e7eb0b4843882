// TeX given on the command line (`pdflatex '\documentclass…'`, `tex
// '\write18{cmd}'`): `\write18{…}` and `\ShellEscape{…}` run a shell
// command, `\openout…=FILE` writes a file, `\input`, `\include`,
// `\verbatiminput` and `\openin` read one, `\directlua{…}` runs Lua. An
// argument that is not TeX code is the name of the file to typeset.
import type { CodeReading } from "./code.ts";
import { emptyReading, readLine, writeLine } from "./file-lines.ts";
import { closingIndexes } from "./groups.ts";

export function readTex(text: string): CodeReading {
  const reading = emptyReading();
  if (!/[\\&]/.test(text)) {
    reading.lines.push({ line: readLine(text), label: "input file" });
    return reading;
  }
  for (const group of groupsAfter(text, /\\(?:immediate\s*)?\\?write18\s*|\\ShellEscape\s*|\\shellescape\s*/g)) reading.lines.push({ line: group, label: "\\write18" });
  for (const group of groupsAfter(text, /\\(?:directlua|luaexec|luadirect|latelua)\s*/g))
    reading.code = [...(reading.code ?? []), { language: "lua", text: group, label: "\\directlua" }];
  for (const match of text.matchAll(/\\openout\s*\\?\w*\s*=?\s*([^\s\\{}]+)/g)) reading.lines.push({ line: writeLine(match[1]!), label: "\\openout" });
  for (const match of text.matchAll(/\\(?:input|include|verbatiminput|lstinputlisting|openin\s*\\?\w*\s*=?|InputIfFileExists)\s*(?:\[[^\]]*\]\s*)?(?:\{([^}]*)\}|([^\s\\{}]+))/g)) {
    reading.lines.push({ line: readLine(match[1] ?? match[2]!), label: "\\input" });
  }
  return reading;
}

/** The contents of each `{…}` group that follows a match of `pattern`, braces balanced. */
function groupsAfter(text: string, pattern: RegExp): string[] {
  const closes = closingIndexes(text, "{", "}");
  const groups: string[] = [];
  for (const match of text.matchAll(pattern)) {
    const open = match.index + match[0].length;
    const close = closes.get(open);
    if (close !== undefined) groups.push(text.slice(open + 1, close));
  }
  return groups;
}
