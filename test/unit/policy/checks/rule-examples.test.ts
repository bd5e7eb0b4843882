// A rule's `examples`: calls it must match and must not match, checked on
// every load like [[test]]s, so a failing example keeps the policy out.
import { describe, expect, test } from "bun:test";
import { runInlineTests } from "../../../../src/policy/checks/inline-tests.ts";
import { formatProblem } from "../../../../src/policy/format/source.ts";
import { loadPolicy } from "../../../../src/policy/load/load.ts";
import { analyzeShell } from "../../../../src/shell/analyze.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

function load(text: string) {
  return loadPolicy({ text, file: "policy.toml", home: "/home/ada", format: "toml", deps: { analyzer: analyzeShell, clock: { now: () => 0 } } });
}

function failures(text: string) {
  const loaded = load(text);
  if (!loaded.ok) throw new Error(loaded.problems.map(formatProblem).join("\n"));
  return runInlineTests(loaded.policy);
}

const rule = (examples: string, extra = "") =>
  `version = 1\n\n[[rule]]\nid = "no-force-push"\nwhen = { command = "git", subcommand = "push", flags = ["-f|--force"] }\ndecision = "confirm"\n${extra}examples = ${examples}\n`;

describe("rule examples", () => {
  test("examples that hold give no failure, in the shortest form and as tool tables", () => {
    const examples = '{ match = ["git push --force", "sudo git push -f origin main"], not_match = ["git push", { tool = "bash", input = { command = "git status" } }] }';
    expect(failures(rule(examples))).toEqual([]);
  });

  test("a match example the rule does not match fails with the rule's line, the example and what matched instead", () => {
    expect(failures(rule('{ match = ["git push origin main"] }'))).toEqual([
      { label: 'policy.toml:3 rule "no-force-push" examples.match[1]', message: 'bash "git push origin main": expected rule "no-force-push" to match, but it does not' },
    ]);
  });

  test("a not_match example the rule matches fails", () => {
    expect(failures(rule('{ not_match = ["ls", "git push --force-with-lease -f"] }'))).toEqual([
      {
        label: 'policy.toml:3 rule "no-force-push" examples.not_match[2]',
        message: 'bash "git push --force-with-lease -f": expected rule "no-force-push" not to match, but it does',
      },
    ]);
  });

  test("an example is about the rule matching, not about winning: a stronger rule deciding does not fail it", () => {
    const stronger = '\n[[rule]]\nid = "no-git"\nwhen = { command = "git" }\ndecision = "block"\nreason = "no git here"\n';
    expect(failures(rule('{ match = ["git push -f"] }') + stronger)).toEqual([]);
  });

  test("a string example goes to the rule's first tool that is not a glob", () => {
    const text =
      'version = 1\n[[rule]]\nid = "no-env"\ntool = ["mcp_*", "read"]\nwhen = { input = { path = { glob = "**/.env" } } }\ndecision = "block"\nexamples = { match = ["/p/.env"], not_match = ["/p/env.md"] }\n';
    expect(failures(text)).toEqual([]);
  });

  test("examples on a rule of another hook are refused with their place", () => {
    const text = 'version = 1\n[[rule]]\nid = "r"\nhook = "after_tool_call"\ndecision = "redact"\npatterns = ["s3cr3t"]\nexamples = { match = ["x"] }\n';
    const loaded = load(text);
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.problems.map(formatProblem)).toEqual([
      'policy.toml:7:1: rule[1] "r": examples: examples are tool calls, so only before_tool_call rules have them; use [[test]] for after_tool_call',
    ]);
  });

  test("a misspelt key inside examples is refused", () => {
    const loaded = load(rule('{ matches = ["git push -f"] }'));
    expect(loaded.ok).toBe(false);
  });
});

test("README's example policy loads, its rule's examples and its test passing", async () => {
  const readme = await Bun.file(`${import.meta.dir}/../../../../README.md`).text();
  const block = [...readme.matchAll(/```toml\n([\s\S]*?)```/g)].map((match) => match[1]!).find((text) => text.includes('id = "force-push"'));
  expect(block).toContain("examples = {");
  expect(failures(block!)).toEqual([]);
});
