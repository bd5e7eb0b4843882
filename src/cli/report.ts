// The human-readable account of a verdict: the decision, the rule that made
// it and where it is written, the rules that matched, the commands seen.
// Shared by `synaps-policy check` and the /policy slash command.
import type { ShellView, SimpleCommand } from "../match/shell/types.ts";
import type { CompiledPolicy } from "../policy/compile.ts";
import { decisionName, describeRule, type Verdict } from "../policy/decision.ts";
import { preview, redactForLog } from "../match/secrets/for-log.ts";
import { describeCommand } from "../policy/engine.ts";

export function describeVerdict(policy: CompiledPolicy, verdict: Verdict, explain: boolean): string {
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
  if (decision.kind === "modify") lines.push(`input:    ${preview(decision.input, 4_000)}`);
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
  for (const problem of view.unresolved) lines.push(`  unresolved: ${redactForLog(problem)}`);
  return lines;
}

function explainCommand(command: SimpleCommand): string[] {
  const field = (label: string, value: string | undefined) => (value ? [`       ${label.padEnd(9)} ${value}`] : []);
  const list = (values: string[]) => (values.length > 0 ? values.map((value) => JSON.stringify(value)).join(" ") : undefined);
  return [
    ...field("program", command.program ? `${JSON.stringify(command.program)} (name ${JSON.stringify(command.name)})` : "(none: a bare redirect)"),
    ...field("reached", command.via.length > 0 ? command.via.join(" → ") : "top level"),
    ...field("flags", list(command.flags)),
    ...field("operands", list(command.operands.map((operand) => redactForLog(operand)))),
    ...field("paths", list(command.paths)),
    ...field("writes", list(command.writes)),
    ...field("code", command.code !== undefined ? JSON.stringify(redactForLog(command.code)) : undefined),
    ...field("remote", command.remoteCode ? "runs content fetched from the network" : undefined),
    ...field("dynamic", command.dynamicArgs ? "some arguments are only known at run time" : undefined),
  ];
}
