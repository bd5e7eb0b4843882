import { describe, expect, test } from "bun:test";
import { describeVerdict, exitCodeOf, verdictJson } from "../../../src/report/describe-verdict.ts";
import { decide, policyOf, TEST_HOME } from "../../support/decide.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

const policy = policyOf();
const verdictOf = (command: string) => decide(command, policy).verdict;

const MODIFY = policyOf('version = 1\n[[rule]]\nid = "timeout"\ntool = "bash"\nwhen = { command = "sleep" }\ndecision = "modify"\nmodify = { set = { timeout = 1000 } }\n');

describe("describeVerdict", () => {
  test("names the deciding rule with its pack and line, every matching rule, and each command with how it was reached", () => {
    const text = describeVerdict(policy, verdictOf("echo hi && sudo rm -rf /etc/nginx"), false);
    expect(text).toStartWith("decision: block\n");
    expect(text).toMatch(/^rule: +fs-recursive-delete \(builtin:destructive-fs:\d+\) — /m);
    expect(text).toMatch(/^matched: +fs-recursive-delete \(builtin:destructive-fs:\d+\), .*fs-delete-system-files/m);
    expect(text).toContain("  1. echo hi\n");
    expect(text).toContain("  3. rm -rf /etc/nginx (via sudo)\n");
    expect(text).toContain(`policy:   ${policy.source} (${policy.hash})`);
  });

  test("with explain, each command's reach and paths are listed", () => {
    const text = describeVerdict(policy, verdictOf("bash -c 'cd / && rm -rf home'"), true);
    expect(text).toMatch(/reached +bash -c/);
    expect(text).toMatch(/paths +"\/home"/);
  });

  test("without explain, no per-command detail is shown", () => {
    expect(describeVerdict(policy, verdictOf("bash -c 'cd / && rm -rf home'"), false)).not.toContain("reached");
  });

  test("a call no rule decides says which default applied", () => {
    expect(describeVerdict(policy, verdictOf("ls -la"), false)).toContain('because:  no rule decided (defaults.decision = "continue")');
  });

  test("a call that cannot be analysed says on_error decided and lists why", () => {
    const text = describeVerdict(policy, verdictOf("$EDITOR notes.txt"), false);
    expect(text).toContain('because:  the call cannot be fully analysed (defaults.on_error = "block")');
    expect(text).toContain("unresolved: the program to run is only known at run time: $EDITOR");
  });

  test("a modify shows the rewritten input", () => {
    expect(describeVerdict(MODIFY, decide("sleep 5", MODIFY).verdict, false)).toContain('input:    {"command":"sleep 5","timeout":1000}');
  });

  test("a secret in a command is redacted in the account", () => {
    const token = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";
    const text = describeVerdict(policy, verdictOf(`echo ${token}`), true);
    expect(text).not.toContain(token);
    expect(text).toContain("[REDACTED:github]");
  });
});

describe("exitCodeOf", () => {
  test("0 for a call that goes through, 2 block, 3 confirm, 4 modify", () => {
    expect(exitCodeOf(verdictOf("ls"))).toBe(0);
    expect(exitCodeOf(verdictOf("sudo rm -rf /"))).toBe(2);
    expect(exitCodeOf(verdictOf("git push --force"))).toBe(3);
    expect(exitCodeOf(decide("sleep 5", MODIFY).verdict)).toBe(4);
  });
});

describe("verdictJson", () => {
  test("gives the decision, the action the host gets, the deciding rule and the normalized commands", () => {
    const json = verdictJson(policy, verdictOf("r''m -fr ~"));
    expect(json).toMatchObject({ decision: "block", action: "block", decided_by: { kind: "rule", id: "fs-recursive-delete", source: "builtin:destructive-fs" } });
    expect(json.commands?.[0]).toMatchObject({ name: "rm", flags: ["-fr", "-f", "-r"], paths: [TEST_HOME] });
  });

  test("allow is continue on the wire", () => {
    const allowing = policyOf('version = 1\n[[rule]]\nid = "ok"\nwhen = { command = "ls" }\ndecision = "allow"\n');
    expect(verdictJson(allowing, decide("ls", allowing).verdict)).toMatchObject({ decision: "allow", action: "continue" });
  });

  test("secrets in arguments, operands, code and a rewritten input are redacted", () => {
    const token = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";
    const text = JSON.stringify(verdictJson(policy, verdictOf(`curl -H "x: ${token}" https://example.com; python3 -c 'print("${token}")'`)));
    expect(text).not.toContain(token);
    const rewriting = policyOf(`version = 1\n[[rule]]\nid = "t"\nwhen = { command = "sleep" }\ndecision = "modify"\nmodify = { set = { note = "${token}" } }\n`);
    expect(JSON.stringify(verdictJson(rewriting, decide("sleep 1", rewriting).verdict))).not.toContain(token);
  });
});
