import { describe, expect, test } from "bun:test";
import { eventOf, mainField } from "../../../../src/policy/engine/event-of.ts";
import { policyOf } from "../../../support/decide.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const policy = policyOf('version = 1\n[shell]\ntools = { runner = "script" }\n');

describe("eventOf", () => {
  test("a string input is the shell tool's command, or a file tool's path", () => {
    expect(eventOf(policy, { hook: "before_tool_call", input: "ls" })).toEqual({ hook: "before_tool_call", tool: ["bash"], input: { command: "ls" } });
    expect(eventOf(policy, { hook: "before_tool_call", tool: "read", input: "a.txt" })).toEqual({ hook: "before_tool_call", tool: ["read"], input: { path: "a.txt" } });
    expect(eventOf(policy, { hook: "before_tool_call", tool: "runner", input: "ls" })).toMatchObject({ input: { script: "ls" } });
  });

  test("each hook gets the fields it has", () => {
    expect(eventOf(policy, { hook: "after_tool_call", tool: "bash", output: "out" })).toEqual({ hook: "after_tool_call", tool: ["bash"], input: {}, output: "out" });
    expect(eventOf(policy, { hook: "before_message", message: "hi" })).toEqual({ hook: "before_message", message: "hi" });
    expect(eventOf(policy, { hook: "on_session_end" })).toEqual({ hook: "on_session_end" });
  });
});

describe("mainField", () => {
  test("shell tools by their field (shell_send: input), everything else by path", () => {
    expect([mainField(policy, "bash"), mainField(policy, "shell_send"), mainField(policy, "runner"), mainField(policy, "write")]).toEqual(["command", "input", "script", "path"]);
  });
});
