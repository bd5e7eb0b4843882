// ed commands (on stdin, or a script written above): `!cmd`, `r !cmd`,
// `w !cmd` and `e !cmd` run a shell command; `w FILE` (also `W`, `wq`)
// writes a file; `r FILE`, `e FILE`, `E FILE` read one. An address may come
// first (`1,$w out`).
import type { CodeReading } from "./code.ts";
import { emptyReading, readLine, writeLine } from "./file-lines.ts";

const ADDRESS = /^(?:[\s.$,;0-9+-]|'[a-z]|\/(?:[^/\\]|\\.)*\/|\?(?:[^?\\]|\\.)*\?)*/;

export function readEd(script: string): CodeReading {
  const reading = emptyReading();
  for (const raw of script.split(/\r?\n/)) {
    const line = raw.slice(ADDRESS.exec(raw)![0].length);
    const command = /^(!|[rRwWeEf]q?|wq)\s*([\s\S]*)$/.exec(line);
    if (!command) continue;
    const [, name, rest] = command as unknown as [string, string, string];
    if (name === "!") addShell(reading, rest, "!");
    else if (rest.startsWith("!")) addShell(reading, rest.slice(1), `${name} !`);
    else if (rest.trim() === "") continue;
    else if (/^[wW]/.test(name)) reading.lines.push({ line: writeLine(rest), label: name });
    else if (name !== "f") reading.lines.push({ line: readLine(rest), label: name });
  }
  return reading;
}

function addShell(reading: CodeReading, command: string, label: string) {
  if (command.trim() !== "") reading.lines.push({ line: command, label });
}
