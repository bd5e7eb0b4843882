// Calculator and plotting languages that reach the shell. dc's `!` runs the
// rest of the line as a command. gnuplot runs `! cmd` lines, `system "cmd"`,
// backquoted commands, and pipes (`set output "| cmd"`, `plot "< cmd"`);
// `set output`, `set print`, `save` write a file; `load` and `call` read one
// (its `system("…")` function is in the call table).
import { type CodeReading, readCode } from "./code.ts";
import { addReading, emptyReading, readLine, writeLine } from "./file-lines.ts";

export function readDc(script: string): CodeReading {
  const reading = emptyReading();
  for (const match of script.matchAll(/!([^\n]*)/g)) {
    // `!<`, `!>`, `!=` compare registers; anything else is a shell command.
    if (!/^[<>=]/.test(match[1]!) && match[1]!.trim() !== "") reading.lines.push({ line: match[1]!, label: "!" });
  }
  return reading;
}

const QUOTED = String.raw`"((?:[^"\\]|\\.)*)"|'([^']*)'`;

export function readGnuplot(script: string, interpreter: string): CodeReading {
  const reading = emptyReading();
  addReading(reading, readCode("gnuplot", script, interpreter));
  const text = (match: RegExpMatchArray, at: number) => match[at] ?? match[at + 1] ?? "";
  for (const statement of script.split(/\r?\n|;/)) {
    const line = statement.trim();
    const bang = /^!\s*([\s\S]+)$/.exec(line) ?? /^system\s+(?:"((?:[^"\\]|\\.)*)"|'([^']*)')/.exec(line);
    if (bang) reading.lines.push({ line: bang[1] ?? bang[2]!, label: "!" });
    const output = new RegExp(`^(?:set\\s+(?:output|print|table)|save(?:\\s+\\w+)?)\\s+(?:${QUOTED})`).exec(line);
    if (output) addTarget(reading, text(output, 1), "set output");
    const input = new RegExp(`^(?:load|call)\\s+(?:${QUOTED})`).exec(line);
    if (input) reading.lines.push({ line: readLine(text(input, 1)), label: "load" });
  }
  for (const match of script.matchAll(/`([^`]+)`/g)) reading.lines.push({ line: match[1]!, label: "`…`" });
  for (const match of script.matchAll(new RegExp(`(?:plot|splot|fit|stats)\\s+(?:${QUOTED})`, "g"))) {
    const source = text(match, 1);
    if (source.startsWith("<")) reading.lines.push({ line: source.slice(1).trim(), label: 'plot "<"' });
    else if (source !== "" && source !== "-") reading.lines.push({ line: readLine(source), label: "plot" });
  }
  return reading;
}

/** `set output "| lpr"` pipes into a command; any other name is a file written. */
function addTarget(reading: CodeReading, target: string, label: string) {
  if (target.startsWith("|")) reading.lines.push({ line: target.slice(1).trim(), label });
  else if (target !== "") reading.lines.push({ line: writeLine(target), label });
}
