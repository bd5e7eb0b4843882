// Which policy the command line works on: --policy FILE, else the one the
// extension would load (the host's env override, then policy.toml in the
// plugin folder this executable sits in), else the embedded default.
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { DEFAULT_POLICY_FILE } from "../extension/config.ts";
import { expandHome } from "../match/path.ts";

/** The plugin folder: the executable lives in <root>/bin/. */
export function pluginRootOfExecutable(): string {
  const directory = dirname(process.execPath);
  return basename(directory) === "bin" ? dirname(directory) : directory;
}

/** The policy file to use, or undefined for the embedded default. */
export function findPolicyFile(explicit: string | undefined): string | undefined {
  if (explicit !== undefined) return resolve(expandHome(explicit, homedir()));
  const override = process.env.SYNAPS_EXTENSION_SYNAPS_POLICY_POLICY_FILE;
  const root = pluginRootOfExecutable();
  if (override) return resolve(root, expandHome(override, homedir()));
  const candidate = join(root, DEFAULT_POLICY_FILE);
  return existsSync(candidate) ? candidate : undefined;
}
