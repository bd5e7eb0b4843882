import { describe, expect, test } from "bun:test";
import manifest from "../../../.synaps-plugin/plugin.json" with { type: "json" };
import { PERMISSION_OF_HOOK, SUBSCRIBED_HOOKS } from "../../../src/plugin/subscriptions.ts";
import { HOOK_KINDS } from "../../../src/policy/engine/event.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

describe("subscriptions", () => {
  test("every hook kind has the permission the host requires for it", () => {
    expect(Object.keys(PERMISSION_OF_HOOK).sort()).toEqual([...HOOK_KINDS].sort());
  });

  test("the shipped manifest subscribes the hooks the handshake announces, with their permissions", () => {
    const extension = (manifest as { extension: { hooks: Array<{ hook: string }>; permissions: string[] } }).extension;
    expect(extension.hooks.map((entry) => entry.hook).sort()).toEqual([...SUBSCRIBED_HOOKS].sort());
    for (const hook of SUBSCRIBED_HOOKS) expect(extension.permissions).toContain(PERMISSION_OF_HOOK[hook]);
  });
});
