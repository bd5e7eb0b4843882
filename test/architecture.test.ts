// The layering rule, checked over the real import graph of src/: layers only
// look down. rpc and match are the bottom, shell (the shell model) builds on
// match, policy on both, plugin and
// report describe the plugin folder and a verdict for both front ends, the
// extension and the command line are siblings on top, and main.ts chooses one.
// Units of the same layer never import each other (so cli/ and extension/
// stay apart); limits.ts and version.ts are leaves anyone may import, and no
// module of src/ imports code from outside it (tests, build.ts).
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "..");
const SRC = join(ROOT, "src");

/** Lowest first. A unit is a folder directly under src/, or a file there. */
const LAYERS: readonly (readonly string[])[] = [
  ["rpc", "match"],
  ["shell"],
  ["policy"],
  // manifest: a branch adds src/manifest/ (what a plugin.json grants); it is plugin-folder knowledge.
  // session: what each host session wrote, and the files a call runs, found for the engine (memory, disk).
  ["plugin", "report", "manifest", "session"],
  ["extension", "cli"],
  ["main.ts"],
];
const LEAVES = new Set(["limits.ts", "version.ts", "assets.d.ts"]);

type Import = { from: string; to: string; specifier: string };

/**
 * Inside src/shell/, lowest first: view/ is the vocabulary every stage fills
 * (the shell view's types); parse/ and expand/ are the first stages of the
 * pipeline, languages/ reads code other programs carry; programs/ is the
 * registry of what programs do (it reads words with expand/ and code with
 * languages/); interpret/ runs the statements with all of them; session/
 * adds what commands run from project files they are given; analyze.ts
 * is the entry point. budget.ts is a leaf any stage may charge.
 */
const SHELL_STAGES: readonly (readonly string[])[] = [["view"], ["parse", "expand", "languages"], ["programs"], ["interpret"], ["session"], ["analyze.ts"]];
const SHELL_LEAVES = new Set(["budget.ts"]);
const SHELL = join(SRC, "shell");

function stageOf(file: string): string {
  return relative(SHELL, file).split("/")[0]!;
}

/** Why an import inside src/shell/ breaks the stage order, or undefined when it is allowed. */
function stageProblem({ from, to, specifier }: Import): string | undefined {
  if (!from.startsWith(`${SHELL}/`) || !to.startsWith(`${SHELL}/`)) return undefined;
  const fromStage = stageOf(from);
  const toStage = stageOf(to);
  if (fromStage === toStage || SHELL_LEAVES.has(toStage)) return undefined;
  const shown = `${relative(ROOT, from)} imports "${specifier}"`;
  const rank = (stage: string) => SHELL_STAGES.findIndex((stages) => stages.includes(stage));
  const fromRank = rank(fromStage);
  const toRank = rank(toStage);
  if (fromRank < 0) return `${shown}, but src/shell/${fromStage} is in no stage: add it to SHELL_STAGES in test/architecture.test.ts`;
  if (toRank < 0) return `${shown}, but src/shell/${toStage} is in no stage: add it to SHELL_STAGES in test/architecture.test.ts`;
  if (toRank === fromRank) return `${shown}: the stages ${fromStage} and ${toStage} are siblings and never import each other`;
  if (toRank > fromRank) return `${shown}: ${fromStage} comes before ${toStage} in the shell model and may not import it`;
  return undefined;
}

function unitOf(file: string): string {
  return relative(SRC, file).split("/")[0]!;
}

function rankOf(unit: string): number | undefined {
  const rank = LAYERS.findIndex((layer) => layer.includes(unit));
  return rank < 0 ? undefined : rank;
}

/** Why an import breaks the rule, or undefined when it is allowed. */
function layeringProblem({ from, to, specifier }: Import): string | undefined {
  const shown = `${relative(ROOT, from)} imports "${specifier}"`;
  // Data beside the sources (package.json, the shipped manifest) may be read; code outside src/ (tests, build.ts) may not.
  if (!to.startsWith(`${SRC}/`)) return /\.[cm]?[jt]sx?$/.test(to) ? `${shown}, which is code outside src/` : undefined;
  const fromUnit = unitOf(from);
  const toUnit = unitOf(to);
  if (fromUnit === toUnit || LEAVES.has(toUnit)) return undefined;
  const fromRank = rankOf(fromUnit);
  const toRank = rankOf(toUnit);
  if (fromRank === undefined) return `${shown}, but src/${fromUnit} is in no layer: add it to LAYERS in test/architecture.test.ts`;
  if (toRank === undefined) return `${shown}, but src/${toUnit} is in no layer: add it to LAYERS in test/architecture.test.ts`;
  if (toRank === fromRank) return `${shown}: ${fromUnit} and ${toUnit} are siblings and never import each other`;
  if (toRank > fromRank) return `${shown}: ${fromUnit} is below ${toUnit} and may not import it`;
  return undefined;
}

/** Every relative import of a source file: static, `export … from`, side-effect and dynamic `import()`, types included. */
function importsOf(file: string, text: string): Import[] {
  const found: Import[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["'](\.{1,2}\/[^"']+)["']/gm;
  for (const match of text.matchAll(pattern)) {
    const specifier = match[1]!;
    found.push({ from: file, to: resolve(dirname(file), specifier), specifier });
  }
  return found;
}

function sourceFiles(): string[] {
  return [...new Bun.Glob("**/*.ts").scanSync({ cwd: SRC })].map((path) => join(SRC, path)).sort();
}

describe("the layering rule", () => {
  test("no module of src/ imports a layer above its own, a sibling unit, or anything outside src/", () => {
    const problems = sourceFiles().flatMap((file) =>
      importsOf(file, readFileSync(file, "utf8"))
        .map(layeringProblem)
        .filter((problem) => problem !== undefined),
    );
    expect(problems).toEqual([]);
  });

  test("inside src/shell/, every stage imports only the stages below it", () => {
    const problems = sourceFiles().flatMap((file) =>
      importsOf(file, readFileSync(file, "utf8"))
        .map(stageProblem)
        .filter((problem) => problem !== undefined),
    );
    expect(problems).toEqual([]);
  });

  test("outside src/policy/, the engine is reached only through its index", () => {
    const engine = join(SRC, "policy", "engine");
    const reachedAround = sourceFiles()
      .filter((file) => !file.startsWith(`${SRC}/policy/`))
      .flatMap((file) => importsOf(file, readFileSync(file, "utf8")))
      .filter((edge) => edge.to.startsWith(`${engine}/`) && edge.to !== join(engine, "index.ts"))
      .map((edge) => `${relative(ROOT, edge.from)} imports "${edge.specifier}": import it from policy/engine/index.ts`);
    expect(reachedAround).toEqual([]);
  });

  test("every folder and file of src/shell/ is a stage or a leaf", () => {
    const stages = new Set(
      sourceFiles()
        .filter((file) => file.startsWith(`${SHELL}/`))
        .map(stageOf),
    );
    const unplaced = [...stages].filter((stage) => !SHELL_STAGES.some((rank) => rank.includes(stage)) && !SHELL_LEAVES.has(stage));
    expect(unplaced).toEqual([]);
  });

  test("every unit of src/ is placed in a layer or is a leaf", () => {
    const units = new Set(sourceFiles().map(unitOf));
    const unplaced = [...units].filter((unit) => rankOf(unit) === undefined && !LEAVES.has(unit));
    expect(unplaced).toEqual([]);
  });

  test("the leaves import nothing of src/", () => {
    const leafImports = sourceFiles()
      .filter((file) => LEAVES.has(unitOf(file)))
      .flatMap((file) => importsOf(file, readFileSync(file, "utf8")))
      .filter((edge) => edge.to.startsWith(`${SRC}/`))
      .map((edge) => `${relative(ROOT, edge.from)} imports "${edge.specifier}"`);
    expect(leafImports).toEqual([]);
  });
});

describe("the checker itself", () => {
  const file = (path: string) => join(SRC, path);
  const edge = (from: string, specifier: string): Import => ({ from: file(from), to: resolve(dirname(file(from)), specifier), specifier });

  test("an import upwards is reported with the file and the specifier", () => {
    expect(layeringProblem(edge("policy/engine.ts", "../extension/wire.ts"))).toBe(
      'src/policy/engine.ts imports "../extension/wire.ts": policy is below extension and may not import it',
    );
  });

  test("cli and extension are siblings: neither imports the other", () => {
    expect(layeringProblem(edge("extension/slash-command.ts", "../cli/check.ts"))).toContain("siblings");
    expect(layeringProblem(edge("cli/check.ts", "../extension/policy-store.ts"))).toContain("siblings");
  });

  test("downward imports, imports within a unit and imports of the leaves are allowed", () => {
    expect(layeringProblem(edge("cli/check.ts", "../report/describe-verdict.ts"))).toBeUndefined();
    expect(layeringProblem(edge("shell/view/view.ts", "./programs/spec.ts"))).toBeUndefined();
    expect(layeringProblem(edge("match/regex.ts", "../limits.ts"))).toBeUndefined();
  });

  test("inside the shell model, a stage that imports a later one is reported", () => {
    expect(stageProblem(edge("shell/expand/words.ts", "../interpret/run.ts"))).toBe(
      'src/shell/expand/words.ts imports "../interpret/run.ts": expand comes before interpret in the shell model and may not import it',
    );
    expect(stageProblem(edge("shell/expand/words.ts", "../parse/parse.ts"))).toContain("siblings");
    expect(stageProblem(edge("shell/interpret/walk.ts", "../parse/parse.ts"))).toBeUndefined();
    expect(stageProblem(edge("shell/programs/git.ts", "../budget.ts"))).toBeUndefined();
  });

  test("an import that leaves src/ is reported", () => {
    expect(layeringProblem(edge("policy/load.ts", "../../test/support/decide.ts"))).toContain("code outside src/");
  });

  test("type-only, re-exported, multi-line and dynamic imports are all seen", () => {
    const text = [
      'import type { A } from "./a.ts";',
      'export { B } from "../b/b.ts";',
      "import {",
      "  C,",
      '} from "./c.ts";',
      'const d = await import("./d.ts");',
      'import "./e.ts";',
      'import { z } from "zod";',
    ].join("\n");
    expect(importsOf(file("x/y.ts"), text).map((found) => found.specifier)).toEqual(["./a.ts", "../b/b.ts", "./c.ts", "./d.ts", "./e.ts"]);
  });
});
