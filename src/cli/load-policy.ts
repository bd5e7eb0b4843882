// The policy a subcommand works on, loaded and checked, or the problems
// written to stderr (the caller exits 1).
import type { CliIo } from "./io.ts";
import { homedir } from "node:os";
import { loadPolicyFile, type FileLoad } from "../policy/load/load-file.ts";
import { moveLegacyFiles } from "./legacy-files.ts";
import { locatePolicy } from "./policy-file.ts";

/** `project`: the project root the calls run in; its own policy (`.synaps/policy.toml`) joins as the lowest layer, as in the extension. */
export function loadedPolicy(explicit: string | undefined, io: CliIo, project?: string): Extract<FileLoad, { ok: true }> | undefined {
  if (explicit === undefined) moveLegacyFiles();
  const loaded = loadPolicyFile(locatePolicy(explicit), homedir(), undefined, undefined, project);
  if (loaded.ok) return loaded;
  io.err(`synaps-policy: the policy is invalid:\n${loaded.problems.map((problem) => `  ${problem}`).join("\n")}\n`);
  return undefined;
}
