// The manifest, checked against what the SynapsCLI host really enforces
// (shared/PROTOCOL.md): a manifest that only matches the docs may be refused.
import { describe, expect, test } from "bun:test";
import { accessSync, constants, existsSync } from "node:fs";
import { join } from "node:path";
import manifest from "../.synaps-plugin/plugin.json" with { type: "json" };
import packageJson from "../package.json" with { type: "json" };
import { SUBSCRIBED_HOOKS } from "../src/plugin/subscriptions.ts";

const VALID_PERMISSIONS = new Set([
  "tools.intercept", "tools.transform_output", "privacy.llm_content", "session.lifecycle", "tools.register",
  "providers.register", "context_providers.register", "memory.read", "memory.write", "config.write",
  "config.subscribe", "audio.input", "audio.output",
]);
const PERMISSION_OF_HOOK: Record<string, string> = {
  before_tool_call: "tools.intercept",
  after_tool_call: "tools.intercept",
  before_message: "privacy.llm_content",
  on_message_complete: "privacy.llm_content",
  on_compaction: "privacy.llm_content",
  on_session_start: "session.lifecycle",
  on_session_end: "session.lifecycle",
};
const extension = manifest.extension as Record<string, any>;

describe("the plugin manifest", () => {
  test("runs a process the host can start", () => {
    expect(extension.runtime).toBe("process");
    expect(extension.command).toBeString();
    expect(extension.command).toContain("/");
    expect(extension.args).toEqual([]);
    expect(extension.protocol_version).toBe(1);
  });

  test("carries the short guide's names too", () => {
    expect(extension.entry_point).toBe(extension.command);
    expect(extension.extension_protocol_version).toBe(1);
  });

  test("asks only for permissions the host knows (an unknown one refuses the whole plugin)", () => {
    for (const permission of extension.permissions) expect(VALID_PERMISSIONS.has(permission)).toBe(true);
  });

  test("holds the permission each subscribed hook needs", () => {
    expect(extension.hooks.length).toBeGreaterThan(0);
    for (const hook of extension.hooks) {
      expect(Object.keys(PERMISSION_OF_HOOK)).toContain(hook.hook);
      expect(extension.permissions).toContain(PERMISSION_OF_HOOK[hook.hook]);
      for (const key of Object.keys(hook)) expect(["hook", "tool", "match"]).toContain(key);
    }
  });

  test("registers tools only with tools.register", () => {
    expect(extension.permissions).toContain("tools.register");
  });

  test("names an executable that exists after the build", () => {
    const binary = join(import.meta.dir, "..", extension.command);
    expect(existsSync(binary)).toBe(true);
    expect(() => accessSync(binary, constants.X_OK)).not.toThrow();
  });

  test("declares the /policy slash command as the host reads it", () => {
    const commands = (manifest as Record<string, any>).commands;
    expect(commands).toEqual([expect.objectContaining({ name: "policy", interactive: true })]);
    expect(commands[0].description.length).toBeGreaterThan(0);
    expect(commands[0].subcommands).toEqual(["status", "check", "rules", "reload"]);
  });

  test("declares the config keys the extension reads", () => {
    expect(extension.config.map((entry: { key: string }) => entry.key)).toEqual(["policy_file", "audit_log", "model_dry_run"]);
  });

  test("subscribes the same hooks the handshake announces", () => {
    expect(extension.hooks.map((entry: { hook: string }) => entry.hook)).toEqual(SUBSCRIBED_HOOKS);
  });

  test("carries the package version", () => {
    expect(manifest.version).toBe(packageJson.version);
  });
});
