// The [[test]] cases of a policy: each is a hook event and the decision it
// must get. A policy whose tests fail never becomes active. Each is judged
// under the file it is written in (engine/compile.ts), on a clock that never moves:
// the step budgets decide, so a test gives the same answer on a busy machine
// as on an idle one. Tests shipped in the binary (built-in packs, the
// embedded default) are run by the project's test suite, not on every load.
import type { CompiledPolicy, CompiledTest } from "../engine/compile.ts";
import { evaluate } from "../engine/engine.ts";
import { eventOf } from "../engine/event-of.ts";
import type { TestCase } from "../format/schema.ts";
import { runSteps, type Steps } from "../steps.ts";
import type { Verdict } from "../engine/verdict.ts";

export type TestFailure = { label: string; message: string };

/** Which tests run: the policy's own files' (on every load), or all of them, shipped ones too (the test suite). */
export type TestSelection = "own" | "all";

export function runInlineTests(policy: CompiledPolicy, which: TestSelection = "own"): TestFailure[] {
  return runSteps(inlineTestSteps(policy, which));
}

/** The tests one at a time, with a yield after each (a big policy is tested between requests). */
export function* inlineTestSteps(policy: CompiledPolicy, which: TestSelection = "own"): Steps<TestFailure[]> {
  const failures: TestFailure[] = [];
  // Only "all" reads policy.tests, which makes the shipped files' tests (and the views they are judged under).
  for (const compiled of which === "own" ? policy.ownTests : policy.tests) {
    const failure = runOne(compiled);
    if (failure) failures.push(failure);
    yield;
  }
  return failures;
}

/** A test is judged with every rule enforced (observe mode does not change what a rule decides) under the overrides in force where it is written. */
function runOne({ test, label, under, example }: CompiledTest): TestFailure | undefined {
  const verdict = evaluate(under, eventOf(under, { ...test, input: test.input as TestCase["input"] & {} }));
  if (example !== undefined) return exampleFailure(example, test, label, verdict);
  const got = verdict.decision.kind;
  const decided = verdict.decidedBy.kind === "rule" ? verdict.decidedBy.rule.id : undefined;
  const satisfied = got === test.expect || (test.expect === "continue" && got === "allow");
  if (!satisfied) return { label, message: `${describeTest(test)}: expected ${test.expect}, got ${got}${explain(verdict)}` };
  if (test.rule !== undefined && decided !== test.rule) {
    return { label, message: `${describeTest(test)}: expected rule "${test.rule}" to decide, but ${decided ? `rule "${decided}"` : verdict.decidedBy.kind} did` };
  }
  return undefined;
}

/** A rule's example holds when the rule's conditions hold for it (match) or do not (not_match), whatever decides in the end. */
function exampleFailure(example: "match" | "not_match", test: TestCase, label: string, verdict: Verdict): TestFailure | undefined {
  const matched = verdict.matched.some((rule) => rule.id === test.rule);
  if (matched === (example === "match")) return undefined;
  if (example === "not_match") return { label, message: `${describeTest(test)}: expected rule "${test.rule}" not to match, but it does` };
  const why =
    verdict.decidedBy.kind === "error" ? ` (${verdict.decidedBy.reason})` : verdict.matched.length > 0 ? ` (matched: ${verdict.matched.map((rule) => rule.id).join(", ")})` : "";
  return { label, message: `${describeTest(test)}: expected rule "${test.rule}" to match, but it does not${why}` };
}

function describeTest(test: TestCase): string {
  const input = typeof test.input === "string" ? test.input : JSON.stringify(test.input ?? test.output ?? test.message ?? "");
  return `${test.tool ?? (test.hook === "before_tool_call" ? "bash" : test.hook)} ${JSON.stringify(input)}`;
}

function explain(verdict: Verdict): string {
  if (verdict.decidedBy.kind === "rule") return ` (by rule "${verdict.decidedBy.rule.id}")`;
  if (verdict.decidedBy.kind === "error") return ` (${verdict.decidedBy.reason})`;
  return verdict.matched.length > 0 ? ` (matched: ${verdict.matched.map((rule) => rule.id).join(", ")})` : " (no rule matched)";
}
