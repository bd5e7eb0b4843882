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
import { builtinModules } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { setTestLimit } from "./support/test-limit.ts";

setTestLimit();

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

/**
 * The import cycles among the given files: each strongly connected group of
 * two or more files (or a file that imports itself), with one cycle through
 * it that closes on its first file, read in import order, and all its members
 * (a group can hold more files than its shortest cycle). Tarjan's algorithm, iterative so a
 * deep graph cannot overflow the stack; the output is sorted so a failure
 * reads the same every run.
 */
function importCycles(edges: readonly Import[]): { cycle: string[]; members: string[] }[] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) {
    const targets = next.get(from) ?? [];
    if (!targets.includes(to)) targets.push(to);
    next.set(from, targets);
    if (!next.has(to)) next.set(to, []);
  }
  for (const targets of next.values()) targets.sort();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: { cycle: string[]; members: string[] }[] = [];
  for (const root of [...next.keys()].sort()) {
    if (index.has(root)) continue;
    const frames: { node: string; child: number }[] = [{ node: root, child: 0 }];
    index.set(root, index.size);
    low.set(root, index.get(root)!);
    stack.push(root);
    onStack.add(root);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const targets = next.get(frame.node)!;
      if (frame.child < targets.length) {
        const target = targets[frame.child++]!;
        if (!index.has(target)) {
          index.set(target, index.size);
          low.set(target, index.get(target)!);
          stack.push(target);
          onStack.add(target);
          frames.push({ node: target, child: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== frame.node);
      const selfImport = next.get(frame.node)!.includes(frame.node);
      if (group.length > 1 || selfImport) groups.push({ cycle: cyclePath(group, next), members: group.sort() });
    }
  }
  return groups.sort((a, b) => a.cycle[0]!.localeCompare(b.cycle[0]!));
}

/** One cycle through a strongly connected group, from its first file by name, by breadth-first search back to it. */
function cyclePath(group: readonly string[], next: ReadonlyMap<string, readonly string[]>): string[] {
  const members = new Set(group);
  const start = [...group].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const target of next.get(node)!) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at = node; at !== start; at = cameFrom.get(at)!) path.splice(1, 0, at);
        return [...path, start];
      }
      if (cameFrom.has(target)) continue;
      cameFrom.set(target, node);
      queue.push(target);
    }
  }
  return [start, start];
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

  test("no file of src/ reaches itself through its imports (type-only imports count)", () => {
    const edges = sourceFiles().flatMap((file) => importsOf(file, readFileSync(file, "utf8")));
    const cycles = importCycles(edges).map(({ cycle, members }) => {
      const shown = cycle.map((file) => relative(ROOT, file)).join(" → ");
      const others = members.filter((file) => !cycle.includes(file)).map((file) => relative(ROOT, file));
      return others.length === 0 ? shown : `${shown} (the same knot also holds ${others.join(", ")})`;
    });
    expect(cycles).toEqual([]);
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

/**
 * The runtime's modules a file of src/ may import statically. The bundle hoists every static import of a built-in
 * to its top, so each one is evaluated at every start, whichever lazily loaded module imports it: node:zlib, imported
 * by the archive reader, took 2–3 ms of the CPU to the first hook with Node's streams beneath it (issue 27). These
 * four are cheap; any other built-in is loaded with require() where it is used.
 */
const STARTUP_BUILTINS = new Set(["fs", "path", "os", "module"]);

/** The built-ins a file imports statically (type-only imports cost nothing at run time). */
function staticBuiltins(text: string): string[] {
  const pattern = /^\s*import\s+(?!type\b)[^;]*?\bfrom\s*["'](?:node:)?([a-z_/]+)["']/gm;
  return [...text.matchAll(pattern)].map((match) => match[1]!).filter((name) => BUILTIN_NAMES.has(name));
}

/** Node's built-ins, as the runtime lists them (subpaths such as fs/promises included). */
const BUILTIN_NAMES = new Set(builtinModules);

describe("what every start evaluates", () => {
  test("src/ imports statically only the cheap built-ins; the others are required where used", () => {
    const costly = sourceFiles().flatMap((file) =>
      staticBuiltins(readFileSync(file, "utf8"))
        .filter((name) => !STARTUP_BUILTINS.has(name))
        .map((name) => `${relative(ROOT, file)} imports node:${name} statically: require() it where it is used`),
    );
    expect(costly).toEqual([]);
  });

  test("the reader sees imports with and without the node: prefix, and skips type-only ones", () => {
    const text = 'import { gunzipSync } from "node:zlib";\nimport { Readable } from "stream";\nimport type { Stats } from "node:fs";\nimport { join } from "node:path";\n';
    expect(staticBuiltins(text)).toEqual(["zlib", "stream", "path"]);
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

  test("the cycle finder reports each cycle once, as a closed path, and nothing for a graph without one", () => {
    const graph = (pairs: [string, string][]) => pairs.map(([from, to]) => ({ from, to, specifier: to }));
    const cycles = (pairs: [string, string][]) => importCycles(graph(pairs)).map((found) => found.cycle);
    expect(
      cycles([
        ["a", "b"],
        ["b", "c"],
        ["a", "c"],
      ]),
    ).toEqual([]);
    expect(
      cycles([
        ["a", "b"],
        ["b", "a"],
      ]),
    ).toEqual([["a", "b", "a"]]);
    expect(cycles([["a", "a"]])).toEqual([["a", "a"]]);
    expect(
      importCycles(
        graph([
          ["a", "b"],
          ["b", "a"],
          ["b", "c"],
          ["c", "a"],
        ]),
      ),
    ).toEqual([{ cycle: ["a", "b", "a"], members: ["a", "b", "c"] }]);
    expect(
      cycles([
        ["w", "x"],
        ["x", "y"],
        ["y", "z"],
        ["z", "x"],
        ["p", "q"],
        ["q", "p"],
        ["z", "q"],
      ]),
    ).toEqual([
      ["p", "q", "p"],
      ["x", "y", "z", "x"],
    ]);
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
