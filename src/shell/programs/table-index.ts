// Which table describes each built-in program, read when the executable is
// built: a Bun macro runs builtinProgramIndex at bundle time and the bundle
// holds the result as JSON text, so a lookup at run time loads only the
// table that holds the name (table.ts). A test holds it to a fresh reading.
import { createRequire } from "node:module";
import { BUILTIN_TABLE_LOADERS } from "./builtin-tables.ts";

/** Lower-case name → [the last table holding it, the name as that table writes it]. */
export type ProgramIndex = Record<string, readonly [number, string]>;

export function freshProgramIndex(): ProgramIndex {
  // A macro runs without the module's require(), which the loaders call; this directory's serves them the same.
  (globalThis as { require?: unknown }).require ??= createRequire(import.meta.url);
  const index: ProgramIndex = {};
  BUILTIN_TABLE_LOADERS.forEach((load, table) => {
    for (const name of Object.keys(load())) index[name.toLowerCase()] = [table, name];
  });
  return index;
}

/** The index as JSON text: what the macro hands to the bundle. */
export function builtinProgramIndex(): string {
  return JSON.stringify(freshProgramIndex());
}
