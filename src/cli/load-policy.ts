// The policy a subcommand works on, loaded and checked, or the problems
// written to stderr (the caller exits 1).
import type { CliIo } from "./io.ts";
import { homedir } from "node:os";
import { loadPolicyFile, type FileLoad } from "../policy/load/load-file.ts";
import { moveLegacyFiles } from "./legacy-files.ts";
import { locatePolicy } from "./policy-file.ts";

export function loadedPolicy(explicit: string | undefined, io: CliIo): Extract<FileLoad, { ok: true }> | undefined {
  if (explicit === undefined) moveLegacyFiles();
  const loaded = loadPolicyFile(locatePolicy(explicit), homedir());
  if (loaded.ok) return loaded;
  io.err(`synaps-policy: the policy is invalid:\n${loaded.problems.map((problem) => `  ${problem}`).join("\n")}\n`);
  return undefined;
}
