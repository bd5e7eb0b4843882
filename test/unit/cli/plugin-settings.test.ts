// The command line reads a setting as the host resolves it for the live
// extension: env override, then the plugin folder's settings file `config`,
// then the manifest's default — so `check` and the hook agree.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseConfigFile, pluginSetting } from "../../../src/cli/plugin-settings.ts";
import { DEFAULT_AUDIT_LOG, DEFAULT_POLICY_FILE } from "../../../src/plugin/defaults.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

const made: string[] = [];
afterAll(() => {
  for (const path of made) rmSync(path, { recursive: true, force: true });
});

function folderWithConfig(text?: string): string {
  const root = mkdtempSync(join(tmpdir(), "synaps-policy-settings-"));
  made.push(root);
  if (text !== undefined) writeFileSync(join(root, "config"), text);
  return root;
}

describe("pluginSetting", () => {
  test("without env or settings file: the manifest's default", () => {
    const root = folderWithConfig();
    expect(pluginSetting("policy_file", root, {})).toMatchObject({ value: DEFAULT_POLICY_FILE, from: "default" });
    expect(pluginSetting("audit_log", root, {})).toMatchObject({ value: DEFAULT_AUDIT_LOG, from: "default" });
    expect(pluginSetting("model_dry_run", root, {})).toMatchObject({ value: "false", from: "default" });
  });

  test("the settings editor's config file wins over the default", () => {
    const root = folderWithConfig('# written by the settings editor\npolicy_file = ~/team.toml\naudit_log = "off"\n');
    expect(pluginSetting("policy_file", root, {})).toEqual({ value: "~/team.toml", from: "config", where: join(root, "config") });
    expect(pluginSetting("audit_log", root, {}).value).toBe("off");
  });

  test("the host's env override wins over the settings file", () => {
    const root = folderWithConfig("policy_file = ~/team.toml\n");
    expect(pluginSetting("policy_file", root, { SYNAPS_EXTENSION_SYNAPS_POLICY_POLICY_FILE: "/etc/sp.toml" })).toMatchObject({ value: "/etc/sp.toml", from: "env" });
  });
});

describe("parseConfigFile", () => {
  test("key = value lines; comments, blank lines and lines without a key are skipped; quotes are removed", () => {
    expect([...parseConfigFile("# c\n\na = 1\n b='two words' \n= nothing\nnoequals\n").entries()]).toEqual([
      ["a", "1"],
      ["b", "two words"],
    ]);
  });
});
