// Bare `bun test` is the quick loop: it runs in this process and never starts
// the built binary (whatever must, lives in a `*.e2e.ts` file, run by `bun run
// test:e2e`). Each spawn of the 117 MB executable costs a start and a policy
// load, and a few dozen of them were most of the quick loop's time on a 2-core
// machine. The check is structural, never a timing: no test file reaches,
// through its relative imports, a module that imports HOST_BINARY (the one
// name of the binary's path, build.ts).
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { setTestLimit } from "./support/test-limit.ts";

setTestLimit();

const ROOT = resolve(import.meta.dir, "..");

const transpiler = new Bun.Transpiler({ loader: "ts" });
const USES_BINARY = /\bimport\s*\{[^}]*\bHOST_BINARY\b[^}]*\}\s*from/;

/**
 * The chain of modules from `file` to one that imports HOST_BINARY, or undefined when there is none. `read`
 * gives undefined for a file that does not exist.
 */
function pathToBinary(file: string, read: (file: string) => string | undefined, seen = new Set<string>()): string[] | undefined {
  if (seen.has(file)) return undefined;
  seen.add(file);
  const text = read(file);
  if (text === undefined) return undefined;
  if (USES_BINARY.test(text)) return [file];
  for (const path of codeImports(text)) {
    const chain = pathToBinary(join(dirname(file), path), read, seen);
    if (chain) return [file, ...chain];
  }
  return undefined;
}

const scanned = new Map<string, string[]>();

/**
 * The relative code imports of a module, scanned once: the transpiler's own scan finds static, re-exported and
 * dynamic imports, and leaves out type-only ones (erased before the code runs, so they start nothing) and
 * import-like text inside a test's data. Packages and data (JSON, TOML, text) start nothing of ours.
 */
function codeImports(text: string): string[] {
  let paths = scanned.get(text);
  if (paths === undefined) {
    paths = transpiler
      .scanImports(text)
      .map((each) => each.path)
      .filter((path) => (path.startsWith("./") || path.startsWith("../")) && /\.[cm]?[tj]sx?$/.test(path));
    scanned.set(text, paths);
  }
  return paths;
}

const texts = new Map<string, string | undefined>();
const readSource = (file: string) => {
  if (!texts.has(file)) texts.set(file, existsSync(file) ? readFileSync(file, "utf8") : undefined);
  return texts.get(file);
};

// This file names HOST_BINARY in its own examples below, and imports nothing that starts a process.
const THIS_FILE = "test/quick-loop.test.ts";

describe("the quick loop starts no binary", () => {
  test("no test file reaches a module that imports HOST_BINARY", () => {
    const files = [...new Bun.Glob("test/**/*.test.ts").scanSync(ROOT)].filter((file) => file !== THIS_FILE).sort();
    expect(files.length).toBeGreaterThan(100);
    // A search that found no chain visited only modules that reach no binary: later files skip them (most
    // import the same src modules). One that found a chain keeps what it visited to itself.
    const cleared = new Set<string>();
    const reaching = files.flatMap((file) => {
      const seen = new Set(cleared);
      const chain = pathToBinary(join(ROOT, file), readSource, seen);
      if (!chain) for (const each of seen) cleared.add(each);
      return chain ? [chain.map((each) => relative(ROOT, each)).join(" → ")] : [];
    });
    expect(reaching).toEqual([]);
  });

  test("the check follows static, re-exported and dynamic imports, not type-only ones, and tells a user of the binary from the module that defines it", () => {
    const tree: Record<string, string> = {
      "/t/a.test.ts": 'import { x } from "./support/x.ts";\n',
      "/t/support/x.ts": 'export { y } from "../harness.ts";\n',
      "/t/harness.ts": 'import { HOST_BINARY } from "../build.ts";\n',
      "/t/b.test.ts": 'const { z } = await import("./harness.ts");\n',
      "/t/c.test.ts": 'import { manifest } from "../build.ts";\nimport type { Y } from "./harness.ts";\n',
      "/build.ts": "export const HOST_BINARY = 'bin/x';\n",
      "/t/d.test.ts": 'test("data", () => lines(\'import { x } from "./harness.ts"\'));\n',
    };
    const read = (file: string) => tree[file];
    expect(pathToBinary("/t/a.test.ts", read)).toEqual(["/t/a.test.ts", "/t/support/x.ts", "/t/harness.ts"]);
    expect(pathToBinary("/t/b.test.ts", read)).toEqual(["/t/b.test.ts", "/t/harness.ts"]);
    expect(pathToBinary("/t/c.test.ts", read)).toBeUndefined();
    expect(pathToBinary("/t/d.test.ts", read)).toBeUndefined();
    expect(pathToBinary("/t/none.test.ts", read)).toBeUndefined();
  });
});
