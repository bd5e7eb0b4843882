// hook.handle: the host's event becomes the engine's, the engine judges it,
// the verdict is audited, and the answer is the one action the host honours
// for that hook. The engine never throws and answers every event, malformed
// ones included; a failure around it (a bug here) still gets an answer the
// host honours, never an RPC error.
// Before the first policy is ready a hook waits a bounded time, then is
// judged as a policy that cannot be used (block, with the reason).
import { FIRST_POLICY_WAIT_MS } from "../limits.ts";
import { logLine } from "../rpc/stderr.ts";
import { type LogRedaction, redactForLog } from "../match/secrets/for-log.ts";
import { countByDetector, outputBudget, redactOutput, withheldOutput } from "../match/secrets/redact.ts";
import { allDetectors } from "../match/secrets/registry.ts";
import { onErrorVerdict, isHookKind, type PolicyEvent, type Verdict } from "../policy/engine/index.ts";
import type { OnError } from "../policy/format/schema.ts";
import { keptInput } from "./audit-input.ts";
import { knownSecrets } from "./known-secrets.ts";
import { preview, type AuditLog } from "./audit.ts";
import { CallFiles } from "../session/call-files.ts";
import type { DryRuns } from "./dry-runs.ts";
import type { PolicyState, PolicyStore } from "./policy-store.ts";
import type { ProjectPolicies } from "./project-policies.ts";
import { Confirmations } from "./confirmations.ts";
import { SessionMemory } from "../session/memory.ts";
import { ShellSessions } from "../session/shell-sessions.ts";
import { VerdictMemo } from "./verdict-memo.ts";
import { ResolvedCalls, type Stamp } from "./resolved-calls.ts";
import { type HookResult, type MappedEvent, toHookResult, toPolicyEvent } from "./wire.ts";
import { cpuClock } from "../policy/load/cpu-clock.ts";

/** What a hook is judged under when there is no usable policy: why, and what calls get. */
type Unusable = { why: string; onError: OnError; file?: string };

export class HookHandler {
  readonly #store: PolicyStore;
  readonly #audit: AuditLog | undefined;
  readonly #dryRuns: DryRuns;
  readonly #shells = new ShellSessions();
  /** Calls the person confirmed, per session (what /policy allow-last reads). */
  readonly confirmations = new Confirmations();
  readonly #verdicts = new VerdictMemo();
  readonly #files: CallFiles;
  readonly #resolved: ResolvedCalls;
  readonly #projects: ProjectPolicies | undefined;

  /** false when the manifest lacks tools.transform_output: the host would discard a `replace` with a warning each time. */
  readonly #replacesOutput: boolean;

  /**
   * `files`: where the project is and what each session wrote (without one, no root is found and nothing is read
   * from disk); `replacesOutput`: whether the manifest lets the host take a redacted output; `projects`: the
   * policy of each project root (its own layer included); without it every call gets `store`'s; `stamp`: what a
   * file on disk looks like now, for re-checking the files a repeated call was found to run (tests give their own).
   */
  constructor(
    store: PolicyStore,
    audit: AuditLog | undefined,
    dryRuns: DryRuns,
    { replacesOutput = true, files, projects, stamp }: { replacesOutput?: boolean; files?: CallFiles; projects?: ProjectPolicies; stamp?: Stamp } = {},
  ) {
    this.#projects = projects;
    this.#store = store;
    this.#audit = audit;
    this.#dryRuns = dryRuns;
    this.#replacesOutput = replacesOutput;
    this.#files = files ?? new CallFiles(new SessionMemory(), { find: () => undefined }, store.home);
    this.#resolved = new ResolvedCalls(this.#files, stamp);
  }

  /** The store for the project the host works in now (what /policy and the policy tool describe). */
  currentStore(): PolicyStore {
    return this.#projects?.storeFor(this.#files.root(null)?.path) ?? this.#store;
  }

  /** The policy a session's calls are judged by: its project's, waiting boundedly for the first load. */
  async #stateFor(session: string | null): Promise<PolicyState | undefined> {
    if (!this.#projects) return this.#store.current ?? (await this.#store.ready(FIRST_POLICY_WAIT_MS));
    return (await this.#projects.stateFor(this.#files.root(session)?.path, FIRST_POLICY_WAIT_MS)).state;
  }

  async handle(params: unknown): Promise<HookResult> {
    try {
      return await this.#handle(params);
    } catch (error) {
      // The host would answer an RPC error by failing open and restarting us: a tool call is blocked instead.
      logLine(`internal error in hook.handle, answered as the policy's on_error would: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return toHookResult(lastResortVerdict(params, error).decision);
    }
  }

  async #handle(params: unknown): Promise<HookResult> {
    const mapped = toPolicyEvent(params);
    this.#dryRuns.sawHook(mapped.event.hook, mapped.sessionId);
    const session = mapped.sessionId;
    const state = await this.#stateFor(session);
    const pending = this.#shells.withPendingLine(mapped.event, session);
    const step = pending.hook === "before_tool_call" ? this.#files.memory.step(session) : 0;
    const started = performance.now();
    // The files the call runs, from the session's memory or the disk, go to the engine inside the event.
    const event = state?.kind === "active" ? this.#resolved.withFiles(state.policy, pending, session) : pending;
    const { verdict, remembered } = this.#remembered(state, mapped, this.#sendable(judge(state, event, this.#verdicts, this.#store.stopped)));
    const micros = Math.round((performance.now() - started) * 1000);
    this.#shells.remember(event, verdict, session);
    this.#files.record(event, verdict, session, step);
    if (event.hook === "on_session_end") this.#endSession(session);
    this.#record(mapped, verdict, micros, state, remembered);
    return toHookResult(verdict.decision);
  }

  /** on_session_end: what the session's calls left behind is forgotten. */
  #endSession(session: string | null) {
    this.#files.memory.forget(session);
    this.#shells.forget(session);
    this.#dryRuns.endSession(session);
  }

  /** Confirmed calls (see confirmations.ts): asked ones noted, run ones confirmed, a repeat let through when the policy says so. */
  #remembered(state: PolicyState | undefined, mapped: MappedEvent, verdict: Verdict): { verdict: Verdict; remembered: boolean } {
    const event = mapped.event;
    if (event.hook === "on_session_end") this.confirmations.endSession(mapped.sessionId);
    if (event.hook === "after_tool_call" && mapped.toolName) this.confirmations.ran(mapped.sessionId, mapped.toolName, event.input, new Date());
    if (event.hook !== "before_tool_call" || verdict.decision.kind !== "confirm" || !mapped.toolName) return { verdict, remembered: false };
    const tool = mapped.toolName;
    if (state?.kind === "active" && state.policy.defaults.confirmed === "session" && this.confirmations.wasConfirmed(mapped.sessionId, tool, event.input)) {
      return { verdict: { ...verdict, decision: { kind: "continue" } }, remembered: true };
    }
    const rule = verdict.decidedBy.kind === "rule" ? verdict.decidedBy.rule.id : undefined;
    this.confirmations.asked(mapped.sessionId, { tool, input: event.input, rule, message: verdict.decision.message });
    return { verdict, remembered: false };
  }

  /** Without tools.transform_output a redaction cannot be sent: the call continues, and the record says so. */
  #sendable(verdict: Verdict): Verdict {
    if (this.#replacesOutput || (verdict.decision.kind !== "redact" && verdict.decision.kind !== "withhold")) return verdict;
    return {
      ...verdict,
      decision: { kind: "continue" },
      decidedBy: {
        kind: "error",
        reason: `not ${verdict.decision.kind === "redact" ? "redacted" : "withheld"}: the manifest lacks tools.transform_output (install --no-transform-output)`,
      },
    };
  }

  #record(mapped: MappedEvent, verdict: Verdict, micros: number, state: PolicyState | undefined, remembered: boolean) {
    if (!this.#audit) return;
    const decision = verdict.decision;
    const own = state?.kind === "active" ? state.policy.ownPatterns : [];
    const redaction = { own, known: knownSecrets(verdict, own) };
    this.#audit.write(
      {
        time: new Date().toISOString(),
        session_id: mapped.sessionId === null ? null : redactForLog(mapped.sessionId, redaction),
        hook: verdict.hook,
        tool: mapped.toolName,
        decision: decision.kind,
        rule: verdict.decidedBy.kind === "rule" ? verdict.decidedBy.rule.id : null,
        rule_source: verdict.decidedBy.kind === "rule" ? verdict.decidedBy.rule.source : verdict.decidedBy.kind,
        reason: remembered ? 'confirmed earlier in this session (defaults.confirmed = "session")' : auditReason(verdict, redaction),
        matched: verdict.matched.map((rule) => rule.id),
        ...(verdict.unseen ? { unseen_code: verdict.unseen.map((path) => redactForLog(path, redaction)) } : {}),
        ...(verdict.files ? { files: verdict.files.map((file) => redactForLog(file, redaction)) } : {}),
        ...observedFields(verdict),
        ...(decision.kind === "redact" ? { redactions: decision.counts } : {}),
        policy_hash: state?.kind === "active" ? state.policy.hash : null,
        ...(state?.kind === "failed" ? { policy_error: redactForLog(state.problems[0] ?? "", redaction) } : {}),
        ...(state === undefined ? { policy_error: "the policy was still loading" } : {}),
        eval_us: micros,
        input: preview(mapped.event.hook === "before_message" ? mapped.event.message : mapped.input, redaction),
        ...(mapped.event.hook === "before_tool_call" ? keptInput(mapped.event.input, redaction) : {}),
      },
      redaction,
      ALREADY_REDACTED,
    );
  }
}

/**
 * The hook record's fields made by the redaction itself above (one pass over the input, not two), and those made
 * here from no outside text at all (the clock's time, a hook's and a decision's name): a time is new at every call,
 * so it was the one field the redaction's memo of recent texts never saved.
 */
const ALREADY_REDACTED = ["session_id", "reason", "policy_error", "input", "time", "hook", "decision"] as const;

/** would_decision / would_rule, when observe mode changed the outcome. */
export function observedFields(verdict: Verdict): { would_decision?: string; would_rule?: string } {
  if (!verdict.observed) return {};
  return { would_decision: verdict.observed.decision, ...(verdict.observed.rule ? { would_rule: verdict.observed.rule.id } : {}) };
}

/** A failure outside the engine (mapping the event, the shell sessions, the audit record): block a tool call, continue anything else. */
function lastResortVerdict(params: unknown, error: unknown): Verdict {
  const kind = typeof params === "object" && params !== null && !Array.isArray(params) ? (params as { kind?: unknown }).kind : undefined;
  const message = error instanceof Error ? error.message : String(error);
  return onErrorVerdict({ defaults: { on_error: "block" } }, isHookKind(kind) ? kind : "before_tool_call", `internal error while handling the hook (${message})`);
}

/** `ending`: the extension is shutting down, which cuts a wait for the first policy short (policy-store.ts stop()). */
function judge(state: PolicyState | undefined, event: PolicyEvent, verdicts: VerdictMemo, ending: boolean): Verdict {
  if (state === undefined) {
    const why = ending
      ? "the policy was still loading when the extension was asked to shut down"
      : `the policy is still loading (waited ${FIRST_POLICY_WAIT_MS / 1000} s); try again in a moment`;
    return unusablePolicyVerdict({ why, onError: "block" }, event);
  }
  if (state.kind === "failed") {
    const more = state.problems.length > 1 ? ` (and ${state.problems.length - 1} more)` : "";
    const why = `the policy file is invalid: ${state.problems[0]}${more}. Fix it and check with \`synaps-policy validate ${state.file}\``;
    return unusablePolicyVerdict({ why, onError: state.onError, file: state.file }, event);
  }
  return verdicts.evaluate(state.policy, event);
}

/** What a call or the model was told, or why the call could not be judged; redacted. */
function auditReason(verdict: Verdict, redaction: LogRedaction): string | null {
  const decision = verdict.decision;
  if (decision.kind === "block") return redactForLog(decision.reason, redaction);
  if (decision.kind === "confirm") return redactForLog(decision.message, redaction);
  if (verdict.decidedBy.kind === "error") return redactForLog(verdict.decidedBy.reason, redaction);
  return null;
}

/** No usable policy (broken at start, or still loading): tool calls get on_error with the reason; output is still redacted. */
function unusablePolicyVerdict(unusable: Unusable, event: PolicyEvent): Verdict {
  if (event.hook === "after_tool_call") {
    // We cannot know which redactions the policy asks for; apply them all.
    const outcome = redactOutput(event.output, allDetectors(), outputBudget(cpuClock.now));
    const decidedBy = { kind: "error" as const, reason: unusable.file ? "policy file invalid" : "policy still loading" };
    if (outcome.kind === "budget-spent") return { hook: event.hook, matched: [], decision: { kind: "withhold", output: withheldOutput(event.output, outcome) }, decidedBy };
    if (outcome.kind === "redacted")
      return { hook: event.hook, matched: [], decision: { kind: "redact", output: outcome.text, counts: countByDetector(outcome.findings) }, decidedBy };
  }
  const hook = event.hook === "malformed" ? (event.intended ?? "before_tool_call") : event.hook;
  return onErrorVerdict({ defaults: { on_error: unusable.onError } }, hook, unusable.why);
}
