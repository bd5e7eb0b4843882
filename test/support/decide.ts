// In-process judgement for tests: a policy from text (or the embedded
// default), a call, and the verdict — decision, deciding rule, reason — with
// the real engine and the real shell analysis, nothing mocked. The clock
// never moves: the step and work budgets decide, so an answer is the same on
// a busy machine as on an idle one (DESIGN: budgets are deterministic in tests).
import { evaluate } from "../../src/policy/engine/engine.ts";
import type { CompiledPolicy } from "../../src/policy/engine/compile.ts";
import type { JsonObject, PolicyEvent } from "../../src/policy/engine/event.ts";
import { eventOf } from "../../src/policy/engine/event-of.ts";
import { runInlineTests } from "../../src/policy/checks/inline-tests.ts";
import { loadPolicy } from "../../src/policy/load/load.ts";
import { analyzeShell } from "../../src/shell/analyze.ts";
import { defaultPolicyText } from "../../src/policy/load/load-file.ts";
import { formatProblem } from "../../src/policy/format/source.ts";
import type { Verdict } from "../../src/policy/engine/verdict.ts";

export const TEST_HOME = "/home/ada";

// By text, then home: the text is the key itself (its hash is kept with the string), where a key joined from both
// was a new string hashed whole at every call — ~20 µs each, over the suite's ~12,000 decisions (profiled).
const compiled = new Map<string, Map<string, CompiledPolicy>>();

/** A policy from TOML text (the embedded default when omitted); throws with every problem when it is invalid. */
export function policyOf(text: string = defaultPolicyText, home: string = TEST_HOME): CompiledPolicy {
  let byHome = compiled.get(text);
  if (byHome === undefined) {
    byHome = new Map();
    compiled.set(text, byHome);
  }
  const known = byHome.get(home);
  if (known) return known;
  const loaded = loadPolicy({ text, file: "policy.toml", home, format: "toml", deps: { analyzer: analyzeShell, clock: { now: () => 0 } } });
  if (!loaded.ok) throw new Error(loaded.problems.map(formatProblem).join("\n"));
  const failures = runInlineTests(loaded.policy);
  if (failures.length > 0) throw new Error(failures.map((failure) => `${failure.label}: ${failure.message}`).join("\n"));
  byHome.set(home, loaded.policy);
  return loaded.policy;
}

export type Call = string | { tool: string; input: string | JsonObject } | PolicyEvent;

export type Decided = { decision: string; rule: string | undefined; reason: string; verdict: Verdict };

/** The verdict on one call (a bash command as a plain string) under a policy. */
export function decide(call: Call, policy: CompiledPolicy = policyOf()): Decided {
  const event: PolicyEvent =
    typeof call === "string"
      ? eventOf(policy, { hook: "before_tool_call", tool: "bash", input: call })
      : "hook" in call
        ? call
        : eventOf(policy, { hook: "before_tool_call", tool: call.tool, input: call.input });
  const verdict = evaluate(policy, event);
  const decision = verdict.decision;
  const reason = decision.kind === "block" ? decision.reason : decision.kind === "confirm" ? decision.message : verdict.decidedBy.kind === "error" ? verdict.decidedBy.reason : "";
  return { decision: decision.kind, rule: verdict.decidedBy.kind === "rule" ? verdict.decidedBy.rule.id : undefined, reason, verdict };
}

/** Stopped: blocked or asked. */
export function isStopped(call: Call, policy?: CompiledPolicy): boolean {
  const { decision } = decide(call, policy);
  return decision === "block" || decision === "confirm";
}
