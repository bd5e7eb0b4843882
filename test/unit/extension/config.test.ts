import { describe, expect, test } from "bun:test";
import { resolveConfig } from "../../../src/extension/config.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

const HOME = "/home/ada";

describe("resolveConfig", () => {
  test("the defaults live in the user folder outside the plugin folder (a /plugins update deletes that)", () => {
    expect(resolveConfig({ plugin_root: "/plugins/sp" }, "/cwd", HOME)).toEqual({
      pluginRoot: "/plugins/sp",
      policyFile: `${HOME}/.synaps-cli/synaps-policy/policy.toml`,
      policyFileExplicit: false,
      auditLog: `${HOME}/.synaps-cli/synaps-policy/logs/audit.jsonl`,
      home: HOME,
      modelDryRun: false,
    });
  });

  test("without initialize params the working directory is the plugin root", () => {
    expect(resolveConfig(undefined, "/cwd", HOME).pluginRoot).toBe("/cwd");
  });

  test("a relative setting is inside the plugin folder", () => {
    expect(resolveConfig({ plugin_root: "/p", config: { policy_file: "team.toml", audit_log: "logs/a.jsonl" } }, "/cwd", HOME)).toMatchObject({
      policyFile: "/p/team.toml",
      auditLog: "/p/logs/a.jsonl",
    });
  });

  test("a configured policy file is explicit (missing means an error, not the default); ~ and absolute paths are honoured", () => {
    expect(resolveConfig({ plugin_root: "/p", config: { policy_file: "~/team.toml" } }, "/cwd", HOME)).toMatchObject({ policyFile: `${HOME}/team.toml`, policyFileExplicit: true });
    expect(resolveConfig({ plugin_root: "/p", config: { policy_file: "/etc/sp.toml" } }, "/cwd", HOME).policyFile).toBe("/etc/sp.toml");
  });

  test("naming the default file, or the old default name a host setting may still hold, is not explicit", () => {
    expect(resolveConfig({ plugin_root: "/p", config: { policy_file: "~/.synaps-cli/synaps-policy/policy.toml" } }, "/cwd", HOME).policyFileExplicit).toBe(false);
    expect(resolveConfig({ plugin_root: "/p", config: { policy_file: "policy.toml" } }, "/cwd", HOME).policyFileExplicit).toBe(false);
  });

  test("the audit log can be switched off in every way a setting may say it", () => {
    for (const off of ["off", "none", "false", "no", "0", " OFF ", false]) {
      expect(resolveConfig({ plugin_root: "/p", config: { audit_log: off } }, "/cwd", HOME).auditLog).toBeUndefined();
    }
  });

  test("a blank or non-text setting falls back to the default", () => {
    expect(resolveConfig({ plugin_root: "/p", config: { policy_file: "  ", audit_log: 5 } }, "/cwd", HOME)).toMatchObject({
      policyFile: `${HOME}/.synaps-cli/synaps-policy/policy.toml`,
      auditLog: `${HOME}/.synaps-cli/synaps-policy/logs/audit.jsonl`,
    });
  });
});
