// The account of a verdict a person reads: the decision, the rule that made
// it and where it is written, the rules that matched, and — with explain —
// every command the input runs, how it was reached, what it touches, where it
// connects, and the flows between commands. Shared by `synaps-policy check`,
// the /policy slash command and the model's policy tool; `verdictJson` is the
// same account for machines (`check --json`).
import type { ShellView, SimpleCommand } from "../shell/view/view.ts";
import { describeCommand, type CompiledPolicy, describeRule, type Observed, type OverrideEffect, type Verdict } from "../policy/engine/index.ts";
import { redactForLog } from "../match/secrets/for-log.ts";
import { originLines } from "./policy-report.ts";
import { REDACTED_JSON_MAX_DEPTH } from "../limits.ts";

/** `overrides`: what the policy's [[override]]s did to this call (explain shows them). */
export function describeVerdict(policy: CompiledPolicy, verdict: Verdict, explain: boolean, overrides: readonly OverrideEffect[] = []): string {
  const lines: string[] = [`decision: ${verdict.decision.kind}`];
  const decider = verdict.decidedBy;
  if (decider.kind === "rule") {
    const description = policy.rules.find((candidate) => candidate.ref === decider.rule)?.written.description;
    lines.push(`rule:     ${describeRule(decider.rule)}${description ? ` — ${description}` : ""}`);
  } else if (decider.kind === "error") {
    lines.push(`because:  the call cannot be fully analysed (defaults.on_error = "${policy.defaults.on_error}")`);
  } else {
    lines.push(`because:  no rule decided (defaults.decision = "${policy.defaults.decision}")`);
  }
  const decision = verdict.decision;
  if (verdict.observed) lines.push(`would:    ${describeObserved(verdict.observed)}`);
  if (decision.kind === "block") lines.push(`reason:   ${decision.reason}`);
  if (decision.kind === "confirm") lines.push(`message:  ${decision.message}`);
  const own = { own: policy.ownPatterns };
  if (decision.kind === "modify") lines.push(`input:    ${redactForLog(JSON.stringify(decision.input), own)}`);
  if (verdict.matched.length > 0) lines.push(`matched:  ${verdict.matched.map(describeRule).join(", ")}`);
  if (explain) for (const effect of overrides) lines.push(`override: ${effect.by.join(", ")} on rule ${effect.rule}: ${effect.effect}`);
  for (const file of verdict.files ?? []) lines.push(`from:     ${redactForLog(file)}`);
  if (verdict.unseen)
    lines.push(
      `unseen:   ${verdict.unseen.map((path) => redactForLog(path)).join(", ")} — code nobody could see or read (defaults.unseen_code = "${policy.defaults.unseen_code}")`,
    );
  lines.push(`policy:   ${policy.source} (${policy.hash})`);
  if (explain) lines.push(...originLines(policy).map((line) => `  ${line}`));
  if (verdict.view) lines.push(...describeView(verdict.view, explain, decidingKinds(policy, verdict), own));
  return `${lines.join("\n")}\n`;
}

/** Observe mode: `block (rule trial-wget, /p/policy.toml:12) — observe mode: the call goes on`. */
export function describeObserved(observed: Observed): string {
  const rule = observed.rule ? ` (rule ${describeRule(observed.rule)})` : "";
  return `${observed.decision}${rule} — observe mode: the call goes on${observed.reason ? `; it would say: ${redactForLog(observed.reason)}` : ""}`;
}

/** The statement kinds the deciding rule's `sql` conditions name, so explain can point at the statement that matched. */
function decidingKinds(policy: CompiledPolicy, verdict: Verdict): { rule: string; kinds: ReadonlySet<string> } | undefined {
  const decider = verdict.decidedBy;
  if (decider.kind !== "rule") return undefined;
  const rule = policy.rules.find((candidate) => candidate.ref === decider.rule);
  const kinds = new Set(rule?.when.flatMap((condition) => [...(condition.sql ?? [])]) ?? []);
  return kinds.size > 0 ? { rule: decider.rule.id, kinds } : undefined;
}

/** The policy's own patterns, for redacting what the engine's text (redacted by the built-in detectors) does not know. */
type Own = { own: CompiledPolicy["ownPatterns"] };

function describeView(view: ShellView, explain: boolean, deciding: ReturnType<typeof decidingKinds>, own: Own): string[] {
  const lines = [view.commands.length === 0 ? "commands: none" : "commands:"];
  view.commands.forEach((command, index) => {
    lines.push(`  ${index + 1}. ${redactForLog(describeCommand(command), own)}`);
    if (explain) lines.push(...explainCommand(command, deciding, own));
  });
  if (explain) for (const flow of view.flows) lines.push(`  flow: ${flow.from + 1} → ${flow.to + 1} (${flow.channel}${flow.path ? ` ${flow.path}` : ""})`);
  for (const problem of view.unresolved) lines.push(`  unresolved: ${redactForLog(problem, own)}`);
  return lines;
}

function explainCommand(command: SimpleCommand, deciding: ReturnType<typeof decidingKinds>, own: Own): string[] {
  const field = (label: string, value: string | undefined) => (value ? [`       ${label.padEnd(10)} ${value}`] : []);
  const list = (values: readonly string[]) => (values.length > 0 ? values.map((value) => JSON.stringify(redactForLog(value, own))).join(" ") : undefined);
  return [
    ...field("program", command.program ? `${JSON.stringify(command.program)} (name ${JSON.stringify(command.name)})` : "(none: a bare redirect)"),
    ...field("reached", command.via.length > 0 ? command.via.join(" → ") : "top level"),
    ...field("subcommand", command.subcommand.length > 0 ? command.subcommand.join(" ") : undefined),
    ...field("flags", list(command.flags)),
    ...field("operands", list(command.operands)),
    ...field("paths", list(command.paths)),
    ...field("reads", list(command.reads)),
    ...field("writes", list(command.writes)),
    ...field("patterns", list(command.patterns)),
    ...field(
      "network",
      command.network.length > 0
        ? command.network
            .map((destination) => `${destination.scheme ? `${destination.scheme}://` : ""}${destination.host}${destination.port ? `:${destination.port}` : ""}`)
            .join(" ")
        : undefined,
    ),
    ...command.code.flatMap((code) => [
      ...field("code", `${code.language}: ${JSON.stringify(redactForLog(code.text, own))}`),
      ...(code.statements ?? []).flatMap((statement) =>
        field("statement", `${statement.kind}: ${redactForLog(statement.text, own)}${deciding?.kinds.has(statement.kind) ? `  ← matched rule ${deciding.rule}` : ""}`),
      ),
    ]),
    ...field("tags", list(command.tags)),
    ...field("remote", command.remoteCode ? "runs content fetched from the network" : undefined),
    ...field("dynamic", command.dynamicArgs ? "some arguments are only known at run time" : undefined),
    ...field("variables", list(command.variables)),
    ...field("output", command.program && !command.outputShown ? "piped, captured or redirected (not shown to the agent)" : undefined),
  ];
}

/** Exit codes of `check`: 0 the call goes through, 2 block, 3 confirm, 4 modify. */
export function exitCodeOf(verdict: Verdict): number {
  switch (verdict.decision.kind) {
    case "block":
      return 2;
    case "confirm":
      return 3;
    case "modify":
      return 4;
    default:
      return 0;
  }
}

export function verdictJson(policy: CompiledPolicy, verdict: Verdict, overrides?: readonly OverrideEffect[]) {
  const decision = verdict.decision;
  const own = { own: policy.ownPatterns };
  return {
    decision: decision.kind,
    action: decision.kind === "allow" ? "continue" : decision.kind,
    ...(decision.kind === "block" ? { reason: decision.reason } : {}),
    ...(decision.kind === "confirm" ? { message: decision.message } : {}),
    ...(decision.kind === "modify" ? { input: redactStrings(decision.input, 0, own) } : {}),
    decided_by: verdict.decidedBy.kind === "rule" ? { kind: "rule", ...verdict.decidedBy.rule } : verdict.decidedBy,
    ...(verdict.observed ? { would: { decision: verdict.observed.decision, ...(verdict.observed.rule ? { rule: verdict.observed.rule } : {}) } } : {}),
    matched: verdict.matched,
    ...(overrides && overrides.length > 0 ? { overrides } : {}),
    ...(verdict.files ? { files: verdict.files.map((file) => redactForLog(file)) } : {}),
    ...(verdict.unseen ? { unseen_code: verdict.unseen.map((path) => redactForLog(path)) } : {}),
    policy: { source: policy.source, hash: policy.hash },
    ...(verdict.view
      ? {
          commands: verdict.view.commands.map((command) => redactCommand(command, own)),
          flows: verdict.view.flows,
          unresolved: verdict.view.unresolved.map((text) => redactForLog(text, own)),
        }
      : {}),
  };
}

function redactCommand(command: SimpleCommand, own: Own): SimpleCommand {
  const clean = (text: string) => redactForLog(text, own);
  return {
    ...command,
    args: command.args.map(clean),
    operands: command.operands.map(clean),
    paths: command.paths.map(clean),
    reads: command.reads.map(clean),
    writes: command.writes.map(clean),
    code: command.code.map((code) => ({ language: code.language, text: clean(code.text) })),
  };
}

/** Every string inside a JSON value, redacted (depth-bounded: tool inputs are shallow). */
function redactStrings(value: unknown, depth: number, own: Own): unknown {
  if (typeof value === "string") return redactForLog(value, own);
  if (depth > REDACTED_JSON_MAX_DEPTH || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => redactStrings(item, depth + 1, own));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactStrings(item, depth + 1, own)]));
}
