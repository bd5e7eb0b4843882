// All program knowledge in one lookup: the built-in tables, then what a
// policy adds (`[programs.<name>]`), by lower-case name (file systems may be
// case-insensitive: macOS runs /bin/rm for `RM`) and by family (`python3.12`
// is `python`).
import { BUILTIN_PROGRAMS } from "./builtins.ts";
import { CARRIER_PROGRAMS } from "./carriers/index.ts";
import { CREDENTIAL_PROGRAMS } from "./credentials.ts";
import { DATABASE_PROGRAMS } from "./databases.ts";
import { FILE_PROGRAMS } from "./files.ts";
import { GIT } from "./git.ts";
import { INTERPRETERS, programFamily } from "./interpreters.ts";
import { NETWORK_PROGRAMS } from "./network.ts";
import { PACKAGE_PROGRAMS } from "./packages.ts";
import { REMOTE_PROGRAMS } from "./remote/catalogue.ts";
import type { ProgramSpec } from "./spec.ts";
import { SYSTEM_PROGRAMS } from "./system.ts";
import { WRAPPERS } from "./wrappers.ts";

/** The built-in knowledge, later tables winning where a name appears twice. */
export const BUILTIN_TABLES: ReadonlyArray<Readonly<Record<string, ProgramSpec>>> = [FILE_PROGRAMS, NETWORK_PROGRAMS, INTERPRETERS, BUILTIN_PROGRAMS, WRAPPERS, REMOTE_PROGRAMS, { git: GIT }, DATABASE_PROGRAMS, PACKAGE_PROGRAMS, SYSTEM_PROGRAMS, CARRIER_PROGRAMS, CREDENTIAL_PROGRAMS];

export type ProgramTable = {
  /** What the guard knows about a program, by its basename; undefined for programs it knows nothing of. */
  spec(name: string): ProgramSpec | undefined;
};

let builtinByName: Map<string, ProgramSpec> | undefined;

function builtinTable(): Map<string, ProgramSpec> {
  if (builtinByName) return builtinByName;
  builtinByName = new Map();
  for (const table of BUILTIN_TABLES) for (const [name, spec] of Object.entries(table)) builtinByName.set(name.toLowerCase(), spec);
  return builtinByName;
}

/** The built-in knowledge plus a policy's additions (which replace a built-in entry of the same name). */
export function programTable(additions: Readonly<Record<string, ProgramSpec>> = {}): ProgramTable {
  const table = builtinTable();
  const added = new Map(Object.entries(additions).map(([name, spec]) => [name.toLowerCase(), spec]));
  const find = (name: string) => added.get(name) ?? table.get(name);
  return {
    spec(name) {
      const lower = name.toLowerCase();
      return find(lower) ?? find(programFamily(lower));
    },
  };
}

/** The names of every program the built-in knowledge covers, for documentation and tests. */
export function builtinProgramNames(): string[] {
  return [...builtinTable().keys()].sort();
}
