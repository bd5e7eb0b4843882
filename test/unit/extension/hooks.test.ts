import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AuditLog } from "../../../src/extension/audit.ts";
import { DryRuns } from "../../../src/extension/dry-runs.ts";
import { HookHandler } from "../../../src/extension/hooks.ts";
import { bashCall, hookEvent } from "../../support/host-events.ts";
import { loadedStore } from "../../support/loaded-store.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

async function handler(policy: string | undefined) {
  const { store, folder } = await loadedStore(policy);
  const auditPath = join(mkdtempSync(join(tmpdir(), "synaps-policy-hooks-")), "audit.jsonl");
  const audit = new AuditLog({ path: auditPath });
  const records = () =>
    readFileSync(auditPath, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
  return { hooks: new HookHandler(store, audit, new DryRuns(false)), records, folder };
}

describe("HookHandler", () => {
  test("a tool call is judged, answered with the host's action, and audited first", async () => {
    const { hooks, records } = await handler(undefined);
    expect(await hooks.handle(bashCall("rm -rf ~"))).toMatchObject({ action: "block" });
    expect(records()[0]).toMatchObject({ hook: "before_tool_call", decision: "block", rule: "fs-recursive-delete" });
  });

  test("a malformed event gets on_error with a reason, never an exception", async () => {
    const { hooks } = await handler(undefined);
    expect(await hooks.handle({ kind: "before_tool_call", tool_name: 5 })).toMatchObject({ action: "block", reason: expect.stringContaining("malformed") });
  });

  test("a failure around the engine still gets an answer the host honours: block for a tool call, never an RPC error", async () => {
    const { hooks } = await handler(undefined);
    const exploding = (kind: string) => ({
      kind,
      get tool_name(): string {
        throw new Error("boom");
      },
    });
    expect(await hooks.handle(exploding("before_tool_call"))).toMatchObject({ action: "block", reason: expect.stringContaining("internal error while handling the hook (boom)") });
    expect(await hooks.handle(exploding("before_message"))).toEqual({ action: "continue" });
  });

  test("shell_send halves are judged together across calls", async () => {
    const { hooks } = await handler(undefined);
    const send = (input: string) => hookEvent("before_tool_call", { tool_name: "shell_send", tool_input: { session_id: "t1", input } });
    expect(await hooks.handle(send("rm -r"))).toEqual({ action: "continue" });
    expect(await hooks.handle(send("f ~\n"))).toMatchObject({ action: "block" });
  });

  test("with a policy broken at start, tool calls get its on_error and output is still redacted with every detector", async () => {
    const { hooks, folder } = await handler('version = 1\n[defaults]\non_error = "confirm"\n[[rule]]\nid = "x"\n');
    expect(await hooks.handle(bashCall("ls"))).toMatchObject({ action: "confirm", message: expect.stringContaining(`synaps-policy validate ${folder.policyFile}`) });
    expect(await hooks.handle(hookEvent("after_tool_call", { tool_name: "bash", tool_output: "AKIAIOSFODNN7EXAMPLE" }))).toEqual({ action: "replace", output: "[REDACTED:aws]" });
  });

  test("the audit record says why on_error decided, redacted", async () => {
    const { hooks, records } = await handler(undefined);
    await hooks.handle(bashCall("$EDITOR notes"));
    expect(records()[0]).toMatchObject({ decision: "block", rule: null, rule_source: "error", reason: expect.stringContaining("only known at run time") });
  });
});
