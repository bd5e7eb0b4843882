// A function that starts itself alongside itself is a fork bomb: the call is
// recorded with the tag `fork-bomb` and not followed further. Recursion that
// runs one call at a time is followed as before.
import { describe, expect, test } from "bun:test";
import { SHELL_LIMITS } from "../../../../src/limits.ts";
import { analyzeShell } from "../../../../src/shell/analyze.ts";
import { programTable } from "../../../../src/shell/programs/table.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const context = { home: "/home/ada", programs: programTable(), limits: SHELL_LIMITS, clock: { now: () => 0 } };
const bombs = (input: string) => analyzeShell(input, context).commands.filter((command) => command.tags.includes("fork-bomb"));

describe("fork bombs", () => {
  test.each([":(){ :|:& };:", "bomb() { bomb | bomb & }; bomb", "f(){ f & f; }; f", "x() { x & }; x", "b() { b | b; }; b"])("%s", (input) => {
    expect(bombs(input).length).toBeGreaterThan(0);
  });

  test("a fork bomb defined but never called is still found", () => {
    expect(bombs("bomb() { bomb | bomb & }").length).toBeGreaterThan(0);
  });

  test("the analysis ends well inside its budget", () => {
    expect(analyzeShell(":(){ :|:& };:", context).unresolved).toEqual([]);
  });

  test("a function calling other functions in a pipeline is not one", () => {
    expect(bombs("a() { ls; }; b() { a | grep x & }; b")).toEqual([]);
  });

  test("a function run once in the background is not one", () => {
    expect(bombs("serve() { npm start; }; serve & sleep 1")).toEqual([]);
  });
});
