// Which policy the command line works on: --policy FILE (which must exist),
// else the one the extension would load (the policy_file setting, read as
// the host resolves it: plugin-settings.ts), else the embedded default.
import { homedir } from "node:os";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import { expandHome } from "../match/path.ts";
import { DEFAULT_POLICY_FILE, LEGACY_POLICY_FILE } from "../plugin/defaults.ts";
import type { PolicyLocation } from "../policy/load/load-file.ts";
import { pluginSetting } from "./plugin-settings.ts";

/** The plugin folder: the executable lives in <root>/bin/. */
export function pluginRootOfExecutable(): string {
  const directory = dirname(process.execPath);
  return basename(directory) === "bin" ? dirname(directory) : directory;
}

/** Where the policy comes from: named on the command line or by a setting, else the default place. */
export function locatePolicy(explicit: string | undefined): PolicyLocation {
  if (explicit !== undefined) return { file: resolve(expandHome(explicit, homedir())), explicit: true };
  return policyFileOf(pluginRootOfExecutable());
}

/** The policy the extension in this plugin folder reads; explicit unless it is the default (old or new). */
export function policyFileOf(root: string): { file: string; explicit: boolean } {
  const setting = pluginSetting("policy_file", root);
  const named = setting.value !== DEFAULT_POLICY_FILE && setting.value !== LEGACY_POLICY_FILE;
  return { file: settingPath(setting.value, root), explicit: named };
}

/** A path setting as the extension resolves it: `~` is home, a relative path is inside the plugin folder. */
export function settingPath(value: string, root: string): string {
  const expanded = expandHome(value, homedir());
  return isAbsolute(expanded) ? expanded : join(root, expanded);
}
