// A field path never reaches an object's prototype (issue 10, item 6):
// `modify = { set = { "__proto__.x" = 1 } }` once polluted Object.prototype and
// the next frame killed the process. Refused at validation; harmless even if
// a rewrite with such a path were applied.
import { describe, expect, test } from "bun:test";
import { applyRewrites } from "../../../../src/policy/engine/rewrite.ts";
import { loadPolicy } from "../../../../src/policy/load/load.ts";
import { directEngineDeps } from "../../../../src/policy/load/load-file.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const rule = (body: string) => `version = 1\n[[rule]]\nid = "r"\ntool = "bash"\n${body}\n`;
const problemsOf = (text: string) => {
  const loaded = loadPolicy({ text, file: "policy.toml", home: "/home/ada", deps: directEngineDeps() });
  return loaded.ok ? [] : loaded.problems.map((problem) => `${problem.where}: ${problem.message}`);
};

describe("validation refuses prototype keys in field paths", () => {
  test.each([
    ['decision = "modify"\nmodify = { set = { "__proto__.x" = 1 } }'],
    ['decision = "modify"\nmodify = { set = { "a.constructor.prototype.x" = 1 } }'],
    ['decision = "modify"\nmodify = { replace = [{ field = "__proto__", pattern = "a", with = "b" }] }'],
    ['decision = "block"\nwhen = { input = { "__proto__.polluted" = { exists = true } } }'],
  ])("%s", (body) => {
    const problems = problemsOf(rule(body));
    expect(problems.join("\n")).toMatch(/not allowed in a field path/);
  });
});

test("applying such a rewrite anyway never touches Object.prototype", () => {
  const output = applyRewrites({ command: "ls" }, [
    { kind: "set", path: ["__proto__", "polluted"], value: 1 },
    { kind: "set", path: ["constructor", "prototype", "polluted"], value: 1 },
  ]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(output).toEqual({ command: "ls" });
});

test("a key named __proto__ in a tool input is plain data", () => {
  const input = JSON.parse('{"__proto__": {"polluted": 1}, "command": "ls"}');
  const output = applyRewrites(input, [{ kind: "set", path: ["timeout"], value: 5 }]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(output.timeout).toBe(5);
});
