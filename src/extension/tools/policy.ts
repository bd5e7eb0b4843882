// The `policy` tool: the model asks which rules apply to a tool (always
// answered), or what a planned call would get — a dry run. Dry runs are off
// unless the person turns them on (model_dry_run), audited one by one, and
// refused after a few that would be stopped (see dry-runs.ts): otherwise the
// tool would be an oracle for finding a variant of a command that gets through.
import * as v from "valibot";
import { DRY_RUN_INPUT_CHARS, MAX_PROBLEMS_SHOWN, MAX_STOPPED_DRY_RUNS } from "../../limits.ts";
import { type CompiledPolicy, evaluate, ruleSummary, mainField, type Verdict } from "../../policy/engine/index.ts";
import { checkEvent } from "../../report/check-input.ts";
import type { AuditRecord } from "../../report/audit-record.ts";
import type { KnownSecret } from "../../match/secrets/known-pieces.ts";
import { knownSecrets } from "../known-secrets.ts";
import { keptInput } from "../audit-input.ts";
import { preview, type AuditLog } from "../audit.ts";
import type { DryRuns } from "../dry-runs.ts";
import { observedFields } from "../hooks.ts";
import type { PolicyState } from "../policy-store.ts";
import { toolError, toolText, type ToolResult } from "../wire.ts";
import { PolicyToolInput } from "./inputs.ts";

export type PolicyToolContext = { state: PolicyState | undefined; dryRuns: DryRuns; audit: AuditLog | undefined };

const DRY_RUNS_OFF =
  "Dry runs are off: synaps-policy does not tell the model in advance what a planned call would get, so that it cannot be used to search for a variant that gets through. " +
  "The person can turn them on with the synaps-policy setting model_dry_run = true (SynapsCLI settings: extension.synaps-policy.model_dry_run). " +
  "Call this tool with {tool} alone to see which rules apply to a tool.";

export function callPolicyTool(input: unknown, context: PolicyToolContext): ToolResult {
  const parsed = v.safeParse(PolicyToolInput, input ?? {});
  if (!parsed.success) return toolError(`policy: ${v.summarize(parsed.issues)}`);
  const { state } = context;
  if (state === undefined) return toolText("The policy is still loading; call this tool again in a moment.");
  if (state.kind === "failed") {
    return toolText(
      `The policy file is invalid, so every tool call is answered with "${state.onError}" until it is fixed:\n${state.problems.slice(0, MAX_PROBLEMS_SHOWN).join("\n")}`,
    );
  }
  const { tool, input: callInput } = parsed.output;
  if (tool !== undefined && callInput !== undefined) return toolText(dryRun(state.policy, tool, callInput, context));
  return toolText(listRules(state.policy, tool));
}

function dryRun(policy: CompiledPolicy, tool: string, input: string | Record<string, unknown>, { dryRuns, audit }: PolicyToolContext): string {
  const event = checkEvent(policy, tool, input);
  const own = policy.ownPatterns;
  const record = (fields: Partial<AuditRecord>, known: readonly KnownSecret[] = []) =>
    audit?.write(
      {
        time: new Date().toISOString(),
        session_id: dryRuns.session,
        hook: "policy_tool",
        tool,
        policy_hash: policy.hash,
        input: preview(event.hook === "before_tool_call" ? event.input : input, { own, known }),
        ...(event.hook === "before_tool_call" ? keptInput(event.input, { own, known }) : {}),
        ...fields,
      },
      { own, known },
    );
  if (!dryRuns.enabled) {
    record({ dry_run: "off", decision: null });
    return DRY_RUNS_OFF;
  }
  if (dryRuns.exhausted) {
    dryRuns.refusedOne();
    record({ dry_run: "refused", decision: null, reason: `over the limit of ${MAX_STOPPED_DRY_RUNS} dry runs that would be stopped` });
    return `Refused: ${MAX_STOPPED_DRY_RUNS} dry runs in this session would already have been stopped, and more tries look like a search for a variant that gets through. No more dry runs are answered until the next session. The rules for a tool are still listed when you call this tool with {tool} alone.`;
  }
  const started = performance.now();
  const verdict = evaluate(policy, event);
  dryRuns.answered(verdict.decision.kind);
  record(
    {
      dry_run: "answered",
      decision: verdict.decision.kind,
      rule: verdict.decidedBy.kind === "rule" ? verdict.decidedBy.rule.id : null,
      rule_source: verdict.decidedBy.kind === "rule" ? verdict.decidedBy.rule.source : verdict.decidedBy.kind,
      reason: reasonOf(verdict),
      ...observedFields(verdict),
      eval_us: Math.round((performance.now() - started) * 1000),
    },
    knownSecrets(verdict, own),
  );
  return describeDryRun(policy, tool, input, event.hook === "before_tool_call" ? event.input : input, verdict);
}

function reasonOf(verdict: Verdict): string | null {
  if (verdict.decision.kind === "block") return verdict.decision.reason;
  if (verdict.decision.kind === "confirm") return verdict.decision.message;
  return verdict.decidedBy.kind === "error" ? verdict.decidedBy.reason : null;
}

function describeDryRun(policy: CompiledPolicy, tool: string, input: string | Record<string, unknown>, callInput: unknown, verdict: Verdict): string {
  const shown = preview(callInput, { own: policy.ownPatterns }) ?? "";
  const lines = [`${tool} ${shown.length > DRY_RUN_INPUT_CHARS ? `${shown.slice(0, DRY_RUN_INPUT_CHARS)}…` : shown} → ${verdict.decision.kind}`];
  if (verdict.decision.kind === "block") lines.push(`reason: ${verdict.decision.reason}`);
  if (verdict.decision.kind === "confirm") lines.push(`the person will be asked: ${verdict.decision.message}`);
  if (verdict.decision.kind === "modify") lines.push(`the input would be rewritten to: ${preview(verdict.decision.input, { own: policy.ownPatterns })}`);
  if (verdict.decidedBy.kind === "rule") lines.push(`rule: ${verdict.decidedBy.rule.id}`);
  if (typeof input === "string" && mainField(policy, tool) === "path") lines.push(`(the string was taken as the ${tool} tool's path)`);
  lines.push("(this dry run is recorded in the audit log)");
  return lines.join("\n");
}

function listRules(policy: CompiledPolicy, tool: string | undefined): string {
  const rules = policy.byHook.before_tool_call.filter((rule) => tool === undefined || rule.matchesTool([tool]));
  const stopping = rules.filter((rule) => rule.decision !== "continue" && rule.decision !== "allow");
  const header = tool === undefined ? "synaps-policy rules for tool calls" : `synaps-policy rules that can apply to ${tool}`;
  const lines = [`${header} (calls no rule matches: ${policy.defaults.decision}; calls that cannot be analysed: ${policy.defaults.on_error}):`];
  for (const rule of stopping) lines.push(`- ${rule.decision} [${rule.ref.id}]: ${ruleSummary(rule)}`);
  const allowing = rules.filter((rule) => rule.decision === "allow");
  for (const rule of allowing) lines.push(`- allow [${rule.ref.id}]: ${ruleSummary(rule)}`);
  if (stopping.length + allowing.length === 0) lines.push("- none: calls go through unless the default says otherwise");
  return lines.join("\n");
}
