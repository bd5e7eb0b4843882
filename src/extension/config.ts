// Where the policy and the audit log live, from what `initialize` carries:
// the manifest's `extension.config` values (resolved by the host, overridable
// by the user), `~` for the home directory, a relative path inside the plugin
// root. The defaults are in the user folder outside the plugin folder
// (src/plugin/defaults.ts says why).
import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";
import { expandHome } from "../match/path.ts";
import type { InitializeParams } from "./wire.ts";

import { DEFAULT_AUDIT_LOG, DEFAULT_POLICY_FILE, LEGACY_POLICY_FILE } from "../plugin/defaults.ts";

export type ExtensionConfig = {
  pluginRoot: string;
  policyFile: string;
  /** The user named the policy file (a setting or the host's env override): a missing one is an error, not the default. */
  policyFileExplicit: boolean;
  /** undefined when the user turned auditing off. */
  auditLog: string | undefined;
  /** The model's `policy` tool answers dry runs ({tool, input}); off unless the person turns it on (see tools/policy.ts). */
  modelDryRun: boolean;
  home: string;
  /** The `project_root` setting: where the project is when the OS does not show the host's working directory. */
  projectRoot?: string;
};

export function resolveConfig(params: InitializeParams | undefined, cwd: string, home: string = homedir()): ExtensionConfig {
  const pluginRoot = params?.plugin_root || cwd;
  const config = params?.config ?? {};
  const configured = textSetting(config.policy_file);
  const policyFile = configured ?? DEFAULT_POLICY_FILE;
  const auditSetting = config.audit_log === false ? "off" : (textSetting(config.audit_log) ?? DEFAULT_AUDIT_LOG);
  const auditOff = ["off", "none", "false", "no", "0", ""].includes(auditSetting.trim().toLowerCase());
  return {
    pluginRoot,
    policyFile: resolvePath(policyFile, pluginRoot, home),
    // The old default name (a host setting may still hold it) is as optional as the new default.
    policyFileExplicit: configured !== undefined && configured !== DEFAULT_POLICY_FILE && configured !== LEGACY_POLICY_FILE,
    auditLog: auditOff ? undefined : resolvePath(auditSetting, pluginRoot, home),
    modelDryRun: switchSetting(config.model_dry_run),
    home,
    ...(textSetting(config.project_root) ? { projectRoot: textSetting(config.project_root)! } : {}),
  };
}

/** A boolean setting: values from the host's env and settings arrive as strings ("true", "false"). */
function switchSetting(value: unknown): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value !== 0;
  return typeof value === "string" && ["true", "yes", "on", "1"].includes(value.trim().toLowerCase());
}

function textSetting(value: unknown): string | undefined {
  if (typeof value === "string" && value.trim() !== "") return value.trim();
  return undefined;
}

function resolvePath(path: string, root: string, home: string): string {
  const expanded = expandHome(path, home);
  return isAbsolute(expanded) ? expanded : join(root, expanded);
}
