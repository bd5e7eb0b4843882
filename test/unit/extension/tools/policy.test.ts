import { describe, expect, test } from "bun:test";
import { DryRuns } from "../../../../src/extension/dry-runs.ts";
import type { PolicyState } from "../../../../src/extension/policy-store.ts";
import { callPolicyTool } from "../../../../src/extension/tools/policy.ts";
import { policyOf } from "../../../support/decide.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const policy = policyOf(
  'version = 1\n[[rule]]\nid = "no-alpha"\ntool = "bash"\nwhen = { command = "alpha" }\ndecision = "block"\nreason = "alpha is off"\n[[rule]]\nid = "ok-ls"\nwhen = { command = "ls" }\ndecision = "allow"\n',
);
/** Dry runs on (they are off by default; issue 15's own tests cover that and the limit). */
const context = (state: PolicyState) => ({ state, dryRuns: new DryRuns(true), audit: undefined });
const active = context({ kind: "active", policy, loadedAt: new Date(), warnings: [] } as PolicyState);

describe("the policy tool", () => {
  test("lists the rules that can apply to a tool, stopping ones first, with the defaults", () => {
    const text = callPolicyTool({ tool: "bash" }, active).content;
    expect(text).toStartWith("synaps-policy rules that can apply to bash (calls no rule matches: continue; calls that cannot be analysed: block):");
    expect(text).toContain("- block [no-alpha]: alpha is off\n- allow [ok-ls]: ok-ls");
    expect(callPolicyTool({ tool: "read" }, active).content).not.toContain("no-alpha");
  });

  test("a dry run says what a call would get and which rule decides", () => {
    expect(callPolicyTool({ tool: "bash", input: "alpha --now" }, active).content).toBe(
      'bash {"command":"alpha --now"} → block\nreason: alpha is off [rule no-alpha] — alpha --now\nrule: no-alpha\n(this dry run is recorded in the audit log)',
    );
  });

  test("a plain string for a file tool is taken as its path, and it says so", () => {
    expect(callPolicyTool({ tool: "read", input: "notes.txt" }, active).content).toContain("(the string was taken as the read tool's path)");
  });

  test("the echoed input is redacted and cut to the named limit", () => {
    const token = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";
    const text = callPolicyTool({ tool: "bash", input: `echo ${token} ${"x".repeat(300)}` }, active).content;
    expect(text).not.toContain(token);
    expect(text.split("\n")[0]!.length).toBeLessThan(230);
  });

  test("a broken policy is reported instead of rules", () => {
    expect(
      callPolicyTool({}, context({ kind: "failed", file: "p.toml", problems: ["p.toml:1:1: bad"], onError: "block", loadedAt: new Date(), warnings: [] } as PolicyState)).content,
    ).toContain('answered with "block" until it is fixed:\np.toml:1:1: bad');
  });

  test("a malformed input is an error result, not an exception", () => {
    expect(callPolicyTool({ tool: 5 }, active)).toMatchObject({ is_error: true });
  });
});
