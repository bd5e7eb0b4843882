// A directory read with everything under it (round 2): a `reads` glob matches
// it when the directory contains the glob's literal part; a glob with no
// literal directory names no place and matches no tree read.
import { describe, expect, test } from "bun:test";
import { commandHolds, compileCondition } from "../../../../src/policy/engine/conditions.ts";
import { simpleCommand } from "../../../support/commands.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const HOME = "/home/ada";
const holds = (reads: string[], treeReads: string[], quantifier: "some" | "every" = "some") =>
  commandHolds(compileCondition({ reads }, HOME), simpleCommand({ program: "tar", reads: treeReads, treeReads }), quantifier);

describe("reads of whole trees", () => {
  test("a tree that contains the glob's literal part", () => {
    expect(holds(["~/.ssh/**"], ["/home/ada"])).toBe(true);
    expect(holds(["~/.netrc"], ["/home/ada"])).toBe(true);
    expect(holds(["~/.config/gh/**"], ["/home/ada/.config"])).toBe(true);
    expect(holds(["~/.aws/**"], ["/"])).toBe(true);
    expect(holds(["config/master.key"], ["."])).toBe(true);
  });

  test("a tree beside or inside nothing the glob names does not", () => {
    expect(holds(["~/.ssh/**"], ["/home/ada/projects"])).toBe(false);
    expect(holds(["~/.ssh/**"], ["/home/adam"])).toBe(false);
    expect(holds(["~/.ssh/**"], ["."])).toBe(false);
  });

  test("a glob with no literal directory matches no tree read", () => {
    expect(holds(["**/.env", "**/*.pem"], ["."])).toBe(false);
    expect(holds(["**/.env"], ["/"])).toBe(false);
  });

  test("an exclusion takes a glob back only when it covers all of it", () => {
    expect(holds(["~/.ssh/**", "!~/.ssh/*.pub"], ["/home/ada"])).toBe(true);
    expect(holds(["~/.ssh/known_hosts", "!~/.ssh/known_hosts"], ["/home/ada"])).toBe(false);
  });

  test("an exception (every path) is not widened by trees", () => {
    expect(holds(["~/.ssh/**"], ["/home/ada"], "every")).toBe(false);
  });
});
