// Programs whose command line the spec format cannot describe, each read by
// its own reader: PowerShell (case-insensitive parameters, -Command takes the
// rest, base64 commands) and ansible (what -a means depends on -m).
import type { Field } from "../expand/field.ts";
import { readAnsibleArgv } from "./ansible.ts";
import { POWERSHELL_NAMES, readPowershellArgv } from "./powershell.ts";
import type { ArgvReading } from "./read-argv.ts";
import type { ProgramSpec } from "./spec.ts";

type ArgvReader = (name: string, args: readonly Field[], spec: ProgramSpec | undefined) => ArgvReading;

const READERS: ReadonlyMap<string, ArgvReader> = new Map<string, ArgvReader>([
  ...POWERSHELL_NAMES.map((name): [string, ArgvReader] => [name, readPowershellArgv]),
  ["ansible", (_name, args, spec) => readAnsibleArgv(args, spec)],
]);

/** The reader of a program that needs more than its table, if it has one. */
export function argvReaderFor(name: string): ArgvReader | undefined {
  return READERS.get(name);
}
