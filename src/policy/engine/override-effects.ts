// What the [[override]]s did to one call: a rule they switched off that
// would have matched it, an exception they added that took the call out of a
// rule, a decision or mode they changed on a rule that matched. What
// `check --explain` names, so a person can see an override at work (the
// verdict itself only names the rule that decided). Not on the hot path.
import type { CompiledPolicy, CompiledRule } from "./compile.ts";
import { ruleApplies } from "./engine.ts";
import type { ToolCallEvent } from "./event.ts";

export type OverrideEffect = { rule: string; by: readonly string[]; effect: string };

export function overrideEffects(policy: CompiledPolicy, event: ToolCallEvent): OverrideEffect[] {
  const effects: OverrideEffect[] = [];
  for (const { rule, by } of policy.switchedOff) {
    if (rule.hook === "before_tool_call" && ruleApplies(policy, rule, event))
      effects.push({ rule: rule.ref.id, by, effect: `switched off; as written it would ${rule.decision} this call` });
  }
  for (const rule of policy.rules) {
    if (!rule.overrides || rule.hook !== "before_tool_call") continue;
    const effect = effectOn(policy, rule, rule.overrides.written, event);
    if (effect) effects.push({ rule: rule.ref.id, by: rule.overrides.by, effect });
  }
  return effects;
}

function effectOn(policy: CompiledPolicy, now: CompiledRule, written: CompiledRule, event: ToolCallEvent): string | undefined {
  if (!ruleApplies(policy, written, event)) return undefined;
  if (!ruleApplies(policy, now, event)) return `an exception it added (unless) takes this call out of the rule, which as written would ${written.decision} it`;
  const changes: string[] = [];
  if (now.decision !== written.decision) changes.push(`decision ${written.decision} → ${now.decision}`);
  if (now.mode !== written.mode) changes.push(`mode ${written.mode} → ${now.mode}`);
  return changes.length > 0 ? `matched, with ${changes.join(", ")}` : "matched (its reason or message changed)";
}
