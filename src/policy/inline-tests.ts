// The [[test]] cases of a policy: each is a hook event and the decision it
// must get. A policy whose tests fail never becomes active.
import type { Parser } from "web-tree-sitter";
import type { HookEvent } from "../extension/wire.ts";
import type { CompiledPolicy, CompiledTest } from "./compile.ts";
import { decisionName, type Verdict } from "./decision.ts";
import { evaluate } from "./engine.ts";
import type { TestCase } from "./schema.ts";

export type TestFailure = { label: string; message: string };

export function runInlineTests(policy: CompiledPolicy, parser: Parser): TestFailure[] {
  const failures: TestFailure[] = [];
  for (const compiled of policy.tests) {
    const failure = runOne(policy, parser, compiled);
    if (failure) failures.push(failure);
  }
  return failures;
}

function runOne(policy: CompiledPolicy, parser: Parser, { test, label }: CompiledTest): TestFailure | undefined {
  const event = testEvent(policy, test);
  const verdict = evaluate(policy, event, parser);
  const got = decisionName(verdict.decision);
  const decided = verdict.decidedBy.kind === "rule" ? verdict.decidedBy.rule.id : undefined;
  const satisfied = got === test.expect || (test.expect === "continue" && got === "allow");
  if (!satisfied) return { label, message: `${describeEvent(test)}: expected ${test.expect}, got ${got}${explain(verdict)}` };
  if (test.rule !== undefined && decided !== test.rule) {
    return { label, message: `${describeEvent(test)}: expected rule "${test.rule}" to decide, but ${decided ? `rule "${decided}"` : verdict.decidedBy.kind} did` };
  }
  return undefined;
}

export function testEvent(policy: CompiledPolicy, test: TestCase): HookEvent {
  const tool = test.tool ?? (test.hook === "before_tool_call" || test.hook === "after_tool_call" ? "bash" : null);
  return {
    kind: test.hook,
    tool_name: tool,
    tool_runtime_name: tool,
    tool_input: typeof test.input === "string" ? { [mainField(policy, tool ?? "")]: test.input } : (test.input ?? null),
    tool_output: test.output ?? null,
    message: test.message ?? null,
    session_id: "inline-test",
    transcript: null,
    data: null,
  };
}

/** The field a plain string stands for: the command of a shell tool, else the path. */
export function mainField(policy: CompiledPolicy, tool: string): string {
  return policy.shellTools[tool] ?? "path";
}

function describeEvent(test: TestCase): string {
  const input = typeof test.input === "string" ? test.input : JSON.stringify(test.input ?? test.output ?? test.message ?? "");
  return `${test.tool ?? (test.hook === "before_tool_call" ? "bash" : test.hook)} ${JSON.stringify(input)}`;
}

function explain(verdict: Verdict): string {
  if (verdict.decidedBy.kind === "rule") return ` (by rule "${verdict.decidedBy.rule.id}")`;
  if (verdict.decidedBy.kind === "error") return ` (${verdict.decidedBy.reason})`;
  return verdict.matched.length > 0 ? ` (matched: ${verdict.matched.map((rule) => rule.id).join(", ")})` : " (no rule matched)";
}
