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
import { OUTPUT_PROGRAMS, PROGRAM_OUTPUTS } from "./outputs.ts";
import { PACKAGE_PROGRAMS } from "./packages.ts";
import { REMOTE_PROGRAMS } from "./remote/catalogue.ts";
import type { ProgramSpec } from "./spec.ts";
import { SYSTEM_PROGRAMS } from "./system.ts";
import { WRAPPERS } from "./wrappers.ts";

/** The built-in knowledge, later tables winning where a name appears twice. */
export const BUILTIN_TABLES: ReadonlyArray<Readonly<Record<string, ProgramSpec>>> = [
  OUTPUT_PROGRAMS,
  FILE_PROGRAMS,
  NETWORK_PROGRAMS,
  INTERPRETERS,
  BUILTIN_PROGRAMS,
  WRAPPERS,
  REMOTE_PROGRAMS,
  { git: GIT },
  DATABASE_PROGRAMS,
  PACKAGE_PROGRAMS,
  SYSTEM_PROGRAMS,
  CARRIER_PROGRAMS,
  CREDENTIAL_PROGRAMS,
];

export type ProgramTable = {
  /** What the guard knows about a program, by its basename; undefined for programs it knows nothing of. */
  spec(name: string): ProgramSpec | undefined;
};

let builtinByName: Map<string, ProgramSpec> | undefined;

function builtinTable(): Map<string, ProgramSpec> {
  if (builtinByName) return builtinByName;
  builtinByName = new Map();
  for (const table of BUILTIN_TABLES) for (const [name, spec] of Object.entries(table)) builtinByName.set(name.toLowerCase(), spec);
  for (const [path, output] of PROGRAM_OUTPUTS) {
    const [name, ...subcommands] = path.split(" ");
    // A name the family covers (`pip3` is `pip`) is added to the family's entry.
    const known = builtinByName.get(name!) ?? builtinByName.get(programFamily(name!));
    builtinByName.set(name!, withOutput(known ?? { operands: ["read"] }, subcommands, output));
  }
  return builtinByName;
}

/** The spec with `output` set at the level the subcommand words lead to (added where missing, with plain values). */
function withOutput(spec: ProgramSpec, subcommands: readonly string[], output: NonNullable<ProgramSpec["output"]>): ProgramSpec {
  const [first, ...rest] = subcommands;
  if (first === undefined) return { ...spec, output };
  const below = spec.subcommands?.[first] ?? { operands: ["value"] };
  // A level that had no subcommands keeps reading other first words as operands.
  const optional = spec.subcommands === undefined ? { optionalSubcommands: true } : {};
  return { ...spec, ...optional, subcommands: { ...spec.subcommands, [first]: withOutput(below, rest, output) } };
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
