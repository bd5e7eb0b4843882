import { describe, expect, test } from "bun:test";
import * as v from "valibot";
import { BUILTIN_PROGRAMS } from "../../../../../src/match/shell/programs/builtins.ts";
import { FILE_PROGRAMS } from "../../../../../src/match/shell/programs/files.ts";
import { GIT } from "../../../../../src/match/shell/programs/git.ts";
import { INTERPRETERS } from "../../../../../src/match/shell/programs/interpreters.ts";
import { NETWORK_PROGRAMS } from "../../../../../src/match/shell/programs/network.ts";
import type { ProgramSpec } from "../../../../../src/match/shell/programs/spec.ts";
import { builtinProgramNames, programTable } from "../../../../../src/match/shell/programs/table.ts";
import { WRAPPERS } from "../../../../../src/match/shell/programs/wrappers.ts";
import { ProgramSpecSchema } from "../../../../../src/policy/program-schema.ts";

const TABLES: Record<string, Readonly<Record<string, ProgramSpec>>> = { FILE_PROGRAMS, NETWORK_PROGRAMS, INTERPRETERS, BUILTIN_PROGRAMS, WRAPPERS, git: { git: GIT } };

/**
 * A spec as a tree: a chain of nouns (`az storage account …`) is a subcommand
 * that leads back to its own level, which a table may write as a cycle; each
 * level is validated once.
 */
function withoutCycles(spec: ProgramSpec, seen = new Set<ProgramSpec>()): ProgramSpec {
  if (seen.has(spec)) return {};
  seen.add(spec);
  if (!spec.subcommands) return spec;
  return { ...spec, subcommands: Object.fromEntries(Object.entries(spec.subcommands).map(([name, sub]) => [name, withoutCycles(sub, seen)])) };
}

describe("the built-in program knowledge", () => {
  test("every spec passes the validation a policy's [programs.x] table gets: every role valid", () => {
    const table = programTable();
    const invalid = builtinProgramNames().flatMap((name) => {
      const result = v.safeParse(ProgramSpecSchema, withoutCycles(table.spec(name)!));
      return result.success ? [] : [`${name}: ${v.summarize(result.issues)}`];
    });
    expect(invalid).toEqual([]);
  });

  test("a program known to two tables does not give one option two different roles", () => {
    const seen = new Map<string, { table: string; role: string }>();
    const conflicts: string[] = [];
    for (const [tableName, table] of Object.entries(TABLES)) {
      for (const [program, spec] of Object.entries(table)) {
        for (const [option, role] of Object.entries(spec.options ?? {})) {
          const key = `${program.toLowerCase()} ${option}`;
          const earlier = seen.get(key);
          if (earlier && earlier.role !== role) conflicts.push(`${key}: ${earlier.role} in ${earlier.table}, ${role} in ${tableName}`);
          seen.set(key, { table: tableName, role });
        }
      }
    }
    expect(conflicts).toEqual([]);
  });

  test("names are found case-insensitively and by family (python3.12 is python)", () => {
    const table = programTable();
    expect(table.spec("RM")).toBe(table.spec("rm"));
    expect(table.spec("python3.12")).toBeDefined();
    expect(table.spec("no-such-program-here")).toBeUndefined();
  });

  test("a policy's addition replaces the built-in entry of the same name", () => {
    const mine: ProgramSpec = { operands: ["value"] };
    expect(programTable({ RM: mine }).spec("rm")).toBe(mine);
  });
});
