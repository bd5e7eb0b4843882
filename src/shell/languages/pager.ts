// Pager commands and hooks. `less +CMD` (and `LESS="+CMD"`) types CMD when
// less starts: `!cmd` and `|Xcmd` run a shell command, `s FILE` saves the
// input to a file, `:e FILE` opens another. LESSOPEN and LESSCLOSE are
// command lines less runs for every file (`|cmd %s`, `||cmd %s`, `cmd %s %s`),
// the file name taking the place of `%s`.
import type { CodeReading } from "./code.ts";
import { emptyReading, readLine, writeLine } from "./file-lines.ts";

/** One `+CMD` of less: a command as if typed at its prompt. */
export function readLessCommand(command: string): CodeReading {
  const reading = emptyReading();
  const text = command.replace(/^\+/, "");
  const shell = /^!([\s\S]*)$/.exec(text) ?? /^\|.([\s\S]*)$/.exec(text);
  if (shell) {
    if (shell[1]!.trim() !== "") reading.lines.push({ line: fillPercent(shell[1]!), label: text.startsWith("!") ? "!" : "|" });
    return reading;
  }
  const save = /^s\s*(\S[\s\S]*)$/.exec(text);
  if (save) reading.lines.push({ line: writeLine(save[1]!), label: "s" });
  const examine = /^(?::e|E)\s*(\S[\s\S]*)$/.exec(text);
  if (examine) reading.lines.push({ line: readLine(examine[1]!), label: ":e" });
  return reading;
}

/**
 * The LESS variable: options less reads before its command line's. A `+CMD` among them runs at start as on the
 * command line (`LESS='+!rm -rf ~'`); a `$` ends it, as it ends any option string there.
 */
export function readLessOptions(value: string): CodeReading {
  const reading = emptyReading();
  for (const match of value.matchAll(/(?:^|[\s$])(\+[^$]*)/g)) reading.lines.push(...readLessCommand(match[1]!.trimEnd()).lines);
  return reading;
}

/**
 * LESSOPEN / LESSCLOSE: an input preprocessor's command line. Without a leading `|` what it prints is the name of a
 * replacement file, which less shows instead: `echo /etc/shadow # %s` shows that file whatever file was asked for.
 */
export function readLessOpen(value: string): CodeReading {
  const reading = emptyReading();
  const piped = /^\s*(?:\|\||\|)/.test(value);
  const command = value.replace(/^\s*(?:\|\||\||-)?/, "");
  if (command.trim() !== "") reading.lines.push({ line: fillPercent(command), label: "input preprocessor" });
  const printed = piped ? undefined : /^\s*(?:echo|printf)\s+(["']?)([^\s"'#;|&%]+)\1(?:\s|$)/.exec(command)?.[2];
  if (printed !== undefined) reading.lines.push({ line: readLine(printed), label: "replacement file" });
  return reading;
}

/**
 * less fills `%` and `%s` with the name of the file being opened, which the run decides (`:e`, `:n`, a glob): a
 * word only known at run time, so `sh %s` runs whatever file less is shown.
 */
function fillPercent(command: string): string {
  return command.replace(/%s?/g, '"$1"');
}
