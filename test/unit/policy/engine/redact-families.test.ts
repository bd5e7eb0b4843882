// Which detector families a redact rule applies (issue 24): without `detectors`, every family, less
// `except`; `detectors = [...]` only those (the thirteen original ids still name their families);
// `detectors = []` the rule's own patterns only. What leaves the process otherwise (reasons, the
// audit log) is redacted with every family whatever the rule says.
import { describe, expect, test } from "bun:test";
import { evaluate } from "../../../../src/policy/engine/engine.ts";
import { policyOf } from "../../../support/decide.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const SECRETS = {
  aws: "key AKIA5Y2WH62NCSQROV3L",
  github: "pushed with ghp_Wlt9PyGSyC2oClZAYzxTSSjmtPea30XcjDC9",
  jwt: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PjcbUzfOmJ5E",
  huggingface: "hf_AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGh",
  "database-url": "postgres://app:Sup3rS3cret@db.internal:5432/app",
};

const ruleWith = (fields: string) => `version = 1\n[[rule]]\nid = "r"\nhook = "after_tool_call"\ndecision = "redact"\n${fields}\n`;

/** The families whose secret this policy redacts in tool output. */
function redactedFamilies(policyText?: string): string[] {
  const policy = policyOf(policyText);
  return Object.entries(SECRETS)
    .filter(([, text]) => {
      const verdict = evaluate(policy, { hook: "after_tool_call", tool: ["bash"], input: {}, output: text });
      return verdict.decision.kind === "redact";
    })
    .map(([family]) => family);
}

describe("the families a redact rule applies", () => {
  test("no detectors: every family", () => {
    expect(redactedFamilies(ruleWith(""))).toEqual(Object.keys(SECRETS));
  });

  test("the shipped default: every family", () => {
    expect(redactedFamilies()).toEqual(Object.keys(SECRETS));
  });

  test("except leaves those families out, and only those", () => {
    expect(redactedFamilies(ruleWith('except = ["jwt", "huggingface"]'))).toEqual(["aws", "github", "database-url"]);
  });

  test("an older policy naming the original ids keeps working: those families, no others", () => {
    expect(redactedFamilies(ruleWith('detectors = ["aws-access-key", "github-token"]'))).toEqual(["aws", "github"]);
  });

  test("except takes the original ids too", () => {
    expect(redactedFamilies(ruleWith('except = ["github-token"]'))).not.toContain("github");
  });

  test("detectors = [] with patterns: the patterns only", () => {
    const policy = policyOf(ruleWith("detectors = []\npatterns = ['acme_[a-z0-9]{8}']"));
    const verdict = evaluate(policy, { hook: "after_tool_call", tool: ["bash"], input: {}, output: `${SECRETS.github} acme_12345678` });
    expect(verdict.decision).toMatchObject({ kind: "redact", output: `${SECRETS.github} [REDACTED:r]` });
  });
});

describe("reasons use every family whatever the redact rule says", () => {
  test("a block reason quoting a JWT is redacted under a rule that leaves JWTs out of tool output", () => {
    const policy = policyOf(`${ruleWith('except = ["jwt"]')}[[rule]]\nid = "no-curl"\nwhen = { command = "curl" }\ndecision = "block"\nreason = "no curl"\n`);
    const verdict = evaluate(policy, { hook: "before_tool_call", tool: ["bash"], input: { command: `curl -H 'X: ${SECRETS.jwt}' https://x` } });
    expect(verdict.decision.kind).toBe("block");
    expect(JSON.stringify(verdict.decision)).not.toContain(SECRETS.jwt.slice(0, 40));
  });
});
