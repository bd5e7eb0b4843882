// ed commands (on stdin, or a script written above): `!cmd`, `r !cmd`,
// `w !cmd` and `e !cmd` run a shell command; `w FILE` (also `W`, `wq`)
// writes a file; `r FILE`, `e FILE`, `E FILE` read one. An address may come
// first (`1,$w out`). `a`, `i` and `c` take the lines after them as text up
// to a line holding only `.`: that text is what a later `w` writes, so it is
// handed on as the written content (`printf '%s\n' … >> FILE`) for the rules
// that judge what goes into a start-up file. A `w` with no name writes the
// current file: the one ed was started on (the caller puts it first as an
// `f FILE` line, ed's own way of naming it), else the last `e`/`f` named.
import { shellQuote } from "./quote.ts";
import type { CodeReading } from "./code.ts";
import { emptyReading, fileWord, readLine, writeLine } from "./file-lines.ts";

const ADDRESS = /^(?:[\s.$,;0-9+-]|'[a-z]|\/(?:[^/\\]|\\.)*\/|\?(?:[^?\\]|\\.)*\?)*/;
/** Commands that take text lines after them (append, insert, change), with an optional suffix (`p`, `n`, `l`). */
const TEXT_COMMAND = /^[aic][pnl]?\s*$/;

type EdState = { file: string | undefined; text: string[] };

export function readEd(script: string): CodeReading {
  const reading = emptyReading();
  const state: EdState = { file: undefined, text: [] };
  let inText = false;
  for (const raw of script.split(/\r?\n/)) {
    if (inText) {
      if (raw === ".") inText = false;
      else state.text.push(raw);
      continue;
    }
    const line = raw.slice(ADDRESS.exec(raw)![0].length);
    if (TEXT_COMMAND.test(line)) {
      inText = true;
      continue;
    }
    readCommand(reading, state, line);
  }
  return reading;
}

function readCommand(reading: CodeReading, state: EdState, line: string) {
  const command = /^(!|[rRwWeEf]q?|wq)\s*([\s\S]*)$/.exec(line);
  if (!command) return;
  const [, name, rest] = command as unknown as [string, string, string];
  if (name === "!") return addShell(reading, rest, "!");
  if (rest.startsWith("!")) return addShell(reading, rest.slice(1), `${name} !`);
  const named = rest.trim() === "" ? undefined : rest;
  if (/^[wW]/.test(name)) return addWrite(reading, state, named ?? state.file, name);
  if (named === undefined) return;
  // `f FILE` names the current file; `e FILE` reads it and makes it current.
  if (name === "f" || /^[eE]/.test(name)) state.file = named;
  if (name !== "f") reading.lines.push({ line: readLine(named), label: name });
}

/** A write: the text added since the last write goes into the file (appended, as ed writes the whole buffer back). */
function addWrite(reading: CodeReading, state: EdState, file: string | undefined, label: string) {
  if (file === undefined) return;
  if (state.text.length === 0) {
    reading.lines.push({ line: writeLine(file), label });
    return;
  }
  reading.lines.push({ line: `printf '%s\\n' ${state.text.map(shellQuote).join(" ")} >> ${fileWord(file)}`, label });
  state.text = [];
}

function addShell(reading: CodeReading, command: string, label: string) {
  if (command.trim() !== "") reading.lines.push({ line: command, label });
}
