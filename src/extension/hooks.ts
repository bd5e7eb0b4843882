// hook.handle: the event goes through the policy engine, the verdict is
// audited, and the answer is the one action the host honours for that hook.
// Any failure here is answered with the policy's on_error decision, never
// with an RPC error (the host would restart us and meanwhile fail open).
import * as v from "valibot";
import type { Parser } from "web-tree-sitter";
import { loadBashParser, readyBashParser } from "../match/shell/parser.ts";
import { toHookResult, type Verdict, decisionName } from "../policy/decision.ts";
import { redactForLog } from "../match/secrets/for-log.ts";
import { countByDetector, outputBudget, redactOutput, withheldNotice } from "../match/secrets/redact.ts";
import { allDetectors } from "../match/secrets/registry.ts";
import { evaluate } from "../policy/engine.ts";
import type { OnError } from "../policy/schema.ts";
import { logLine } from "../rpc/stderr.ts";
import { preview, type AuditLog } from "./audit.ts";
import type { PolicyState, PolicyStore } from "./policy-store.ts";
import { HookEvent, type HookResult } from "./wire.ts";

export class HookHandler {
  readonly #store: PolicyStore;
  readonly #audit: AuditLog | undefined;

  constructor(store: PolicyStore, audit: AuditLog | undefined) {
    this.#store = store;
    this.#audit = audit;
  }

  async handle(params: unknown): Promise<HookResult> {
    const parsed = v.safeParse(HookEvent, params);
    if (!parsed.success) {
      logLine(`hook.handle: malformed event (${v.summarize(parsed.issues)}); answered continue`);
      return { action: "continue" };
    }
    const event = parsed.output;
    if (!this.#store.state) await this.#store.start();
    const state = this.#store.state!;
    const parser = readyBashParser() ?? (await loadBashParser().catch((error: Error) => error));
    const started = performance.now();
    const verdict = this.#judge(state, event, parser);
    const micros = Math.round((performance.now() - started) * 1000);
    this.#record(event, verdict, micros, state);
    return toHookResult(verdict.decision);
  }

  #judge(state: PolicyState, event: HookEvent, parser: Parser | Error): Verdict {
    if (state.kind === "failed") return failedPolicyVerdict(state, event);
    if (parser instanceof Error) {
      logLine(`the shell grammar could not start: ${parser.message}`);
      return errorVerdict(state.policy.defaults.on_error, event, `the shell grammar could not start (${parser.message})`);
    }
    try {
      return evaluate(state.policy, event, parser);
    } catch (error) {
      logLine(`evaluating ${event.kind} failed: ${(error as Error).stack ?? error}`);
      return errorVerdict(state.policy.defaults.on_error, event, `internal error while evaluating (${(error as Error).message})`);
    }
  }

  #record(event: HookEvent, verdict: Verdict, micros: number, state: PolicyState) {
    if (!this.#audit) return;
    const decision = verdict.decision;
    this.#audit.write({
      time: new Date().toISOString(),
      session_id: event.session_id === null ? null : redactForLog(event.session_id),
      hook: event.kind,
      tool: event.tool_name,
      decision: decisionName(decision),
      rule: verdict.decidedBy.kind === "rule" ? verdict.decidedBy.rule.id : null,
      rule_source: verdict.decidedBy.kind === "rule" ? verdict.decidedBy.rule.source : verdict.decidedBy.kind,
      reason: auditReason(verdict),
      matched: verdict.matched.map((rule) => rule.id),
      redactions: decision.kind === "replace" ? decision.redactions : undefined,
      policy_hash: state.kind === "active" ? state.policy.hash : null,
      policy_error: state.kind === "failed" ? redactForLog(state.problems[0] ?? "") : undefined,
      eval_us: micros,
      input: preview(event.tool_input ?? event.message),
    });
  }
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
function failedPolicyVerdict(state: Extract<PolicyState, { kind: "failed" }>, event: HookEvent): Verdict {
  if (event.kind === "after_tool_call" && typeof event.tool_output === "string") {
    // We cannot know which redactions the broken file asked for; apply them all.
    const outcome = redactOutput(event.tool_output, allDetectors(), outputBudget(() => performance.now()));
    const decidedBy = { kind: "error" as const, reason: "policy file invalid" };
    if (outcome.kind === "budget-spent") return { hook: event.kind, matched: [], decision: { kind: "replace", output: withheldNotice(outcome), redactions: {} }, decidedBy };
    if (outcome.kind === "redacted") {
      return { hook: event.kind, matched: [], decision: { kind: "replace", output: outcome.text, redactions: countByDetector(outcome.findings) }, decidedBy };
    }
  }
  if (event.kind !== "before_tool_call") return { hook: event.kind, matched: [], decision: { kind: "continue" }, decidedBy: { kind: "default" } };
  const more = state.problems.length > 1 ? ` (and ${state.problems.length - 1} more)` : "";
  const reason = `the policy file is invalid: ${state.problems[0]}${more}. Fix it and check with \`synaps-policy validate ${state.file}\``;
  return errorVerdict(state.onError, event, reason);
}

function errorVerdict(onError: OnError, event: HookEvent, unredacted: string): Verdict {
  // A policy error can quote a mistyped value, which may be a secret.
  const reason = redactForLog(unredacted);
  const base = { hook: event.kind, matched: [], decidedBy: { kind: "error" as const, reason } };
  if (event.kind !== "before_tool_call" || onError === "continue") return { ...base, decision: { kind: "continue" } };
  if (onError === "confirm") return { ...base, decision: { kind: "confirm", message: `synaps-policy: ${reason}. Run this call anyway?` } };
  return { ...base, decision: { kind: "block", reason: `synaps-policy: ${reason}` } };
}
