// What the engine decides, and how that becomes the answer the host honours.
import type { HookResult } from "../extension/wire.ts";
import type { ShellView } from "../match/shell/types.ts";

export type Decision =
  | { kind: "continue" }
  | { kind: "allow" }
  | { kind: "block"; reason: string }
  | { kind: "confirm"; message: string }
  | { kind: "modify"; input: Record<string, unknown> }
  | { kind: "replace"; output: string; redactions: Record<string, number> }
  | { kind: "inject"; content: string };

/** Where a rule comes from, for messages, `check` and the audit log. */
export type RuleRef = {
  id: string;
  /** The policy file, or "builtin:<pack>" for a rule from a built-in pack. */
  source: string;
  line?: number;
};

export type Decider =
  | { kind: "rule"; rule: RuleRef }
  | { kind: "default" }
  | { kind: "error"; reason: string };

export type Verdict = {
  hook: string;
  decision: Decision;
  decidedBy: Decider;
  /** Every rule whose conditions held, in file order. */
  matched: RuleRef[];
  /** The normalized shell view, for shell tools. */
  view?: ShellView;
};

/** The one action the host honours for this decision (allow is continue on the wire). */
export function toHookResult(decision: Decision): HookResult {
  switch (decision.kind) {
    case "continue":
    case "allow":
      return { action: "continue" };
    case "block":
      return { action: "block", reason: decision.reason };
    case "confirm":
      return { action: "confirm", message: decision.message };
    case "modify":
      return { action: "modify", input: decision.input };
    case "replace":
      return { action: "replace", output: decision.output };
    case "inject":
      return { action: "inject", content: decision.content };
  }
}

/** The name a decision goes by in tests, exit codes and the audit log. */
export function decisionName(decision: Decision): string {
  if (decision.kind !== "replace") return decision.kind;
  return Object.keys(decision.redactions).length > 0 ? "redact" : "withhold";
}

export function describeRule(rule: RuleRef): string {
  return rule.line ? `${rule.id} (${rule.source}:${rule.line})` : `${rule.id} (${rule.source})`;
}
