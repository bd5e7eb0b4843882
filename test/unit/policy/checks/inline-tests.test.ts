import { describe, expect, test } from "bun:test";
import { analyzeShell } from "../../../../src/shell/analyze.ts";
import { runInlineTests } from "../../../../src/policy/checks/inline-tests.ts";
import { loadPolicy } from "../../../../src/policy/load/load.ts";
import { defaultPolicyText } from "../../../../src/policy/load/load-file.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

function compiled(text: string, clock = { now: () => performance.now() }) {
  const loaded = loadPolicy({ text, file: "policy.toml", home: "/home/ada", format: "toml", deps: { analyzer: analyzeShell, clock } });
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
  return loaded.policy;
}

const NO_LS = 'version = 1\n[[rule]]\nid = "no-ls"\nwhen = { command = "ls" }\ndecision = "block"\n';

describe("runInlineTests", () => {
  test("a passing test gives no failure", () => {
    expect(runInlineTests(compiled(`${NO_LS}[[test]]\ninput = "ls"\nexpect = "block"\n`))).toEqual([]);
  });

  test("a failing test names its line, the input, what was expected, what came and which rule decided", () => {
    expect(runInlineTests(compiled(`${NO_LS}[[test]]\ninput = "ls -la"\nexpect = "continue"\n`))).toEqual([
      { label: "policy.toml:6 test[1]", message: 'bash "ls -la": expected continue, got block (by rule "no-ls")' },
    ]);
  });

  test("a test naming the rule that must decide fails when another one does", () => {
    const [failure] = runInlineTests(compiled(`${NO_LS}[[test]]\ninput = "ls"\nexpect = "block"\nrule = "other"\n`));
    expect(failure?.message).toBe('bash "ls": expected rule "other" to decide, but rule "no-ls" did');
  });

  test("continue is also satisfied by allow", () => {
    expect(runInlineTests(compiled(`version = 1\n[[rule]]\nid = "ok"\nwhen = { command = "ls" }\ndecision = "allow"\n[[test]]\ninput = "ls"\nexpect = "continue"\n`))).toEqual([]);
  });

  test("tests of the other hooks run too", () => {
    const text =
      'version = 1\n[[rule]]\nid = "r"\nhook = "after_tool_call"\ndecision = "redact"\npatterns = ["s3cr3t"]\n[[test]]\nhook = "after_tool_call"\noutput = "x s3cr3t"\nexpect = "continue"\n';
    expect(runInlineTests(compiled(text))[0]?.message).toContain("expected continue, got redact");
  });

  test("they run on the step budget alone: a clock far past every deadline changes no answer", () => {
    // Each reading of this clock is a second later: with the wall-time backstop in play, every
    // analysis would run out of time and the embedded default policy would fail its own tests.
    let seconds = 0;
    const racing = { now: () => (seconds += 1_000) };
    expect(runInlineTests(compiled(defaultPolicyText, racing))).toEqual([]);
  });
});
