// Which policy the command line works on: --policy FILE (which must exist),
// else the one the extension would load (the host's env override, then
// policy.toml in the plugin folder this executable sits in), else the
// embedded default.
import { homedir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { expandHome } from "../match/path.ts";
import type { PolicyLocation } from "../policy/load/load-file.ts";

import { DEFAULT_POLICY_FILE } from "../plugin/defaults.ts";

/** The plugin folder: the executable lives in <root>/bin/. */
export function pluginRootOfExecutable(): string {
  const directory = dirname(process.execPath);
  return basename(directory) === "bin" ? dirname(directory) : directory;
}

/** Where the policy comes from: named on the command line or by the host's override, else the default name. */
export function locatePolicy(explicit: string | undefined): PolicyLocation {
  if (explicit !== undefined) return { file: resolve(expandHome(explicit, homedir())), explicit: true };
  const override = process.env.SYNAPS_EXTENSION_SYNAPS_POLICY_POLICY_FILE;
  const root = pluginRootOfExecutable();
  if (override) return { file: resolve(root, expandHome(override, homedir())), explicit: true };
  return { file: join(root, DEFAULT_POLICY_FILE), explicit: false };
}
