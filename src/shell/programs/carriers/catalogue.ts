// Which programs of the built-in knowledge are carriers, by group: the
// carrier tables' own groups, and the programs of the other tables whose
// options, operands, environment or input carry a command or code. The
// README's list of carriers is made from this (and a test keeps them equal).
import type { ArgRole, ProgramSpec } from "../spec.ts";
import { builtinProgramNames, programTable } from "../table.ts";
import { CARRIER_GROUPS } from "./index.ts";

export type CarrierGroup = { title: string; names: string[] };

const CARRYING = new Set<string>(["shell", "shell-helper", "shell-words", "argv", "command", "script"]);

/** A role through which a program runs something: a command, a program, a script or code. */
function carries(role: ArgRole | "flag" | undefined): boolean {
  return role !== undefined && (CARRYING.has(role) || role.startsWith("code:"));
}

/** The spec, or one of its subcommands, runs what an argument, variable or its input gives it (levels may lead back to themselves). */
function runsSomething(spec: ProgramSpec, seen = new Set<ProgramSpec>()): boolean {
  if (seen.has(spec)) return false;
  seen.add(spec);
  const roles = [...Object.values(spec.options ?? {}), ...(spec.operands ?? []), spec.stdin, ...Object.values(spec.env ?? {}), ...Object.values(spec.keyedOperands ?? {})];
  if (roles.some(carries) || spec.afterDoubleDash) return true;
  return Object.values(spec.subcommands ?? {}).some((sub) => runsSomething(sub, seen));
}

export function carrierCatalogue(): CarrierGroup[] {
  const grouped = CARRIER_GROUPS.map((group) => ({ title: group.title, names: Object.keys(group.programs).sort() }));
  const inGroups = new Set(grouped.flatMap((group) => group.names));
  const table = programTable();
  const elsewhere = builtinProgramNames().filter((name) => !inGroups.has(name) && runsSomething(table.spec(name)!));
  return [...grouped, { title: "shells, interpreters, wrappers and tools with tables of their own", names: elsewhere }];
}
