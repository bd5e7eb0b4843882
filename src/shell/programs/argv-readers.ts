// Programs whose command line the spec format cannot describe, each read by
// its own reader: PowerShell (case-insensitive parameters, -Command takes the
// rest, base64 commands), ansible (what -a means depends on -m) and cmd's
// builtins with `/x` switches (del, erase, rd, rmdir).
import type { WorkBudget } from "../budget.ts";
import type { Field } from "../expand/field.ts";
import { readAnsibleArgv } from "./ansible.ts";
import { CMD_SWITCH_PROGRAMS, readCmdSwitchArgv } from "./cmd-switches.ts";
import { POWERSHELL_NAMES, readPowershellArgv } from "./powershell.ts";
import type { ArgvReading } from "./read-argv.ts";
import type { ProgramSpec } from "./spec.ts";

/** `budget` is the analysis's: a reader that reads a word's text again (ansible's key=value pairs) charges its work to it. */
type ArgvReader = (name: string, args: readonly Field[], spec: ProgramSpec | undefined, budget: WorkBudget) => ArgvReading;

const READERS: ReadonlyMap<string, ArgvReader> = new Map<string, ArgvReader>([
  ...POWERSHELL_NAMES.map((name): [string, ArgvReader] => [name, readPowershellArgv]),
  ["ansible", (_name, args, spec, budget) => readAnsibleArgv(args, spec, budget)],
  ...CMD_SWITCH_PROGRAMS.map((name): [string, ArgvReader] => [name, readCmdSwitchArgv]),
]);

/** The reader of a program that needs more than its table, if it has one. */
export function argvReaderFor(name: string): ArgvReader | undefined {
  return READERS.get(name);
}
