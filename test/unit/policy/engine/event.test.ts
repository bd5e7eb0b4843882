import { describe, expect, test } from "bun:test";
import { HOOK_KINDS, isHookKind } from "../../../../src/policy/engine/event.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("isHookKind", () => {
  test("the seven hook kinds, and nothing else", () => {
    expect(HOOK_KINDS.every(isHookKind)).toBe(true);
    expect([undefined, 5, "before_tool", "malformed", "BEFORE_TOOL_CALL"].some(isHookKind)).toBe(false);
  });
});
