// What the engine decides. Decisions are a discriminated union; their
// strength is an ordering written once as a tuple, so "the strongest wins" is
// a comparison of positions and a misspelt decision does not compile.
import type { ShellView } from "../../shell/view/view.ts";
import type { HookKind } from "./event.ts";

export type Decision =
  | { kind: "continue" }
  | { kind: "allow" }
  | { kind: "block"; reason: string }
  | { kind: "confirm"; message: string }
  | { kind: "modify"; input: Record<string, unknown> }
  | { kind: "redact"; output: string; counts: Record<string, number> }
  | { kind: "withhold"; output: string }
  | { kind: "inject"; content: string };

export type DecisionKind = Decision["kind"];

/** before_tool_call decisions, weakest first: of all matching rules the strongest wins. */
export const TOOL_CALL_STRENGTH = ["continue", "allow", "modify", "confirm", "block"] as const;
/** after_tool_call decisions, weakest first. */
export const OUTPUT_STRENGTH = ["continue", "redact", "withhold"] as const;

export type ToolCallDecision = (typeof TOOL_CALL_STRENGTH)[number];
export type OutputDecision = (typeof OUTPUT_STRENGTH)[number];

export function strongerToolCallDecision(a: ToolCallDecision, b: ToolCallDecision): boolean {
  return TOOL_CALL_STRENGTH.indexOf(a) > TOOL_CALL_STRENGTH.indexOf(b);
}

export function strongerOutputDecision(a: OutputDecision, b: OutputDecision): boolean {
  return OUTPUT_STRENGTH.indexOf(a) > OUTPUT_STRENGTH.indexOf(b);
}

/** Where a rule comes from, for messages, `check` and the audit log. */
export type RuleRef = {
  id: string;
  /** The policy file, or "builtin:<pack>" for a rule from a built-in pack. */
  source: string;
  line?: number;
};

export type Decider = { kind: "rule"; rule: RuleRef } | { kind: "default" } | { kind: "error"; reason: string };

export type Verdict = {
  hook: HookKind | "malformed";
  decision: Decision;
  decidedBy: Decider;
  /** Every rule whose conditions held, in precedence order. */
  matched: RuleRef[];
  /** The shell view, for shell tools. */
  view?: ShellView;
  /** shell_send: the partial line left in the shell after this input (kept for the next send). */
  pendingLine?: string;
  /** shell_send: the lines this input entered, as bash runs them (history expanded), kept for the next send. */
  enteredLines?: readonly string[];
  /** Observe mode: what the policy would have decided had every rule been enforced, when that differs from `decision`. */
  observed?: Observed;
  /** Code the call runs that nobody could see or read (defaults.unseen_code applied): the files, as the analysis names them, and what in the user's own home files only run time shows. */
  unseen?: string[];
  /** Files from the session's memory or the disk the verdict drew on, with where each came from. */
  files?: string[];
};

/** A decision an observed rule (or a policy in observe mode) would have taken; audited as would_decision / would_rule. */
export type Observed = { decision: DecisionKind; rule?: RuleRef; reason?: string };

export function describeRule(rule: RuleRef): string {
  return rule.line ? `${rule.id} (${rule.source}:${rule.line})` : `${rule.id} (${rule.source})`;
}
