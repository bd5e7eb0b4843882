// A command that only asks for its help text prints it and does nothing
// else: `kubectl delete --help`, `aws s3 rm help`, `git push -h`. Such a
// command is judged as the program alone with its help word, so no verb or
// path of the line counts against it. Only where the help word is surely
// read as help: an option among options (not a value), before `--`; after an
// operand only for a program of subcommands (their argument parsers take
// options anywhere), where a program of plain operands may read it as one
// more file (BSD getopt stops at the first operand: `rm -rf ~ --help`).
// A line that carries a command or code, or runs the project's code, runs it.
import { type Field, singleValue } from "../expand/field.ts";
import { runsProjectCode } from "./project-code.ts";
import { readArgv } from "./read-argv.ts";
import type { ProgramSpec } from "./spec.ts";

const CARRYING_ROLES: ReadonlySet<string> = new Set(["shell", "shell-helper", "shell-words", "argv", "command", "script"]);

/** The help word the line asks with, when all it does is print help; undefined otherwise. */
export function helpRequest(name: string, spec: ProgramSpec | undefined, args: readonly Field[]): string | undefined {
  if (args.length < 2) return undefined;
  const words = args.map(singleValue);
  if (words.some((word) => word === undefined)) return undefined;
  const known = words as string[];
  // Most lines ask for no help: leave before reading the argv a second time (planLaunches reads it for the run).
  if (!known.some((word) => word === "--help" || word === "-h" || word === "help")) return undefined;
  const reading = readArgv(spec, args);
  if (reading.carried || reading.roled.some((arg) => CARRYING_ROLES.has(arg.role) || arg.role.startsWith("code"))) return undefined;
  if (runsProjectCode(name, reading.subcommand)) return undefined;
  const end = known.indexOf("--");
  const options = end < 0 ? known : known.slice(0, end);
  const at = options.indexOf("--help");
  if (at >= 0 && reading.flags.includes("--help") && helpPlace(spec, options.slice(0, at))) return "--help";
  const path = reading.subcommand;
  // `git push -h`: `-h` is help where a program of subcommands is given nothing else (elsewhere it may be a host or halt).
  if (spec?.subcommands && reading.flags.includes("-h") && known.length === path.length + 1 && known.filter((word) => word !== "-h").join(" ") === path.join(" ")) return "-h";
  // `aws s3 rm help`: the help verb after the command path, for a program whose spec says it is read so.
  if (spec?.helpWord === "last" && known.at(-1) === "help" && known.slice(0, -1).join(" ") === path.join(" ")) return "help";
  return undefined;
}

/**
 * Whether `--help` after these words is read as help: after anything for a program of subcommands; after options
 * only for one of plain operands; after options and plain words for a program nobody described (`acmectl project
 * delete --help`), never after a path or a value (`run ./bin/tool --help` in a bats file runs the tool).
 */
function helpPlace(spec: ProgramSpec | undefined, before: readonly string[]): boolean {
  if (spec?.subcommands !== undefined) return true;
  if (spec !== undefined) return before.every((word) => word.startsWith("-"));
  return before.every((word) => word.startsWith("-") || /^[A-Za-z][A-Za-z0-9]*(?:[:_-][A-Za-z0-9]+)*$/.test(word));
}
