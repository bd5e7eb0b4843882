// Interactive consoles: tools that read their own commands from standard
// input (a heredoc, a pipe) or from a script file, and whose command
// language has an escape to the local shell (`!CMD`, `shell CMD`,
// `@exec CMD`; read by languages/console.ts). File-system debuggers
// (debugfs), database consoles (tdbtool), PBX and backup consoles (asterisk
// -r, bconsole), memory scanners (scanmem), JTAG and modem scripting
// (jtag, minicom's runscript), task shells (tasksh), the GiNaC calculator
// (ginsh), mail's command mode (`mail -E`), and hping3's Tcl console.
// Pagers and editors that read their keys from the terminal rather than
// from stdin (more, pg, ispell) are not here: a heredoc never reaches them.
import type { ProgramSpec } from "../spec.ts";

const CONSOLE = "code:console";

/** A console with no options of note: commands on stdin, script files as operands. */
const consoleOf = (options: ProgramSpec["options"] = {}, operands: ProgramSpec["operands"] = ["script"]): ProgramSpec => ({ options, operands, stdin: CONSOLE });

/** mail/mailx (GNU mailutils, bsd-mailx, s-nail): recipients as operands; `-E`/`--exec` runs a mail command (`!` escapes to the shell) first. */
const MAIL: ProgramSpec = {
  options: {
    "-E": CONSOLE,
    "--exec": CONSOLE,
    "-s": "value",
    "--subject": "value",
    "-a": "read",
    "--attach": "read",
    "-A": "read",
    "-c": "value",
    "--cc": "value",
    "-b": "value",
    "--bcc": "value",
    "-r": "value",
    "--return-address": "value",
    "-f": "read",
    "--file": "read",
    "-S": "value",
    "-u": "value",
  },
  operands: ["value"],
};

export const CONSOLES: Record<string, ProgramSpec> = {
  // `-R REQUEST` runs one request, `-f FILE` a file of them; the operand is the device or image.
  debugfs: {
    options: { "-R": CONSOLE, "-f": "script", "-b": "value", "-s": "value", "-z": "write", "-d": "path" },
    operands: ["path"],
    stdin: CONSOLE,
  },
  tdbtool: consoleOf({}, ["path", "value"]),
  tasksh: consoleOf(),
  ginsh: consoleOf(),
  // `-x CMD` runs one console command (`-rx '!id'`); `-C FILE` is its configuration.
  asterisk: consoleOf({ "-x": CONSOLE, "-C": "read" }, ["value"]),
  bconsole: consoleOf({ "-c": "read", "-D": "value", "-d": "value" }, ["value"]),
  scanmem: consoleOf({ "-p": "value", "--pid": "value", "-c": CONSOLE, "--command": CONSOLE }, ["value"]),
  jtag: consoleOf(),
  runscript: consoleOf({}, ["script", "value"]),
  // `-S FILE` is a runscript script run at start; `-C FILE` captures the session into a file.
  minicom: consoleOf({ "-S": "script", "--script": "script", "-D": "path", "--device": "path", "-C": "write", "--capturefile": "write", "-b": "value", "--baudrate": "value" }, [
    "value",
  ]),
  mail: MAIL,
  mailx: MAIL,
  "s-nail": MAIL,
  // With no target, hping3 is a Tcl console (`hping3 <<EOF … exec …`); `-E FILE` sends a file's bytes as the payload.
  hping3: {
    options: {
      "-c": "value",
      "-i": "value",
      "-p": "port",
      "-s": "value",
      "-d": "value",
      "-E": "read",
      "--file": "read",
      "-I": "value",
      "-a": "host",
      "-t": "value",
      "--data": "value",
    },
    operands: ["host"],
    stdin: "code:tcl",
  },
};
