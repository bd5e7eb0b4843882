import { describe, expect, test } from "bun:test";
import { formatOf, formatProblem, parseSource } from "../../../../src/policy/format/source.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("formatOf", () => {
  test("by extension, TOML unless it says JSON or YAML", () => {
    expect(["p.json", "p.YAML", "p.yml", "p.toml", "policy"].map(formatOf)).toEqual(["json", "yaml", "yaml", "toml", "toml"]);
  });
});

describe("parseSource", () => {
  test("TOML: data, and the line and column of a place in it", () => {
    const parsed = parseSource("p.toml", 'version = 1\n\n[[rule]]\nid = "a"\ndecision = "block"\n');
    if (!parsed.ok) throw new Error(parsed.problem.message);
    expect(parsed.data).toEqual({ version: 1, rule: [{ id: "a", decision: "block" }] });
    expect(parsed.locate(["rule", 0])).toEqual({ line: 3, column: 1 });
    expect(parsed.locate(["rule", 0, "decision"])?.line).toBe(5);
  });

  test("YAML and JSON locate their places too", () => {
    const yaml = parseSource("p.yaml", "version: 1\nrule:\n  - id: a\n    decision: block\n");
    expect(yaml.ok && yaml.locate(["rule", 0, "decision"])).toEqual({ line: 4, column: 5 });
    const json = parseSource("p.json", '{\n  "version": 1,\n  "rule": [{ "id": "a" }]\n}');
    expect(json.ok && json.locate(["rule", 0, "id"])?.line).toBe(3);
  });

  test("a syntax error is a problem with the file, line and column", () => {
    const parsed = parseSource("p.toml", 'version = 1\nid = "x\n');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(formatProblem(parsed.problem)).toMatch(/^p\.toml:2:\d+: TOML syntax error/);
  });

  test("a key given twice in YAML is a syntax error, as in TOML", () => {
    expect(parseSource("p.yaml", "version: 1\nversion: 1\n").ok).toBe(false);
  });
});

describe("formatProblem", () => {
  test("file:line:column: where: message, leaving out what is unknown", () => {
    expect(formatProblem({ file: "p.toml", position: { line: 3, column: 1 }, where: 'rule[1] "a"', message: "bad" })).toBe('p.toml:3:1: rule[1] "a": bad');
    expect(formatProblem({ file: "p.toml", message: "bad" })).toBe("p.toml: bad");
  });
});
