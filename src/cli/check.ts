// `synaps-policy check`: what the policy does with one call (which rule
// decided and where it is written, the commands it saw, what observe mode
// would have done), with many calls from a file, or with another hook.
import { writeSync } from "node:fs";
import { evaluate } from "../policy/engine/index.ts";
import { checkEvent } from "../report/check-input.ts";
import { describeVerdict, exitCodeOf, verdictJson } from "../report/describe-verdict.ts";
import { parseArgs, UsageError } from "./args.ts";
import { checkFile } from "./check-file.ts";
import { checkHook } from "./check-hook.ts";
import { checkSession } from "./check-session.ts";
import { loadedPolicy } from "./load-policy.ts";

export function runCheck(argv: string[]): number {
  const args = parseArgs(argv, ["--policy", "--file", "--hook", "--output", "--session", "--project-root"], ["--json", "--explain"]);
  const file = args.values.get("--file");
  const hook = args.values.get("--hook");
  const session = args.values.get("--session");
  if ([file, hook, session].filter((value) => value !== undefined).length > 1) throw new UsageError("give one of --file, --hook or --session");
  if (args.values.has("--project-root") && session === undefined) throw new UsageError("--project-root goes with --session");
  if (session !== undefined) return checkSession(session, args);
  if (hook !== undefined) return checkHook(hook, args);
  if (file !== undefined) return checkFile(file, args);
  if (args.values.has("--output")) throw new UsageError("--output goes with --hook after_tool_call");
  const [tool, rawInput, ...extra] = args.positional;
  if (tool === undefined || rawInput === undefined || extra.length > 0) throw new UsageError("check needs exactly a tool and an input");
  const loaded = loadedPolicy(args.values.get("--policy"));
  if (!loaded) return 1;
  const policy = loaded.policy;
  const verdict = evaluate(policy, checkEvent(policy, tool, rawInput));
  const text = args.flags.has("--json") ? `${JSON.stringify(verdictJson(policy, verdict), null, 2)}\n` : describeVerdict(policy, verdict, args.flags.has("--explain"));
  writeSync(1, text);
  return exitCodeOf(verdict);
}
