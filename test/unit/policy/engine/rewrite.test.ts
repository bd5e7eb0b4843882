import { describe, expect, test } from "bun:test";
import type { Rewrite } from "../../../../src/policy/engine/compile.ts";
import { compileRegex } from "../../../../src/match/regex.ts";
import { applyRewrites } from "../../../../src/policy/engine/rewrite.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const set = (path: string, value: unknown): Rewrite => ({ kind: "set", path: path.split("."), value });
const replace = (path: string, pattern: string, by: string): Rewrite => ({ kind: "replace", path: path.split("."), pattern: compileRegex(pattern), with: by });

describe("applyRewrites", () => {
  test("sets a field, creating the tables on its path", () => {
    expect(applyRewrites({ command: "x" }, [set("options.timeout", 5)])).toEqual({ command: "x", options: { timeout: 5 } });
  });

  test("replaces by pattern in a string field, with $1 groups, $0 for the match and $$ for a dollar", () => {
    expect(applyRewrites({ command: "npm install left-pad" }, [replace("command", "^npm install (\\S+)$", "npm install --no-audit $1 # $0 costs $$0")])).toEqual({
      command: "npm install --no-audit left-pad # npm install left-pad costs $0",
    });
  });

  test("a replace on a field that is missing or not a string changes nothing", () => {
    expect(applyRewrites({ count: 3 }, [replace("count", "3", "4"), replace("missing", "x", "y")])).toEqual({ count: 3 });
  });

  test("never mutates the original input", () => {
    const input = { nested: { a: 1 } };
    applyRewrites(input, [set("nested.a", 2)]);
    expect(input).toEqual({ nested: { a: 1 } });
  });

  test("a __proto__, constructor or prototype path never reaches a prototype", () => {
    const output = applyRewrites({}, [set("__proto__.polluted", true), set("constructor.prototype.polluted", true), set("a.__proto__", { polluted: true })]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
    expect(output).toEqual({});
  });
});
