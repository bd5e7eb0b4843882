// `synaps-policy check <tool> <input>`: what the policy does with one call,
// which rule decided and where it is written, and the commands it saw.
import { writeSync } from "node:fs";
import { homedir } from "node:os";
import { loadBashParser } from "../match/shell/parser.ts";
import type { ShellView, SimpleCommand } from "../match/shell/types.ts";
import { loadPolicyFile } from "../extension/policy-store.ts";
import { decisionName, describeRule, type Verdict } from "../policy/decision.ts";
import { describeCommand, evaluate } from "../policy/engine.ts";
import { testEvent } from "../policy/inline-tests.ts";
import { redactAll } from "../policy/detectors.ts";
import type { CompiledPolicy } from "../policy/compile.ts";
import { parseArgs, UsageError } from "./args.ts";
import { findPolicyFile } from "./policy-file.ts";

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
  const text = args.flags.has("--json") ? `${JSON.stringify(toJson(policy, verdict), null, 2)}\n` : describe(policy, verdict, args.flags.has("--explain"));
  writeSync(1, text);
  return EXIT_CODES[name] ?? 0;
}

function parseInput(raw: string): string | Record<string, unknown> {
  if (!raw.trimStart().startsWith("{")) return raw;
  try {
    const value = JSON.parse(raw);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value;
  } catch {
    // Not JSON: a shell group such as `{ rm -rf ~; }` is a command string.
  }
  return raw;
}

function describe(policy: CompiledPolicy, verdict: Verdict, explain: boolean): string {
  const lines: string[] = [];
  const name = decisionName(verdict.decision);
  lines.push(`decision: ${name}`);
  const decider = verdict.decidedBy;
  if (decider.kind === "rule") {
    const description = policy.rules.find((candidate) => candidate.ref === decider.rule)?.rule.description;
    lines.push(`rule:     ${describeRule(decider.rule)}${description ? ` — ${description}` : ""}`);
  } else if (decider.kind === "error") {
    lines.push(`because:  the call cannot be analysed (defaults.on_error = "${policy.defaults.on_error}")`);
  } else {
    lines.push(`because:  no rule decided (defaults.decision = "${policy.defaults.decision}")`);
  }
  const decision = verdict.decision;
  if (decision.kind === "block") lines.push(`reason:   ${decision.reason}`);
  if (decision.kind === "confirm") lines.push(`message:  ${decision.message}`);
  if (decision.kind === "modify") lines.push(`input:    ${redactAll(JSON.stringify(decision.input))}`);
  if (verdict.matched.length > 0) lines.push(`matched:  ${verdict.matched.map(describeRule).join(", ")}`);
  lines.push(`policy:   ${policy.source} (${policy.hash})`);
  if (verdict.view) lines.push(...describeView(verdict.view, explain));
  return `${lines.join("\n")}\n`;
}

function describeView(view: ShellView, explain: boolean): string[] {
  const lines = [view.commands.length === 0 ? "commands: none" : "commands:"];
  view.commands.forEach((command, index) => {
    lines.push(`  ${index + 1}. ${describeCommand(command)}`);
    if (explain) lines.push(...explainCommand(command));
  });
  for (const problem of view.unresolved) lines.push(`  unresolved: ${redactAll(problem)}`);
  return lines;
}

function explainCommand(command: SimpleCommand): string[] {
  const field = (label: string, value: string | undefined) => (value ? [`       ${label.padEnd(9)} ${value}`] : []);
  const list = (values: string[]) => (values.length > 0 ? values.map((value) => JSON.stringify(value)).join(" ") : undefined);
  return [
    ...field("program", command.program ? `${JSON.stringify(command.program)} (name ${JSON.stringify(command.name)})` : "(none: a bare redirect)"),
    ...field("reached", command.via.length > 0 ? command.via.join(" → ") : "top level"),
    ...field("flags", list(command.flags)),
    ...field("operands", list(command.operands.map(redactAll))),
    ...field("paths", list(command.paths)),
    ...field("writes", list(command.writes)),
    ...field("code", command.code !== undefined ? JSON.stringify(redactAll(command.code)) : undefined),
    ...field("remote", command.remoteCode ? "runs content fetched from the network" : undefined),
    ...field("dynamic", command.dynamicArgs ? "some arguments are only known at run time" : undefined),
  ];
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
