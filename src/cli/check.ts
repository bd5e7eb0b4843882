// `synaps-policy check`: what the policy does with one call (which rule
// decided and where it is written, the commands it saw, what observe mode
// would have done, what the overrides did), with many calls from a file, or
// with another hook.
import { homedir } from "node:os";
import { type CompiledPolicy, evaluate, overrideEffects, type PolicyEvent, type Verdict } from "../policy/engine/index.ts";
import { checkEvent, toolNameProblem } from "../report/check-input.ts";
import { describeVerdict, exitCodeOf, verdictJson } from "../report/describe-verdict.ts";
import { judgeAlone } from "../session/run-session.ts";
import { parseArgs, UsageError } from "./args.ts";
import { checkFile } from "./check-file.ts";
import { projectOf } from "./project-option.ts";
import { checkHook } from "./check-hook.ts";
import { checkSession } from "./check-session.ts";
import { type CliIo, paint } from "./io.ts";
import { loadedPolicy } from "./load-policy.ts";

export function runCheck(argv: string[], io: CliIo): number {
  const args = parseArgs(argv, ["--policy", "--file", "--hook", "--output", "--session", "--project", "--fail-on"], ["--json", "--explain"]);
  const file = args.values.get("--file");
  const hook = args.values.get("--hook");
  const session = args.values.get("--session");
  if ([file, hook, session].filter((value) => value !== undefined).length > 1) throw new UsageError("give one of --file, --hook or --session");
  if (args.values.has("--fail-on") && file === undefined) throw new UsageError("--fail-on goes with --file (a single check already exits 2 on block, 3 on confirm)");
  if (session !== undefined) return checkSession(session, args, io);
  if (hook !== undefined) return checkHook(hook, args, io);
  if (file !== undefined) return checkFile(file, args, io);
  if (args.values.has("--output")) throw new UsageError("--output goes with --hook after_tool_call");
  const [tool, given, ...extra] = args.positional;
  if (tool === undefined || given === undefined || extra.length > 0) throw new UsageError("check needs exactly a tool and an input (- reads the input from stdin)");
  const project = projectOf(args.values.get("--project"));
  const loaded = loadedPolicy(args.values.get("--policy"), io, project);
  if (!loaded) return 1;
  const policy = loaded.policy;
  const problem = toolNameProblem(policy, tool);
  if (problem) throw new UsageError(problem);
  const rawInput = given === "-" ? io.stdin().replace(/\r?\n$/, "") : given;
  const event = checkEvent(policy, tool, rawInput, project);
  const verdict = verdictOf(policy, event, project);
  const explain = args.flags.has("--explain");
  const effects = explain || args.flags.has("--json") ? effectsOf(policy, event) : [];
  const text = args.flags.has("--json") ? `${JSON.stringify(verdictJson(policy, verdict, effects), null, 2)}\n` : coloured(io, describeVerdict(policy, verdict, explain, effects));
  io.out(text);
  return exitCodeOf(verdict);
}

/** The verdict; in a project, with the files the call runs read from disk there, as the extension would. */
function verdictOf(policy: CompiledPolicy, event: PolicyEvent, project: string | undefined): Verdict {
  if (project === undefined) return evaluate(policy, event);
  return judgeAlone(policy, [event], { home: policy.home || homedir(), root: project })[0]!;
}

function effectsOf(policy: CompiledPolicy, event: PolicyEvent) {
  return event.hook === "before_tool_call" ? overrideEffects(policy, event) : [];
}

/** The decision line in colour on a terminal: red block, yellow confirm, green continue. */
function coloured(io: CliIo, text: string): string {
  if (!io.color) return text;
  return text.replace(/^decision: (\S+)/, (_line, decision: string) => {
    const colour = decision === "block" ? "red" : decision === "confirm" ? "yellow" : decision === "modify" ? "cyan" : "green";
    return `decision: ${paint(io, colour, decision)}`;
  });
}
