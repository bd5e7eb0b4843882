// `synaps-policy check <tool> <input>`: what the policy does with one call,
// which rule decided and where it is written, and the commands it saw.
import { writeSync } from "node:fs";
import { homedir } from "node:os";
import { loadBashParser } from "../match/shell/parser.ts";
import { loadPolicyFile } from "../extension/policy-store.ts";
import { decisionName, type Verdict } from "../policy/decision.ts";
import { evaluate } from "../policy/engine.ts";
import { testEvent } from "../policy/inline-tests.ts";
import type { CompiledPolicy } from "../policy/compile.ts";
import { parseArgs, UsageError } from "./args.ts";
import { findPolicyFile } from "./policy-file.ts";
import { describeVerdict } from "./report.ts";

export const CHECK_USAGE = `Usage: synaps-policy check <tool> <input> [--policy FILE] [--json] [--explain]

  <tool>    the tool's API name: bash, read, write, edit, …
  <input>   the tool input as a JSON object, or a plain string for the
            tool's main field (bash: the command; file tools: the path)

Exit code: 0 continue/allow, 2 block, 3 confirm, 4 modify, 1 usage or policy error.
`;

const EXIT_CODES: Record<string, number> = { continue: 0, allow: 0, block: 2, confirm: 3, modify: 4 };

export async function runCheck(argv: string[]): Promise<number> {
  const args = parseArgs(argv, ["--policy"], ["--json", "--explain"]);
  const [tool, rawInput, ...extra] = args.positional;
  if (tool === undefined || rawInput === undefined || extra.length > 0) throw new UsageError("check needs exactly a tool and an input");
  const file = findPolicyFile(args.values.get("--policy"));
  const parser = await loadBashParser();
  const loaded = await loadPolicyFile(file, homedir(), parser);
  if (!loaded.ok) {
    writeSync(2, `synaps-policy: the policy is invalid:\n${loaded.problems.map((problem) => `  ${problem}`).join("\n")}\n`);
    return 1;
  }
  const policy = loaded.policy;
  const event = testEvent(policy, { hook: "before_tool_call", tool, input: parseInput(rawInput), expect: "continue" });
  const verdict = evaluate(policy, event, parser);
  const name = decisionName(verdict.decision);
  const text = args.flags.has("--json") ? `${JSON.stringify(toJson(policy, verdict), null, 2)}\n` : describeVerdict(policy, verdict, args.flags.has("--explain"));
  writeSync(1, text);
  return EXIT_CODES[name] ?? 0;
}

/** The tool input from the command line: a JSON object, or a plain string for the main field. */
export function parseInput(raw: string): string | Record<string, unknown> {
  if (!raw.trimStart().startsWith("{")) return raw;
  try {
    const value = JSON.parse(raw);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value;
  } catch {
    // Not JSON: a shell group such as `{ rm -rf ~; }` is a command string.
  }
  return raw;
}

function toJson(policy: CompiledPolicy, verdict: Verdict) {
  const decision = verdict.decision;
  return {
    decision: decisionName(decision),
    action: decision.kind === "allow" ? "continue" : decision.kind,
    ...(decision.kind === "block" ? { reason: decision.reason } : {}),
    ...(decision.kind === "confirm" ? { message: decision.message } : {}),
    ...(decision.kind === "modify" ? { input: decision.input } : {}),
    decided_by: verdict.decidedBy.kind === "rule" ? { kind: "rule", ...verdict.decidedBy.rule } : verdict.decidedBy,
    matched: verdict.matched,
    policy: { source: policy.source, hash: policy.hash },
    ...(verdict.view ? { commands: verdict.view.commands, unresolved: verdict.view.unresolved } : {}),
  };
}
