import { describe, expect, test } from "bun:test";
import { toHookResult, toolError, toolText, toPolicyEvent } from "../../../src/extension/wire.ts";
import { HOOK_KINDS } from "../../../src/policy/engine/event.ts";
import { bashCall, hookEvent } from "../../support/host-events.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

describe("toPolicyEvent", () => {
  test("a tool call carries both tool names and the input, with the session for the audit log", () => {
    expect(toPolicyEvent({ ...bashCall("ls"), tool_runtime_name: "Bash", session_id: "s-1" })).toEqual({
      event: { hook: "before_tool_call", tool: ["bash", "Bash"], input: { command: "ls" } },
      sessionId: "s-1",
      toolName: "bash",
      input: { command: "ls" },
    });
  });

  test("tool output and messages map to their events; a missing output is nothing to redact", () => {
    expect(toPolicyEvent(hookEvent("after_tool_call", { tool_name: "bash", tool_output: "ok" })).event).toEqual({
      hook: "after_tool_call",
      tool: ["bash"],
      input: {},
      output: "ok",
    });
    expect(toPolicyEvent(hookEvent("after_tool_call", { tool_name: "bash" })).event).toMatchObject({ output: "" });
    expect(toPolicyEvent(hookEvent("before_message", { message: "hi" })).event).toEqual({ hook: "before_message", message: "hi" });
  });

  test("every hook kind is understood", () => {
    for (const kind of HOOK_KINDS) expect(toPolicyEvent(hookEvent(kind, { tool_name: "bash", tool_input: {} })).event.hook).toBe(kind);
  });

  test("what the protocol does not promise makes the event malformed, never a silent continue", () => {
    const malformed = (params: unknown) => toPolicyEvent(params).event;
    expect(malformed(null)).toEqual({ hook: "malformed", intended: undefined, reason: "the event is not an object" });
    expect(malformed({ kind: "before_tool" })).toMatchObject({ hook: "malformed", reason: 'unknown hook kind "before_tool"' });
    expect(malformed({ ...bashCall("ls"), session_id: 5 })).toMatchObject({ intended: "before_tool_call", reason: "session_id is number, not a string" });
    expect(malformed({ ...bashCall("ls"), tool_name: ["bash"] })).toMatchObject({ reason: "tool_name is an array, not a string" });
    expect(malformed({ ...bashCall("ls"), tool_input: "ls" })).toMatchObject({ reason: "the tool input is not an object" });
    expect(malformed(hookEvent("before_tool_call", { tool_input: {} }))).toMatchObject({ reason: "a tool call without a tool name" });
  });

  test("a kind nested too deep to print is described by its type", () => {
    let deep: unknown = "x";
    for (let level = 0; level < 100_000; level++) deep = { a: deep };
    expect(toPolicyEvent({ kind: deep, tool_name: 5 }).event).toMatchObject({ hook: "malformed", reason: "unknown hook kind (an object)" });
    expect(toPolicyEvent({ kind: 7 }).event).toMatchObject({ reason: "unknown hook kind (number 7)" });
  });

  test("a secret sent as a hook kind is redacted in the reason, before it is cut", () => {
    const token = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";
    const event = toPolicyEvent({ kind: `${"x ".repeat(20)}${token}` }).event;
    expect(JSON.stringify(event)).not.toContain("ghp_16C7");
  });
});

describe("toHookResult", () => {
  test("the one action the host honours for each decision", () => {
    expect(toHookResult({ kind: "continue" })).toEqual({ action: "continue" });
    expect(toHookResult({ kind: "allow" })).toEqual({ action: "continue" });
    expect(toHookResult({ kind: "block", reason: "r" })).toEqual({ action: "block", reason: "r" });
    expect(toHookResult({ kind: "confirm", message: "m" })).toEqual({ action: "confirm", message: "m" });
    expect(toHookResult({ kind: "modify", input: { a: 1 } })).toEqual({ action: "modify", input: { a: 1 } });
    expect(toHookResult({ kind: "redact", output: "o", counts: {} })).toEqual({ action: "replace", output: "o" });
    expect(toHookResult({ kind: "withhold", output: "w" })).toEqual({ action: "replace", output: "w" });
    expect(toHookResult({ kind: "inject", content: "c" })).toEqual({ action: "inject", content: "c" });
  });
});

describe("tool results", () => {
  test("text goes in both content and output; an error is marked and says so", () => {
    expect(toolText("hi")).toEqual({ content: "hi", output: "hi" });
    expect(toolError("bad")).toEqual({ content: "error: bad", output: "error: bad", is_error: true });
  });
});
