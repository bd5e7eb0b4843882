import { describe, expect, test } from "bun:test";
import { loadPolicy } from "../../../../src/policy/load/load.ts";
import { runSteps } from "../../../../src/policy/steps.ts";
import { describePath } from "../../../../src/policy/format/schema-issues.ts";
import { directEngineDeps } from "../../../../src/policy/load/load-file.ts";
import { formatProblem } from "../../../../src/policy/format/source.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const load = (text: string, file = "policy.toml") => loadPolicy({ text, file, home: "/home/ada", deps: directEngineDeps() });
const problems = (text: string, file?: string) => {
  const loaded = load(text, file);
  return loaded.ok ? [] : loaded.problems.map(formatProblem);
};

describe("loadPolicy", () => {
  test("included packs follow the file's own rules", () => {
    const loaded = load('version = 1\ninclude = ["builtin:git"]\n[[rule]]\nid = "mine"\nwhen = { command = "mine" }\ndecision = "block"\n');
    expect(loaded.ok && loaded.policy.rules[0]?.ref.id).toBe("mine");
  });

  test("an unknown pack names the ones there are", () => {
    expect(problems('version = 1\ninclude = ["builtin:nope"]\n')[0]).toStartWith('policy.toml:2:1: include[1]: no built-in pack "nope"; the packs are builtin:');
  });

  test("a misspelt key suggests the one meant", () => {
    expect(problems('version = 1\n[[rule]]\nid = "a"\ndecision = "block"\nwhne = {}\n')).toEqual(['policy.toml:5:1: rule[1] "a": whne: unknown key "whne" — did you mean "when"?']);
  });

  test("in a list of when tables, the problem is placed inside the table that has it", () => {
    expect(problems('version = 1\n[[rule]]\nid = "a"\ndecision = "block"\nwhen = [{ command = "rm" }, { comand = "x" }]\n')[0]).toContain('when[2].comand: unknown key "comand"');
  });

  test("with the lint left for later, its steps give the warnings a load with it gives", () => {
    const text = 'version = 1\n[[rule]]\nid = "a"\ntool = "raed"\ndecision = "block"\n[[rule]]\nid = "b"\nwhen = { command = "rm -rf" }\ndecision = "block"\n';
    const now = loadPolicy({ text, file: "policy.toml", home: "/home/ada", deps: directEngineDeps() });
    const after = loadPolicy({ text, file: "policy.toml", home: "/home/ada", deps: directEngineDeps(), lint: "after" });
    if (!now.ok || !after.ok) throw new Error("the policy should load");
    expect(now.warnings.map(formatProblem)).toHaveLength(2);
    expect(now.lateWarnings).toBeUndefined();
    expect(after.warnings).toEqual([]);
    expect(runSteps(after.lateWarnings!).map(formatProblem)).toEqual(now.warnings.map(formatProblem));
  });

  test("a broken file says which on_error it asked for when that much could be read", () => {
    const loaded = load('version = 1\n[defaults]\non_error = "confirm"\n[[rule]]\nid = "x"\n');
    expect(loaded.ok ? undefined : loaded.onError).toBe("confirm");
    const unreadable = load("version = ");
    expect(unreadable.ok ? undefined : unreadable.onError).toBe("block");
  });
});

describe("describePath", () => {
  test("rules by number (from 1) and id, the rest dotted", () => {
    const data = { rule: [{ id: "force-push", when: { flags: ["x"] } }] };
    expect(describePath(["rule", 0, "when", "flags"], data)).toBe('rule[1] "force-push": when.flags');
  });
});
