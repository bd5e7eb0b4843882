// `synaps-policy init [FILE] [--force]`: write the commented starter policy
// (the same text as the embedded default) and its JSON Schema beside it.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { writeSync } from "node:fs";
import { DEFAULT_POLICY_FILE } from "../plugin/defaults.ts";
import { defaultPolicyText } from "../policy/load/load-file.ts";
import { expandHome } from "../match/path.ts";
import { parseArgs, UsageError } from "./args.ts";
import { pluginRootOfExecutable } from "./policy-file.ts";
import { policyJsonSchema } from "./schema.ts";

export function runInit(argv: string[]): number {
  const args = parseArgs(argv, [], ["--force"]);
  if (args.positional.length > 1) throw new UsageError("init takes at most one file");
  const target = args.positional[0] ? resolve(expandHome(args.positional[0], homedir())) : join(pluginRootOfExecutable(), DEFAULT_POLICY_FILE);
  if (existsSync(target) && !args.flags.has("--force")) {
    writeSync(2, `synaps-policy: ${target} already exists; not overwriting it (use --force to replace it)\n`);
    return 1;
  }
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, defaultPolicyText);
  const schemaFile = join(dirname(target), "policy.schema.json");
  writeFileSync(schemaFile, policyJsonSchema());
  writeSync(1, `wrote ${target}\nwrote ${schemaFile}\nnext: edit the policy, then run: synaps-policy validate ${target}\n`);
  return 0;
}
