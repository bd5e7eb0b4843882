// `synaps-policy check --hook …`: a preview of the other hooks. What the
// model is told at session start (`--hook on_session_start`), and what
// after_tool_call would redact in an output and by which detector
// (`--hook after_tool_call [tool] --output FILE`) — secrets are shown only as
// their place and detector, never as text.
import type { CliIo } from "./io.ts";
import { redactForLog } from "../match/secrets/for-log.ts";
import { outputBudget, redactOutput, type Finding } from "../match/secrets/redact.ts";
import { chosenFamilies } from "../match/secrets/families.ts";
import { type CompiledPolicy, type CompiledRule, evaluate, describeRule, type Verdict } from "../policy/engine/index.ts";
import { describeObserved } from "../report/describe-verdict.ts";
import { familiesOf } from "../report/policy-report.ts";
import { oneOfOption, UsageError, type ParsedArgs } from "./args.ts";
import { loadedPolicy } from "./load-policy.ts";
import { readInputFile } from "./read-input-file.ts";
import { projectOf } from "./project-option.ts";
import { cpuClock } from "../policy/load/cpu-clock.ts";

const PREVIEWS = ["on_session_start", "after_tool_call"] as const;
/** Characters of the redacted output shown. */
const SHOWN_OUTPUT_CHARS = 4_000;

export function checkHook(hook: string, args: ParsedArgs, io: CliIo): number {
  oneOfOption(hook, "--hook", PREVIEWS);
  const output = args.values.get("--output");
  if (hook === "after_tool_call" && output === undefined) throw new UsageError("--hook after_tool_call needs --output FILE (the tool output to check)");
  if (hook === "on_session_start" && (output !== undefined || args.positional.length > 0)) throw new UsageError("--hook on_session_start takes no tool, input or output");
  const loaded = loadedPolicy(args.values.get("--policy"), io, projectOf(args.values.get("--project")));
  if (!loaded) return 1;
  if (hook === "on_session_start") return sessionStart(loaded.policy, args.flags.has("--json"), io);
  const read = readInputFile(output!);
  if (!read.ok) {
    io.err(`synaps-policy: ${read.problem}\n`);
    return 1;
  }
  return toolOutput(loaded.policy, args.positional[0] ?? "bash", read.text, args.flags.has("--json"), io);
}

function sessionStart(policy: CompiledPolicy, json: boolean, io: CliIo): number {
  const verdict = evaluate(policy, { hook: "on_session_start" });
  const content = verdict.decision.kind === "inject" ? verdict.decision.content : undefined;
  if (json) {
    io.out(`${JSON.stringify({ decision: verdict.decision.kind, rules: verdict.matched.map((rule) => rule.id), ...(content !== undefined ? { content } : {}) }, null, 2)}\n`);
    return 0;
  }
  const lines = [`decision: ${verdict.decision.kind}`, ...header(verdict)];
  if (content !== undefined) lines.push("appended to the system prompt:", ...content.split("\n").map((line) => `  ${line}`));
  else lines.push("nothing is added to the system prompt");
  io.out(`${lines.join("\n")}\n`);
  return 0;
}

function toolOutput(policy: CompiledPolicy, tool: string, output: string, json: boolean, io: CliIo): number {
  const verdict = evaluate(policy, { hook: "after_tool_call", tool: [tool], input: {}, output });
  const findings = findingsOf(policy, verdict, output);
  const lineOf = lineLocator(output);
  const shown = verdict.decision.kind === "redact" || verdict.decision.kind === "withhold" ? verdict.decision.output : redactForLog(output, { own: policy.ownPatterns });
  if (json) {
    const items = findings.map((finding) => ({ detector: finding.detector, ...lineOf(finding.start), length: finding.end - finding.start }));
    const families = redactRules(policy, tool).map((rule) => ({ rule: rule.ref.id, families: chosenFamilies(rule.written), patterns: rule.patterns.length }));
    io.out(`${JSON.stringify({ decision: verdict.decision.kind, rules: verdict.matched.map((rule) => rule.id), families, findings: items }, null, 2)}\n`);
    return 0;
  }
  const lines = [
    `decision: ${verdict.decision.kind}${verdict.decision.kind === "redact" ? ` (${findings.length} secret${findings.length === 1 ? "" : "s"} replaced)` : ""}`,
    ...header(verdict),
    ...familyLines(policy, tool),
  ];
  for (const finding of findings) {
    const at = lineOf(finding.start);
    lines.push(`  line ${at.line}, column ${at.column}: ${finding.detector} (${finding.end - finding.start} characters) → [REDACTED:${finding.detector}]`);
  }
  lines.push(
    "output as the model would see it:",
    ...indent(shown.length > SHOWN_OUTPUT_CHARS ? `${shown.slice(0, SHOWN_OUTPUT_CHARS)}\n… (${shown.length - SHOWN_OUTPUT_CHARS} more characters)` : shown),
  );
  io.out(`${lines.join("\n")}\n`);
  return 0;
}

/** Which families each redact rule for this tool switches on (the one fact a user cannot see in the output). */
function familyLines(policy: CompiledPolicy, tool: string): string[] {
  const rules = redactRules(policy, tool);
  if (rules.length === 0) return [`families: none (no redact rule applies to ${tool})`];
  return rules.map((rule) => `families: ${familiesOf(rule)} (rule ${rule.ref.id})`);
}

function redactRules(policy: CompiledPolicy, tool: string): CompiledRule[] {
  return policy.byHook.after_tool_call.filter((rule) => rule.decision === "redact" && rule.matchesTool([tool]));
}

function header(verdict: Verdict): string[] {
  const lines: string[] = [];
  if (verdict.decidedBy.kind === "rule") lines.push(`rule:     ${describeRule(verdict.decidedBy.rule)}`);
  if (verdict.matched.length > 0) lines.push(`matched:  ${verdict.matched.map(describeRule).join(", ")}`);
  if (verdict.observed) lines.push(`would:    ${describeObserved(verdict.observed)}`);
  return lines;
}

/** The redactions of the rules that matched, one finding each (the engine keeps only counts). */
function findingsOf(policy: CompiledPolicy, verdict: Verdict, output: string): Finding[] {
  if (verdict.decision.kind !== "redact") return [];
  const matched = new Set(verdict.matched.map((rule) => `${rule.source}\0${rule.id}`));
  const detectors = policy.byHook.after_tool_call
    .filter((rule) => rule.decision === "redact" && matched.has(`${rule.ref.source}\0${rule.ref.id}`))
    .flatMap((rule) => rule.detectors());
  const outcome = redactOutput(output, [...new Set(detectors)], outputBudget(cpuClock.now));
  return outcome.kind === "clean" ? [] : outcome.findings;
}

function lineLocator(text: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let index = text.indexOf("\n"); index >= 0; index = text.indexOf("\n", index + 1)) starts.push(index + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - starts[low]! + 1 };
  };
}

function indent(text: string): string[] {
  return text.split("\n").map((line) => `  ${line}`);
}
