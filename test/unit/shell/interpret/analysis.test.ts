import { describe, expect, test } from "bun:test";
import { SHELL_LIMITS } from "../../../../src/limits.ts";
import { WorkBudget } from "../../../../src/shell/budget.ts";
import { Analysis, excerpt, viaPrefix } from "../../../../src/shell/interpret/analysis.ts";
import { WALKER } from "../../../../src/shell/interpret/walk.ts";
import { programTable } from "../../../../src/shell/programs/table.ts";
import { simpleCommand } from "../../../support/commands.ts";
import { viewOf } from "../../../support/shell.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const analysis = (limits: Partial<Record<keyof typeof SHELL_LIMITS, number>> = {}) =>
  new Analysis({ home: "/home/ada", programs: programTable(), limits: { ...SHELL_LIMITS, ...limits }, budget: new WorkBudget(1_000, 1_000, { now: () => 0 }), walker: WALKER });

describe("Analysis", () => {
  test("commands past the limit stop the analysis with a reason that names it", () => {
    const small = analysis({ maxCommands: 1 });
    small.emit(simpleCommand({ program: "ls" }), 0);
    expect(() => small.emit(simpleCommand({ program: "ls" }), 0)).toThrow("the input runs more than 1 commands");
  });

  test("a flow is recorded once; a flow to itself or from nowhere is not", () => {
    const one = analysis();
    one.flow(0, 1, "pipe");
    one.flow(0, 1, "pipe");
    one.flow(1, 1, "pipe");
    one.flow(-1, 1, "pipe");
    expect(one.flows).toEqual([{ from: 0, to: 1, channel: "pipe" }]);
  });

  test("a problem says where it was found, once", () => {
    const one = analysis();
    one.problem({ via: ["sudo", "bash -c"] }, "x is unknown");
    one.problem({ via: ["sudo", "bash -c"] }, "x is unknown");
    expect(one.unresolved).toEqual(["in sudo → bash -c: x is unknown"]);
  });

  test("nesting past the depth limit is refused and reported once", () => {
    const one = analysis({ maxDepth: 2 });
    expect(one.canNest({ depth: 1 })).toBe(true);
    expect(one.canNest({ depth: 2 })).toBe(false);
    expect(one.canNest({ depth: 3 })).toBe(false);
    expect(one.unresolved).toEqual(["the input nests deeper than 2 levels"]);
  });

  test("paths resolve against the working directory; ~ is home; an unknown directory gives no path", () => {
    const one = analysis();
    expect(one.resolvePath("~/x/../y/", { kind: "project", relative: "" })).toBe("/home/ada/y");
    expect(one.resolvePath("x", { kind: "project", relative: "src" })).toBe("src/x");
    expect(one.resolvePath("x", { kind: "absolute", path: "/srv" })).toBe("/srv/x");
    expect(one.resolvePath("x", { kind: "unknown" })).toBeUndefined();
    expect(one.resolvePath("/abs", { kind: "unknown" })).toBe("/abs");
    expect(one.resolvePath("https://x/y", { kind: "unknown" })).toBeUndefined();
  });
});

describe("viaPrefix and excerpt", () => {
  test("a long way in shows its last three steps", () => {
    expect(viaPrefix([])).toBe("");
    expect(viaPrefix(["a", "b", "c", "d", "e"])).toBe("in … → c → d → e: ");
  });

  test("an excerpt is one line, cut with an ellipsis", () => {
    expect(excerpt("a\n  b")).toBe("a b");
    expect(excerpt("x".repeat(100))).toBe(`${"x".repeat(60)}…`);
  });

  test("a secret in an excerpt is redacted before the cut, so no part of it shows", () => {
    const token = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";
    const shown = excerpt(`${"x ".repeat(20)}${token}`);
    expect(shown).not.toContain("ghp_16C7");
    expect(shown).toContain("[REDACTED:");
  });
});

describe("what the agent is shown", () => {
  test("output piped on, or captured by $(…) or <(…), is not shown to the agent; the last stage's is", () => {
    const view = viewOf("gh auth token | base64; X=$(gh auth token); docker login --password-stdin < <(gh auth token)");
    expect(view.commands.map((command) => [command.name, command.outputShown])).toEqual([
      ["gh", false],
      ["base64", true],
      ["gh", false],
      ["gh", false],
      ["docker", true],
    ]);
  });
});
