// The command consoles of interactive tools that read their commands from
// standard input or a script file (debugfs, tdbtool, asterisk's remote
// console, bacula's bconsole, scanmem, jtag, minicom's runscript, mail's
// command mode): besides their own commands, each has an escape to the local
// shell — `!CMD` (or `! CMD`), `shell CMD`, bconsole's `@exec CMD`,
// runscript's `exec CMD`. Only the escapes are read; the rest is the tool's
// own business.
import type { CodeReading } from "./code.ts";
import { emptyReading } from "./file-lines.ts";

/** An escape to the shell at the start of a console line, and the command after it. */
const ESCAPE = /^(?:!|(?:shell|@exec|exec)\s+)([\s\S]*)$/;

export function readConsole(script: string): CodeReading {
  const reading = emptyReading();
  for (const line of script.split(/\r?\n/)) {
    const found = ESCAPE.exec(line.trim());
    const command = found?.[1]?.trim();
    // `exec "cmd"`: runscript quotes the command it hands to the shell.
    if (command) reading.lines.push({ line: command.replace(/^"([\s\S]*)"$/, "$1"), label: "shell escape" });
  }
  return reading;
}
