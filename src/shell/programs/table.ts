// All program knowledge in one lookup: the built-in tables, then what a
// policy adds (`[programs.<name>]`), by lower-case name (file systems may be
// case-insensitive: macOS runs /bin/rm for `RM`) and by family (`python3.12`
// is `python`).
import { BUILTIN_TABLE_LOADERS } from "./builtin-tables.ts";
import { programFamily } from "./interpreters.ts";
import { PROGRAM_OUTPUTS } from "./outputs.ts";
import type { ProgramSpec } from "./spec.ts";
import type { ProgramIndex } from "./table-index.ts";
import { builtinProgramIndex } from "./table-index.ts" with { type: "macro" };

/** Every built-in table, loaded (for tests and documentation; a lookup loads only the table it needs). */
export function builtinTables(): ReadonlyArray<Readonly<Record<string, ProgramSpec>>> {
  return BUILTIN_TABLE_LOADERS.map((load) => load());
}

export type ProgramTable = {
  /** What the guard knows about a program, by its basename; undefined for programs it knows nothing of. */
  spec(name: string): ProgramSpec | undefined;
};

let index: ProgramIndex | undefined;
/**
 * Built-in specs found so far, by lower-case name. Only names some table knows are kept, so it is bounded by the
 * registry: a name nobody knows (every `./run-1234.sh` a session makes up) costs two lookups, and kept, each was an
 * entry for the life of the process (issue 27).
 */
const found = new Map<string, ProgramSpec>();
/** PROGRAM_OUTPUTS by program name: each entry's place in the list, subcommand words and output. */
let outputs: Map<string, Array<{ at: number; subcommands: string[]; output: NonNullable<ProgramSpec["output"]> }>> | undefined;

/** The built-in spec of a lower-case name, the tables' with PROGRAM_OUTPUTS applied; the table holding it is loaded now. */
/** How many built-in specs are kept (for the test that made-up names are not). */
export function keptProgramSpecs(): number {
  return found.size;
}

function builtinSpec(name: string): ProgramSpec | undefined {
  const known = found.get(name);
  if (known) return known;
  const spec = specAt(name, Number.POSITIVE_INFINITY);
  if (spec) found.set(name, spec);
  return spec;
}

/** The name's spec from its table alone. */
function tableSpec(name: string): ProgramSpec | undefined {
  index ??= JSON.parse(builtinProgramIndex()) as ProgramIndex;
  const place = Object.hasOwn(index, name) ? index[name] : undefined;
  return place ? BUILTIN_TABLE_LOADERS[place[0]]!()[place[1]] : undefined;
}

/**
 * The name's spec once the PROGRAM_OUTPUTS entries before `before` are applied, in list order: an entry adds its
 * output to the name's spec as it stands — the table's, or when no table has the name, its family's at that point
 * (`pip3` is `pip`), or a program that reads its operands.
 */
function specAt(name: string, before: number): ProgramSpec | undefined {
  outputs ??= outputsByName();
  const entries = (outputs.get(name) ?? []).filter((entry) => entry.at < before);
  const table = tableSpec(name);
  if (entries.length === 0) return table;
  let spec = table ?? specAt(programFamily(name), entries[0]!.at) ?? { operands: ["read"] };
  for (const entry of entries) spec = withOutput(spec, entry.subcommands, entry.output);
  return spec;
}

function outputsByName(): NonNullable<typeof outputs> {
  const byName: NonNullable<typeof outputs> = new Map();
  PROGRAM_OUTPUTS.forEach(([path, output], at) => {
    const [name, ...subcommands] = path.split(" ");
    const entries = byName.get(name!) ?? [];
    entries.push({ at, subcommands, output });
    byName.set(name!, entries);
  });
  return byName;
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
  const added = new Map(Object.entries(additions).map(([name, spec]) => [name.toLowerCase(), spec]));
  const find = (name: string) => added.get(name) ?? builtinSpec(name);
  return {
    spec(name) {
      const lower = name.toLowerCase();
      return find(lower) ?? find(programFamily(lower));
    },
  };
}

/** The names of every program the built-in knowledge covers, for documentation and tests. */
export function builtinProgramNames(): string[] {
  index ??= JSON.parse(builtinProgramIndex()) as ProgramIndex;
  return [...new Set([...Object.keys(index), ...PROGRAM_OUTPUTS.map(([path]) => path.split(" ")[0]!)])].sort();
}
