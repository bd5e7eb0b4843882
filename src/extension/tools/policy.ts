// The read-only `policy` tool: the model asks which rules apply to a tool, or
// what a call would get, and adapts instead of probing with real calls.
import * as v from "valibot";
import { DRY_RUN_INPUT_CHARS, MAX_PROBLEMS_SHOWN } from "../../limits.ts";
import { redactForLog, redactThenTruncate } from "../../match/secrets/for-log.ts";
import type { CompiledPolicy } from "../../policy/compile.ts";
import { evaluate, ruleSummary } from "../../policy/engine.ts";
import { mainField } from "../../policy/event-of.ts";
import { checkEvent } from "../../report/check-input.ts";
import type { PolicyState } from "../policy-store.ts";
import { toolError, toolText, type ToolResult } from "../wire.ts";
import { PolicyToolInput } from "./policy-spec.ts";

export function callPolicyTool(input: unknown, state: PolicyState): ToolResult {
  const parsed = v.safeParse(PolicyToolInput, input ?? {});
  if (!parsed.success) return toolError(`policy: ${v.summarize(parsed.issues)}`);
  if (state.kind === "failed") {
    return toolText(`The policy file is invalid, so every tool call is answered with "${state.onError}" until it is fixed:\n${state.problems.slice(0, MAX_PROBLEMS_SHOWN).join("\n")}`);
  }
  const { tool, input: callInput } = parsed.output;
  const policy = state.policy;
  if (tool !== undefined && callInput !== undefined) return toolText(dryRun(policy, tool, callInput));
  return toolText(listRules(policy, tool));
}

function dryRun(policy: CompiledPolicy, tool: string, input: string | Record<string, unknown>): string {
  const verdict = evaluate(policy, checkEvent(policy, tool, input));
  const name = verdict.decision.kind;
  const shown = redactThenTruncate(typeof input === "string" ? input : JSON.stringify(input), DRY_RUN_INPUT_CHARS);
  const lines = [`${tool} ${shown} → ${name}`];
  if (verdict.decision.kind === "block") lines.push(`reason: ${verdict.decision.reason}`);
  if (verdict.decision.kind === "confirm") lines.push(`the person will be asked: ${verdict.decision.message}`);
  if (verdict.decision.kind === "modify") lines.push(`the input would be rewritten to: ${redactForLog(JSON.stringify(verdict.decision.input))}`);
  if (verdict.decidedBy.kind === "rule") lines.push(`rule: ${verdict.decidedBy.rule.id}`);
  if (typeof input === "string" && mainField(policy, tool) === "path") lines.push(`(the string was taken as the ${tool} tool's path)`);
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
  lines.push("To check a specific call, call this tool with {tool, input}.");
  return lines.join("\n");
}
