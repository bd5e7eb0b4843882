// fzf key bindings (`--bind 'enter:execute(cmd)'`): the actions that run a
// command — execute, execute-silent, become, reload, preview, transform and
// their kin — with the command in (), [], {}, <>, or after `:` to the end.
// fzf fills `{}`, `{q}`, `{1}`… with the selection: a value nobody can see.
import { type CodeReading, UNKNOWN } from "./code.ts";
import { emptyReading } from "./file-lines.ts";

const RUNS =
  /(?:^|[,+:])\s*(execute(?:-silent|-multi)?|become|reload(?:-sync)?|preview|change-preview|refresh-preview|transform(?:-\w+)?|bg-transform(?:-\w+)?)\s*([([{<~!@#$%^&*;/|:])/g;
const CLOSERS: Record<string, string> = { "(": ")", "[": "]", "{": "}", "<": ">" };

export function readFzfBindings(text: string): CodeReading {
  const reading = emptyReading();
  for (const match of text.matchAll(RUNS)) {
    const opener = match[2]!;
    const start = match.index + match[0].length;
    const closer = opener === ":" ? undefined : (CLOSERS[opener] ?? opener);
    const end = closer === undefined ? text.length : text.indexOf(closer, start);
    addCommand(reading, text.slice(start, end < 0 ? text.length : end), match[1]!);
  }
  return reading;
}

/** `--preview CMD`, FZF_DEFAULT_COMMAND: one command with fzf's placeholders. */
export function readFzfCommand(text: string): CodeReading {
  const reading = emptyReading();
  addCommand(reading, text, "command");
  return reading;
}

function addCommand(reading: CodeReading, command: string, label: string) {
  const line = command.replace(/\{[+sfnrq]*-?\d*(?:\.\.-?\d*)?\}/g, UNKNOWN);
  if (line.trim() !== "") reading.lines.push({ line, label });
}
