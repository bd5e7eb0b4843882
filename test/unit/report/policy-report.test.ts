// What status says about redaction (issue 24): which detector families each redact rule switches on
// for tool output, and that reasons, the audit log and stderr get every family (and the own patterns).
import { describe, expect, test } from "bun:test";
import { FAMILY_IDS } from "../../../src/match/secrets/families.ts";
import { policyLines, redactionLines } from "../../../src/report/policy-report.ts";
import { policyOf } from "../../support/decide.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

const ruleWith = (fields: string) => `version = 1\n[[rule]]\nid = "r"\nhook = "after_tool_call"\ndecision = "redact"\n${fields}\n`;

describe("redaction in status", () => {
  test("the shipped default: every family, named", () => {
    const lines = policyLines(policyOf());
    expect(lines).toContain(`  tool output, rule redact-secrets-in-output: every detector family (${FAMILY_IDS.length}): ${FAMILY_IDS.join(", ")}`);
    expect(lines).toContain("  block reasons, the audit log, stderr: every detector family");
  });

  test("except: the families on, and those off", () => {
    const [, line] = redactionLines(policyOf(ruleWith('except = ["jwt", "github-token"]')));
    expect(line).toContain(`${FAMILY_IDS.length - 2} of ${FAMILY_IDS.length} detector families: private-key, aws, google, gitlab`);
    expect(line).toEndWith("(off: github, jwt)");
  });

  test("the original ids name their families", () => {
    const [, line] = redactionLines(policyOf(ruleWith('detectors = ["aws-access-key", "aws-secret-key", "github-token"]')));
    expect(line).toBe(
      `  tool output, rule r: 2 of ${FAMILY_IDS.length} detector families: aws, github (off: ${FAMILY_IDS.filter((id) => id !== "aws" && id !== "github").join(", ")})`,
    );
  });

  test("own patterns are counted, for tool output and for everything else", () => {
    expect(redactionLines(policyOf(ruleWith("detectors = []\npatterns = ['acme_[a-z0-9]{8}', 'corp-[0-9]{6}']")))).toEqual([
      "redaction:",
      "  tool output, rule r: no detector family and 2 own patterns",
      "  block reasons, the audit log, stderr: every detector family and 2 own patterns",
    ]);
  });

  test("no redact rule: said plainly", () => {
    expect(redactionLines(policyOf('version = 1\n[[rule]]\nid = "b"\nwhen = { command = "alpha" }\ndecision = "block"\n'))[0]).toBe(
      "redaction: no redact rule; tool output reaches the model as it is",
    );
  });
});
