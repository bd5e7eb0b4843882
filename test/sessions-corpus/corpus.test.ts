// The session corpus as a whole (test/fixtures/sessions/scenarios.ts): its
// size, and every shape judged by exactly one of the files beside this one.
import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { SHAPES } from "../fixtures/sessions/scenarios.ts";
import { allScenarios, SHARDS } from "../support/sessions-corpus.ts";
import { setTestLimit } from "../support/test-limit.ts";

setTestLimit();

describe("the session corpus", () => {
  test("holds at least 300 dangerous and 300 everyday sessions, every shape, each with the file on disk too", () => {
    const dangerous = allScenarios().filter((s) => s.kind === "dangerous");
    const everyday = allScenarios().filter((s) => s.kind === "everyday");
    expect(dangerous.length).toBeGreaterThanOrEqual(300);
    expect(everyday.length).toBeGreaterThanOrEqual(300);
    expect(new Set(dangerous.map((s) => s.shape)).size).toBe(SHAPES.length);
    expect(new Set(everyday.map((s) => s.shape)).size).toBe(SHAPES.length);
  });

  test("every shape is judged by exactly one file of test/sessions-corpus, and each of those files exists", () => {
    const judged: string[] = Object.values(SHARDS).flat();
    expect([...judged].sort()).toEqual([...SHAPES].sort());
    const files = readdirSync(import.meta.dir).filter((file) => file !== "corpus.test.ts");
    expect(files.sort()).toEqual(
      Object.keys(SHARDS)
        .map((name) => `${name}.test.ts`)
        .sort(),
    );
  });
});
