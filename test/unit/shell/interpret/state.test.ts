import { describe, expect, test } from "bun:test";
import { cwdText, initialState, nestedIn, subshellOf } from "../../../../src/shell/interpret/state.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("state", () => {
  test("an input starts at the project root with nothing known", () => {
    const state = initialState("ls");
    expect(state).toMatchObject({ cwd: { kind: "project", relative: "" }, via: [], depth: 0, stdin: { kind: "none" }, source: "ls" });
    expect(state.vars.size).toBe(0);
  });

  test("a subshell's changes do not reach its parent", () => {
    const parent = initialState("");
    const child = subshellOf(parent);
    child.vars.set("X", { values: ["1"], known: true, sources: [] });
    child.dirStack.push({ kind: "unknown" });
    child.aliases.set("ll", "ls -l");
    expect(parent.vars.size + parent.dirStack.length + parent.aliases.size).toBe(0);
  });

  test("nesting records how a command was reached and counts the depth", () => {
    const nested = nestedIn(nestedIn(initialState(""), "sudo"), "bash -c");
    expect(nested.via).toEqual(["sudo", "bash -c"]);
    expect(nested.depth).toBe(2);
  });

  test('$PWD is . at the root, the relative path inside the project, the absolute path elsewhere, unknown after cd "$X"', () => {
    expect(cwdText({ kind: "project", relative: "" })).toBe(".");
    expect(cwdText({ kind: "project", relative: "src" })).toBe("src");
    expect(cwdText({ kind: "absolute", path: "/srv" })).toBe("/srv");
    expect(cwdText({ kind: "unknown" })).toBeUndefined();
  });
});
