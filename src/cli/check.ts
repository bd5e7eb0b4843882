// `synaps-policy check <tool> <input>`: what the policy does with one call,
// which rule decided and where it is written, and the commands it saw.
import { writeSync } from "node:fs";
import { homedir } from "node:os";
import { evaluate } from "../policy/engine.ts";
import { loadPolicyFile } from "../policy/load-file.ts";
import { checkEvent } from "../report/check-input.ts";
import { describeVerdict, exitCodeOf, verdictJson } from "../report/describe-verdict.ts";
import { parseArgs, UsageError } from "./args.ts";
import { locatePolicy } from "./policy-file.ts";

export const CHECK_USAGE = `Usage: synaps-policy check <tool> <input> [--policy FILE] [--json] [--explain]

  <tool>    the tool's API name: bash, read, write, edit, …
  <input>   the tool input as a JSON object, or a plain string for the
            tool's main field (bash: the command; file tools: the path)

Exit code: 0 continue/allow, 2 block, 3 confirm, 4 modify, 1 usage or policy error.
`;

export function runCheck(argv: string[]): number {
  const args = parseArgs(argv, ["--policy"], ["--json", "--explain"]);
  const [tool, rawInput, ...extra] = args.positional;
  if (tool === undefined || rawInput === undefined || extra.length > 0) throw new UsageError("check needs exactly a tool and an input");
  const loaded = loadPolicyFile(locatePolicy(args.values.get("--policy")), homedir());
  if (!loaded.ok) {
    writeSync(2, `synaps-policy: the policy is invalid:\n${loaded.problems.map((problem) => `  ${problem}`).join("\n")}\n`);
    return 1;
  }
  const policy = loaded.policy;
  const verdict = evaluate(policy, checkEvent(policy, tool, rawInput));
  const text = args.flags.has("--json") ? `${JSON.stringify(verdictJson(policy, verdict), null, 2)}\n` : describeVerdict(policy, verdict, args.flags.has("--explain"));
  writeSync(1, text);
  return exitCodeOf(verdict);
}
