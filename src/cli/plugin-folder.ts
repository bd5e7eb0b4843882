// What a synaps-policy plugin folder holds, and which of its files are the
// user's. Release archives, `install` and scripts/setup.sh follow this one
// list, so no upgrade path ever carries (and so overwrites) a file the user
// edits: extraction by the marketplace and unpacking by hand both overwrite.
import manifest from "../plugin/manifest.json" with { type: "json" };

const EXECUTABLE_BASENAME = "synaps-policy";

/**
 * Files and folders that belong to the user: never shipped, never written by
 * an upgrade. `config` is where SynapsCLI's settings editor stores this
 * plugin's settings (`key = value` lines).
 */
export const USER_FILES = ["policy.toml", "logs", "config"] as const;

/** The starter policy as shipped, rewritten on every upgrade; the user's own policy is policy.toml. */
export const STARTER_POLICY_FILE = "policy.example.toml";
export const SCHEMA_FILE = "policy.schema.json";
export const SETUP_SCRIPT = manifest.extension.setup;

/** The one command a marketplace manifest names for every platform. */
export const MARKETPLACE_COMMAND = `bin/${EXECUTABLE_BASENAME}`;

export type Platform = "linux" | "darwin" | "windows";

/** Node's process.platform (or one of ours) as a release platform. */
export function platformOf(name: string): Platform {
  if (name === "win32" || name === "windows") return "windows";
  return name === "darwin" ? "darwin" : "linux";
}

/** The executable the platform's own manifest names. */
export function executablePath(platform: Platform): string {
  return platform === "windows" ? `${MARKETPLACE_COMMAND}.exe` : MARKETPLACE_COMMAND;
}

/**
 * On Windows, MARKETPLACE_COMMAND is this stub beside the real .exe. The
 * marketplace installer only checks that the command exists (Windows has no
 * executable bit), and at spawn Rust's process API appends `.exe` to a command
 * without an extension when that file exists, so SynapsCLI starts the .exe.
 * The stub itself only serves people who type `bin/synaps-policy` in Git Bash.
 */
export const WINDOWS_COMMAND_STUB = `#!/bin/sh
# synaps-policy on Windows is synaps-policy.exe beside this file. SynapsCLI
# starts the .exe (Windows adds .exe to a command without an extension when
# that file exists); this stub lets \`bin/synaps-policy\` work in Git Bash too.
exec "$0.exe" "$@"
`;

/** Every executable file a plugin folder for the platform holds, the real binary first. */
export function executableFiles(platform: Platform): string[] {
  return platform === "windows" ? [executablePath(platform), MARKETPLACE_COMMAND] : [MARKETPLACE_COMMAND];
}
