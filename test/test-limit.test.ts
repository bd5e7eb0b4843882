// Every test file gives its tests the long limit (see test/support/test-limit.ts):
// Bun 1.4.5 offers no setting that reaches all files of a bare `bun test`, so a
// file that forgets the call has 5 s per test and can fail on a busy machine.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { setTestLimit } from "./support/test-limit.ts";

setTestLimit();

const testRoot = import.meta.dir;

/** Whether a test file calls setTestLimit() at its top level (before its tests are declared). */
function setsTheLimit(text: string): boolean {
  const call = text.search(/^setTestLimit\(\);$/m);
  if (call < 0) return false;
  const firstTest = text.search(/^(describe|test|it)(\.\w+)*\(/m);
  return firstTest < 0 || call < firstTest;
}

describe("the per-test limit", () => {
  test("every test file sets it before its tests", () => {
    const files = [...new Bun.Glob("**/*.test.ts").scanSync(testRoot)].sort();
    expect(files.length).toBeGreaterThan(100);
    const missing = files.filter((file) => !setsTheLimit(readFileSync(join(testRoot, file), "utf8"))).map((file) => relative(testRoot, join(testRoot, file)));
    expect(missing).toEqual([]);
  });

  test("the check tells a file without the call from one with it", () => {
    expect(setsTheLimit('import { test } from "bun:test";\ntest("x", () => {});\n')).toBe(false);
    expect(setsTheLimit('import { test } from "bun:test";\ntest("x", () => {});\nsetTestLimit();\n')).toBe(false);
    expect(setsTheLimit('import { test } from "bun:test";\nsetTestLimit();\n\ntest("x", () => {});\n')).toBe(true);
  });
});
