// Loading is bounded: a YAML alias bomb is refused with a clear message, a
// policy over the rule limit is refused before it is validated, and a large
// TOML file is located rule by rule (the locator indexes the text once).
import { describe, expect, test } from "bun:test";
import { MAX_POLICY_RULES, MAX_YAML_ALIASES } from "../../../../src/limits.ts";
import { loadPolicy } from "../../../../src/policy/load/load.ts";
import { directEngineDeps } from "../../../../src/policy/load/load-file.ts";
import { parseSource, formatProblem } from "../../../../src/policy/format/source.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

function aliasBomb(levels: number): string {
  const lines = ["version: 1", 'a0: &a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]'];
  for (let level = 1; level < levels; level++) lines.push(`a${level}: &a${level} [${Array.from({ length: 10 }, () => `*a${level - 1}`).join(", ")}]`);
  return `${lines.join("\n")}\n`;
}

describe("YAML aliases", () => {
  test(`an alias bomb (more than ${MAX_YAML_ALIASES} alias expansions) is refused with a message, not a crash`, () => {
    const parsed = parseSource("policy.yaml", aliasBomb(9), "yaml");
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem.message).toContain(`at most ${MAX_YAML_ALIASES} alias expansions are allowed in a policy`);
  });

  test("through the loader it is a problem of the file", () => {
    const loaded = loadPolicy({ text: aliasBomb(9), file: "policy.yaml", home: "/home/ada", deps: directEngineDeps() });
    expect(loaded.ok ? "" : loaded.problems.map(formatProblem).join("\n")).toContain("policy.yaml: YAML refused:");
  });

  test("a few aliases are fine", () => {
    expect(parseSource("policy.yaml", "version: 1\nx: &x [a]\ny: *x\n", "yaml").ok).toBe(true);
  });
});

describe("many rules", () => {
  const rules = (count: number, bad?: number) => {
    let text = "version = 1\n";
    for (let index = 0; index < count; index++) text += `\n[[rule]]\nid = "r${index}"\nwhen = { command = "p${index}" }\ndecision = "${index === bad ? "blokc" : "block"}"\n`;
    return text;
  };

  test(`more than MAX_POLICY_RULES (${MAX_POLICY_RULES}) rules is refused before validation`, () => {
    const loaded = loadPolicy({ text: rules(MAX_POLICY_RULES + 1), file: "policy.toml", home: "/home/ada", deps: directEngineDeps() });
    expect(loaded.ok ? "" : formatProblem(loaded.problems[0]!)).toBe(
      `policy.toml:${2 + MAX_POLICY_RULES * 5 + 1}:1: rule[${MAX_POLICY_RULES + 1}]: ${MAX_POLICY_RULES + 1} rules, over the limit of ${MAX_POLICY_RULES} for a policy`,
    );
  });

  test("a problem in rule 3,000 of 3,001 is located at its line", () => {
    const loaded = loadPolicy({ text: rules(3_001, 2_999), file: "policy.toml", home: "/home/ada", deps: directEngineDeps() });
    expect(loaded.ok ? "" : formatProblem(loaded.problems[0]!)).toStartWith(`policy.toml:${2 + 2_999 * 5 + 4}:1: rule[3000] "r2999": decision`);
  });

  test("every rule of a large policy gets its own line", () => {
    const loaded = loadPolicy({ text: rules(2_000), file: "policy.toml", home: "/home/ada", deps: directEngineDeps() });
    if (!loaded.ok) throw new Error("expected the policy to load");
    expect(loaded.policy.rules.at(-1)!.ref.line).toBe(2 + 1_999 * 5 + 1);
  });
});
