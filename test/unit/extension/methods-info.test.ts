// info.get, checked against the host's own PluginInfo: serde would drop an
// answer whose `build` lacks `backend` or whose `capabilities` is a map, and
// the host then logs "Ignoring invalid optional info.get metadata".
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as v from "valibot";
import { Extension } from "../../../src/extension/methods.ts";
import { bashCall } from "../../support/host-events.ts";
import { eventually } from "../../support/eventually.ts";
import { setTestLimit, TEST_LIMIT_MS } from "../../support/test-limit.ts";

setTestLimit();

/** PluginInfo as the host parses it: every key optional, unknown keys ignored, types strict (Option<T> also takes null). */
const Capability = v.object({ kind: v.string(), name: v.string(), modes: v.nullish(v.array(v.string())) });
const PluginInfo = v.object({
  build: v.nullish(v.object({ backend: v.string(), version: v.nullish(v.string()), features: v.nullish(v.array(v.string())) })),
  capabilities: v.nullish(v.array(Capability)),
  models: v.nullish(v.array(v.object({ id: v.string(), display_name: v.nullish(v.string()), installed: v.nullish(v.boolean()) }))),
});

const folder = mkdtempSync(join(tmpdir(), "synaps-policy-info-"));
const extension = new Extension();
afterAll(() => {
  extension.close();
  rmSync(folder, { recursive: true, force: true });
});

async function info(): Promise<unknown> {
  return (await extension.dispatch("info.get", null)).result;
}

describe("the PluginInfo schema is as strict as the host", () => {
  test.each([
    ["build without backend", { build: { version: "1" } }],
    ["backend that is not a string", { build: { backend: 1 } }],
    ["features that are not a list", { build: { backend: "bun", features: "a,b" } }],
    ["capabilities as a map", { capabilities: { tools: [] } }],
    ["a capability without a name", { capabilities: [{ kind: "hook" }] }],
    ["modes that are not a list", { capabilities: [{ kind: "command", name: "x", modes: "interactive" }] }],
    ["models as a map", { models: { a: {} } }],
  ])("rejects %s", (_, value) => {
    expect(v.safeParse(PluginInfo, value).success).toBe(false);
  });

  test("accepts {} and ignores unknown keys", () => {
    expect(v.safeParse(PluginInfo, {}).success).toBe(true);
    expect(v.safeParse(PluginInfo, { whatever: { x: 1 }, build: { backend: "bun", extra: true } }).success).toBe(true);
  });
});

describe("info.get", () => {
  test("parses as PluginInfo before the policy has loaded", async () => {
    const parsed = v.safeParse(PluginInfo, await info());
    expect(parsed.success ? [] : v.flatten(parsed.issues)).toEqual([]);
  });

  test("names the backend and lists hooks, tools and the slash command as capabilities", async () => {
    const answer = v.parse(PluginInfo, await info());
    expect(answer.build?.backend).toBe("bun");
    expect(answer.capabilities).toEqual(
      expect.arrayContaining([
        { kind: "hook", name: "before_tool_call" },
        { kind: "hook", name: "after_tool_call" },
        { kind: "tool", name: "hello" },
        { kind: "tool", name: "policy" },
        { kind: "command", name: "policy", modes: ["interactive"] },
      ]),
    );
  });

  test("still parses once a policy is in force, and reports it under its own key", async () => {
    // A policy file of the test's own: the default location is under the real HOME, which other programs may fill.
    writeFileSync(join(folder, "policy.toml"), 'version = 1\n[[rule]]\nid = "no-alpha"\nwhen = { command = "alpha" }\ndecision = "block"\n');
    await extension.dispatch("initialize", { plugin_root: folder, config: { policy_file: "policy.toml", audit_log: "off" } });
    // The hook once the policy is in force (a hook sent sooner may meet "still loading" on a busy machine).
    await eventually(async () => ((await info()) as Record<string, any>)["synaps-policy"].policy !== null, TEST_LIMIT_MS);
    const decision = (await extension.dispatch("hook.handle", bashCall("ls"))).result as { action: string };
    expect(decision.action).toBe("continue");
    const answer = (await info()) as Record<string, any>;
    expect(v.safeParse(PluginInfo, answer).success).toBe(true);
    expect(answer["synaps-policy"].policy).toEqual({ file: join(folder, "policy.toml"), hash: expect.any(String), rules: 1 });
  });
});
