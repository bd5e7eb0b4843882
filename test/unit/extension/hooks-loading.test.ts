// A hook that arrives before the first policy is ready waits (boundedly) for
// it, then gets block with "policy still loading" — never a silent continue —
// while tool output is still redacted with every detector.
import { describe, expect, test } from "bun:test";
import { DryRuns } from "../../../src/extension/dry-runs.ts";
import { HookHandler } from "../../../src/extension/hooks.ts";
import type { PolicyStore } from "../../../src/extension/policy-store.ts";

/** A store whose first policy never becomes ready (the load is still running). */
const stillLoading = { current: undefined, ready: async () => undefined } as unknown as PolicyStore;

const event = (kind: string, fields: Record<string, unknown>) => ({
  kind,
  tool_name: "bash",
  tool_runtime_name: "bash",
  tool_input: null,
  tool_output: null,
  message: null,
  session_id: "s",
  transcript: null,
  data: null,
  ...fields,
});

describe("before the first policy is ready", () => {
  const handler = new HookHandler(stillLoading, undefined, new DryRuns(false));

  test("a tool call gets block, with the reason", async () => {
    const answer = await handler.handle(event("before_tool_call", { tool_input: { command: "ls" } }));
    expect(answer).toMatchObject({ action: "block", reason: expect.stringContaining("the policy is still loading") });
  });

  test("tool output is redacted with every detector", async () => {
    expect(await handler.handle(event("after_tool_call", { tool_output: "key AKIAIOSFODNN7EXAMPLE" }))).toEqual({ action: "replace", output: "key [REDACTED:aws]" });
  });

  test("other hooks go on", async () => {
    expect(await handler.handle(event("on_session_end", {}))).toEqual({ action: "continue" });
  });
});
