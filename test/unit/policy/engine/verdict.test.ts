import { describe, expect, test } from "bun:test";
import { describeRule, OUTPUT_STRENGTH, strongerOutputDecision, strongerToolCallDecision, TOOL_CALL_STRENGTH } from "../../../../src/policy/engine/verdict.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("decision strength", () => {
  test("block > confirm > modify > allow > continue on a tool call", () => {
    const ordered = [...TOOL_CALL_STRENGTH].sort((a, b) => (strongerToolCallDecision(a, b) ? 1 : strongerToolCallDecision(b, a) ? -1 : 0));
    expect(ordered).toEqual(["continue", "allow", "modify", "confirm", "block"]);
  });

  test("withhold > redact > continue on tool output", () => {
    expect(strongerOutputDecision("withhold", "redact")).toBe(true);
    expect(strongerOutputDecision("redact", "continue")).toBe(true);
    expect(strongerOutputDecision("redact", "redact")).toBe(false);
    expect(OUTPUT_STRENGTH).toEqual(["continue", "redact", "withhold"]);
  });

  test("a decision is not stronger than itself", () => {
    for (const decision of TOOL_CALL_STRENGTH) expect(strongerToolCallDecision(decision, decision)).toBe(false);
  });
});

describe("describeRule", () => {
  test("id, then where it is written, with the line when known", () => {
    expect(describeRule({ id: "force-push", source: "builtin:git", line: 12 })).toBe("force-push (builtin:git:12)");
    expect(describeRule({ id: "x", source: "policy.toml" })).toBe("x (policy.toml)");
  });
});
