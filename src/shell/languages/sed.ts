// sed scripts: the `e` command runs a shell command, `s///e` runs the
// pattern space (only known at run time), `w`/`W` and the `w` flag write a
// file, `r`/`R` read one.
import type { CodeReading } from "./code.ts";

/** An address before a command: a line number, $, /regex/ or \cregexc, ranges, and `!`. */
const ADDRESS = String.raw`(?:(?:\d+|\$|/(?:[^/\\\n]|\\.)*/[IM]*)(?:\s*,\s*(?:\d+|\$|/(?:[^/\\\n]|\\.)*/[IM]*|[+~]\d+))?\s*!?\s*)?`;

export function readSed(script: string): CodeReading {
  const reading: CodeReading = { lines: [], unresolved: [] };
  const commandStart = String.raw`(?:^|[;\n{}])\s*`;
  for (const match of script.matchAll(new RegExp(`${commandStart}${ADDRESS}e(?:[ \\t]+([^;\\n}]*))?(?=$|[;\\n}])`, "g"))) {
    const command = match[1]?.trim();
    if (command) reading.lines.push({ line: command, label: "e command" });
    else reading.unresolved.push("sed e runs the pattern space as a command, only known at run time");
  }
  for (const match of script.matchAll(new RegExp(`${commandStart}${ADDRESS}[wW][ \\t]+([^;\\n}]+)`, "g"))) {
    reading.lines.push({ line: `: > ${quote(match[1]!.trim())}`, label: "w command" });
  }
  for (const match of script.matchAll(new RegExp(`${commandStart}${ADDRESS}[rR][ \\t]+([^;\\n}]+)`, "g"))) {
    reading.lines.push({ line: `cat -- ${quote(match[1]!.trim())}`, label: "r command" });
  }
  for (const flags of substitutionFlags(script)) {
    if (flags.flags.includes("e")) reading.unresolved.push("sed s///e runs the result as a command, only known at run time");
    if (flags.file) reading.lines.push({ line: `: > ${quote(flags.file)}`, label: "s///w" });
  }
  return reading;
}

/** The flags (and `w FILE`) of each `s` command, whatever its delimiter. */
function substitutionFlags(script: string): Array<{ flags: string; file?: string }> {
  const found: Array<{ flags: string; file?: string }> = [];
  const pattern = new RegExp(String.raw`(?:^|[;\n{}])\s*${ADDRESS}s(.)`, "g");
  for (let match = pattern.exec(script); match; match = pattern.exec(script)) {
    const delimiter = match[1]!;
    if (delimiter === "\n" || delimiter === "\\") continue;
    let index = match.index + match[0].length;
    for (let part = 0; part < 2 && index <= script.length; part++) index = afterDelimited(script, index, delimiter);
    const rest = /^([gpiImMe0-9]*)(?:w[ \t]+([^;\n}]+))?/.exec(script.slice(index))!;
    found.push(rest[2] ? { flags: rest[1]!, file: rest[2].trim() } : { flags: rest[1]! });
    pattern.lastIndex = Math.max(index, pattern.lastIndex);
  }
  return found;
}

function afterDelimited(text: string, from: number, delimiter: string): number {
  for (let index = from; index < text.length; index++) {
    if (text[index] === "\\") index++;
    else if (text[index] === delimiter) return index + 1;
  }
  return text.length + 1;
}

function quote(path: string): string {
  return path.startsWith("~/") ? `~/'${path.slice(2).replaceAll("'", "'\\''")}'` : `'${path.replaceAll("'", "'\\''")}'`;
}
