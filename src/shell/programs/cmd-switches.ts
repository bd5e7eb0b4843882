// cmd's builtins read with their `/x` switches (`del /q obj\*.cache`): a word
// like `/q` is a switch to them, not a file at the root of the drive.
import { type Field, singleValue } from "../expand/field.ts";
import { type ArgvReading, readArgv } from "./read-argv.ts";
import type { ProgramSpec } from "./spec.ts";

/** A switch: `/q`, `/s`, `/a:h`. */
const SWITCH_WORD = /^\/[A-Za-z?](?::\S*)?$/;

/**
 * Their switches are `/x` words (`del /q /s`, `erase /f`, `rd /s /q`); what is left is read by the program's table
 * (`del` is also the npm tool, whose operands are paths; POSIX rmdir only removes empty directories, so a `/s` read
 * as a switch hides nothing).
 */
export const CMD_SWITCH_PROGRAMS = ["del", "erase", "rd", "rmdir"] as const;

export function readCmdSwitchArgv(_name: string, args: readonly Field[], spec: ProgramSpec | undefined): ArgvReading {
  const switches = args.filter((field) => SWITCH_WORD.test(singleValue(field) ?? ""));
  const reading = readArgv(spec, switches.length === 0 ? args : args.filter((field) => !switches.includes(field)));
  reading.flags.push(...switches.map((field) => singleValue(field)!.toLowerCase()));
  return reading;
}
