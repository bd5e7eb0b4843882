// hook.handle: the host's event becomes the engine's, the engine judges it,
// the verdict is audited, and the answer is the one action the host honours
// for that hook. The engine never throws and answers every event, malformed
// ones included, so nothing here needs to turn failures into decisions.
import { evaluate, onErrorVerdict } from "../policy/engine.ts";
import { redactForLog } from "../match/secrets/for-log.ts";
import { countByDetector, outputBudget, redactOutput, withheldNotice } from "../match/secrets/redact.ts";
import { allDetectors } from "../match/secrets/registry.ts";
import type { PolicyEvent } from "../policy/event.ts";
import type { Verdict } from "../policy/verdict.ts";
import { preview, type AuditLog } from "./audit.ts";
import type { PolicyState, PolicyStore } from "./policy-store.ts";
import { ShellSessions } from "./shell-sessions.ts";
import { type HookResult, type MappedEvent, toHookResult, toPolicyEvent } from "./wire.ts";

export class HookHandler {
  readonly #store: PolicyStore;
  readonly #audit: AuditLog | undefined;
  readonly #shells = new ShellSessions();

  constructor(store: PolicyStore, audit: AuditLog | undefined) {
    this.#store = store;
    this.#audit = audit;
  }

  handle(params: unknown): HookResult {
    const mapped = toPolicyEvent(params);
    const state = this.#store.state;
    const event = this.#shells.withPendingLine(mapped.event);
    const started = performance.now();
    const verdict = judge(state, event);
    const micros = Math.round((performance.now() - started) * 1000);
    this.#shells.remember(event, verdict);
    this.#record(mapped, verdict, micros, state);
    return toHookResult(verdict.decision);
  }

  #record(mapped: MappedEvent, verdict: Verdict, micros: number, state: PolicyState) {
    if (!this.#audit) return;
    const decision = verdict.decision;
    this.#audit.write({
      time: new Date().toISOString(),
      session_id: mapped.sessionId === null ? null : redactForLog(mapped.sessionId),
      hook: verdict.hook,
      tool: mapped.toolName,
      decision: decision.kind,
      rule: verdict.decidedBy.kind === "rule" ? verdict.decidedBy.rule.id : null,
      rule_source: verdict.decidedBy.kind === "rule" ? verdict.decidedBy.rule.source : verdict.decidedBy.kind,
      reason: auditReason(verdict),
      matched: verdict.matched.map((rule) => rule.id),
      redactions: decision.kind === "redact" ? decision.counts : undefined,
      policy_hash: state.kind === "active" ? state.policy.hash : null,
      policy_error: state.kind === "failed" ? redactForLog(state.problems[0] ?? "") : undefined,
      eval_us: micros,
      input: preview(mapped.event.hook === "before_message" ? mapped.event.message : mapped.input),
    });
  }
}

function judge(state: PolicyState, event: PolicyEvent): Verdict {
  if (state.kind === "failed") return failedPolicyVerdict(state, event);
  return evaluate(state.policy, event);
}

/** What the person or the model was told, or why the call could not be judged; redacted. */
function auditReason(verdict: Verdict): string | null {
  const decision = verdict.decision;
  if (decision.kind === "block") return redactForLog(decision.reason);
  if (decision.kind === "confirm") return redactForLog(decision.message);
  if (verdict.decidedBy.kind === "error") return redactForLog(verdict.decidedBy.reason);
  return null;
}

/** A broken policy at start: tool calls get on_error with a reason that says what to fix; output is still redacted. */
function failedPolicyVerdict(state: Extract<PolicyState, { kind: "failed" }>, event: PolicyEvent): Verdict {
  if (event.hook === "after_tool_call") {
    // We cannot know which redactions the broken file asked for; apply them all.
    const outcome = redactOutput(event.output, allDetectors(), outputBudget(() => performance.now()));
    const decidedBy = { kind: "error" as const, reason: "policy file invalid" };
    if (outcome.kind === "budget-spent") return { hook: event.hook, matched: [], decision: { kind: "withhold", output: withheldNotice(outcome) }, decidedBy };
    if (outcome.kind === "redacted") return { hook: event.hook, matched: [], decision: { kind: "redact", output: outcome.text, counts: countByDetector(outcome.findings) }, decidedBy };
  }
  const hook = event.hook === "malformed" ? (event.intended ?? "before_tool_call") : event.hook;
  const more = state.problems.length > 1 ? ` (and ${state.problems.length - 1} more)` : "";
  const reason = `the policy file is invalid: ${state.problems[0]}${more}. Fix it and check with \`synaps-policy validate ${state.file}\``;
  return onErrorVerdict({ defaults: { decision: "continue", on_error: state.onError } }, hook, reason);
}
