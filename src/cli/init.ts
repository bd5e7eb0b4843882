// `synaps-policy init [FILE] [--force]`: write the commented starter policy
// (the same text as the embedded default) and its JSON Schema beside it —
// by default where the active policy lives (the policy_file setting, else
// the user folder), and it says where. An existing file is replaced only with
// --force, and never without keeping it beside the new one as
// <name>.bak-<UTC timestamp>: a timestamp says when, never collides with an
// earlier backup, and sorts in time order (a number says none of that). The
// new text is written beside the target and renamed over it, so a running
// extension never reloads a half-written file.
import { constants, copyFileSync, existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { expandHome } from "../match/path.ts";
import { defaultPolicyText } from "../policy/load/load-file.ts";
import { parseArgs, UsageError } from "./args.ts";
import type { CliIo } from "./io.ts";
import { locatePolicy } from "./policy-file.ts";
import { policyJsonSchema } from "./schema.ts";

export function runInit(argv: string[], io: CliIo, now: Date = new Date()): number {
  const args = parseArgs(argv, [], ["--force"]);
  if (args.positional.length > 1) throw new UsageError("init takes at most one file");
  const named = args.positional[0];
  const target = named ? resolve(expandHome(named, homedir())) : locatePolicy(undefined).file;
  if (target === undefined) throw new UsageError("init needs a file to write");
  const where = named ? "" : " (where the extension reads the policy from)";
  if (existsSync(target) && !args.flags.has("--force")) {
    io.err(`synaps-policy: ${target}${where} already exists; not overwriting it (--force replaces it and keeps the old one beside it as ${basename(target)}.bak-<time>)\n`);
    return 1;
  }
  mkdirSync(dirname(target), { recursive: true });
  const backup = existsSync(target) ? keepBeside(target, now) : undefined;
  writeAtomically(target, defaultPolicyText);
  const schemaFile = join(dirname(target), "policy.schema.json");
  writeAtomically(schemaFile, policyJsonSchema());
  const lines = [
    ...(backup ? [`kept your previous policy as ${backup}`] : []),
    `wrote ${target}${where}`,
    `wrote ${schemaFile}`,
    `next: edit the policy, then run: synaps-policy validate ${target}`,
  ];
  io.out(`${lines.join("\n")}\n`);
  return 0;
}

/** Copy the file to <file>.bak-<UTC timestamp> (with -2, -3… in the rare same-second case); never overwrites. */
function keepBeside(file: string, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  for (let attempt = 1; ; attempt++) {
    const backup = `${file}.bak-${stamp}${attempt > 1 ? `-${attempt}` : ""}`;
    try {
      copyFileSync(file, backup, constants.COPYFILE_EXCL);
      return backup;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}

function writeAtomically(file: string, text: string) {
  const temporary = `${file}.new-${process.pid}`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}
