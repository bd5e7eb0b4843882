import { describe, expect, test } from "bun:test";
import * as v from "valibot";
import type { ProgramSpec } from "../../../../src/shell/programs/spec.ts";
import { programFamily } from "../../../../src/shell/programs/interpreters.ts";
import { PROGRAM_OUTPUTS } from "../../../../src/shell/programs/outputs.ts";
import { builtinTables, builtinProgramNames, keptProgramSpecs, programTable } from "../../../../src/shell/programs/table.ts";
import { freshProgramIndex } from "../../../../src/shell/programs/table-index.ts";
import { builtinProgramIndex } from "../../../../src/shell/programs/table-index.ts" with { type: "macro" };
import { ProgramSpecSchema } from "../../../../src/policy/format/program-schema.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

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

  test("a program has one description: two tables name it only to share the same spec", () => {
    const first = new Map<string, { table: number; spec: ProgramSpec }>();
    const twice: string[] = [];
    builtinTables().forEach((table, index) => {
      for (const [program, spec] of Object.entries(table)) {
        const earlier = first.get(program.toLowerCase());
        if (earlier && earlier.spec !== spec) twice.push(`${program}: tables ${earlier.table} and ${index}`);
        if (!earlier) first.set(program.toLowerCase(), { table: index, spec });
      }
    });
    expect(twice).toEqual([]);
  });

  test("names are found case-insensitively and by family (python3.12 is python)", () => {
    const table = programTable();
    expect(table.spec("RM")).toBe(table.spec("rm"));
    expect(table.spec("python3.12")).toBeDefined();
    expect(table.spec("no-such-program-here")).toBeUndefined();
  });

  test("names no table knows are answered each time, not kept: a long session's made-up names cost no memory", () => {
    const table = programTable();
    expect(table.spec("git")).toBeDefined();
    const kept = keptProgramSpecs();
    for (let index = 0; index < 2_000; index++) expect(table.spec(`run-step-${index}.sh`)).toBeUndefined();
    expect(keptProgramSpecs()).toBe(kept);
    // Known names are kept once, however often they are asked.
    for (let index = 0; index < 3; index++) table.spec("GIT");
    expect(keptProgramSpecs()).toBe(kept);
  });

  test("a policy's addition replaces the built-in entry of the same name", () => {
    const mine: ProgramSpec = { operands: ["value"] };
    expect(programTable({ RM: mine }).spec("rm")).toBe(mine);
  });

  test("the index the build embeds is a fresh reading of the tables", () => {
    expect(JSON.parse(builtinProgramIndex())).toEqual(freshProgramIndex());
    expect(Object.keys(freshProgramIndex()).length).toBeGreaterThan(500);
  });

  // The tables are loaded one at a time, as names are looked up; the answer must be what one map of every table
  // (later tables winning) with PROGRAM_OUTPUTS applied in order gives — built here the eager way, as the oracle.
  test("each lookup gives what merging every table at once gives", () => {
    const eager = new Map<string, ProgramSpec>();
    for (const table of builtinTables()) for (const [name, spec] of Object.entries(table)) eager.set(name.toLowerCase(), spec);
    const withOutputs = new Set<string>();
    for (const [path, output] of PROGRAM_OUTPUTS) {
      const [name, ...subcommands] = path.split(" ");
      withOutputs.add(name!);
      const known = eager.get(name!) ?? eager.get(programFamily(name!));
      eager.set(name!, addOutput(known ?? { operands: ["read"] }, subcommands, output));
    }
    const table = programTable();
    expect(builtinProgramNames()).toEqual([...eager.keys()].sort());
    const differ = builtinProgramNames().filter((name) => (withOutputs.has(name) ? !Bun.deepEquals(table.spec(name), eager.get(name)) : table.spec(name) !== eager.get(name)));
    expect(differ).toEqual([]);
    expect(withOutputs.size).toBeGreaterThan(10);
  });
});

function addOutput(spec: ProgramSpec, subcommands: readonly string[], output: NonNullable<ProgramSpec["output"]>): ProgramSpec {
  const [first, ...rest] = subcommands;
  if (first === undefined) return { ...spec, output };
  const below = spec.subcommands?.[first] ?? { operands: ["value"] };
  const optional = spec.subcommands === undefined ? { optionalSubcommands: true } : {};
  return { ...spec, ...optional, subcommands: { ...spec.subcommands, [first]: addOutput(below, rest, output) } };
}
