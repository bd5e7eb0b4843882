// The extension keeps the verdicts of repeated tool calls (the engine stays
// pure and keeps nothing): the same event under the same policy is judged
// once; another policy, another event or a verdict cut short by the clock is
// judged afresh.
import { describe, expect, test } from "bun:test";
import { VerdictMemo } from "../../../src/extension/verdict-memo.ts";
import { type CompiledPolicy, evaluate, eventOf, type PolicyEvent } from "../../../src/policy/engine/index.ts";
import { policyOf } from "../../support/decide.ts";
import { VERDICT_MEMO_CHARS, VERDICT_MEMO_ENTRIES, VERDICT_MEMO_EVENT_CHARS } from "../../../src/limits.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

/** The real engine, counted. */
function counted() {
  let calls = 0;
  const memo = new VerdictMemo((policy: CompiledPolicy, event: PolicyEvent) => {
    calls++;
    return evaluate(policy, event);
  });
  return { memo, calls: () => calls };
}

const bash = (policy: CompiledPolicy, command: string) => eventOf(policy, { hook: "before_tool_call", tool: "bash", input: command });

describe("VerdictMemo", () => {
  test("the same tool call under the same policy is judged once, with the same verdict", () => {
    const { memo, calls } = counted();
    const policy = policyOf();
    const first = memo.evaluate(policy, bash(policy, "rm -rf ~"));
    expect(first.decision.kind).toBe("block");
    expect(memo.evaluate(policy, bash(policy, "rm -rf ~"))).toBe(first);
    expect(calls()).toBe(1);
  });

  test("another event or another policy is judged afresh", () => {
    const { memo, calls } = counted();
    const policy = policyOf();
    const other = policyOf('version = 1\n[[rule]]\nid = "no-ls"\ntool = "bash"\nwhen = { command = "ls" }\ndecision = "block"\n');
    memo.evaluate(policy, bash(policy, "ls"));
    memo.evaluate(policy, bash(policy, "ls -la"));
    expect(memo.evaluate(other, bash(other, "ls")).decision.kind).toBe("block");
    expect(calls()).toBe(3);
  });

  test("a verdict the time backstop cut short is not kept", () => {
    const { memo, calls } = counted();
    const base = policyOf();
    let now = 0;
    // A clock that jumps a second at every look: the analysis's backstop ends it.
    const clock = { now: () => (now += 1_000) };
    const policy: CompiledPolicy = { ...base, clock, shell: { ...base.shell, clock } };
    const long = Array.from({ length: 400 }, (_, index) => `echo ${index}`).join("; ");
    const first = memo.evaluate(policy, bash(policy, long));
    expect(JSON.stringify(first)).toContain("ran out of time");
    memo.evaluate(policy, bash(policy, long));
    expect(calls()).toBe(2);
  });

  test("other hooks are not kept", () => {
    const { memo, calls } = counted();
    const policy = policyOf();
    const output: PolicyEvent = { hook: "after_tool_call", tool: ["bash"], input: { command: "env" }, output: "HOME=/home/ada" };
    memo.evaluate(policy, output);
    memo.evaluate(policy, output);
    expect(calls()).toBe(2);
  });

  test("a call over the key's length is judged each time without its JSON being written (no 64 KiB key per write)", () => {
    const { memo, calls } = counted();
    const policy = policyOf();
    let written = 0;
    const probe = {
      toJSON: () => {
        written++;
        return "probe";
      },
    };
    // Two calls alike, each a new event (as two hooks are): the very same object is answered by identity (below).
    const large = () => eventOf(policy, { hook: "before_tool_call", tool: "write", input: { path: "notes.md", content: "x".repeat(VERDICT_MEMO_EVENT_CHARS), probe } });
    expect(memo.evaluate(policy, large()).decision.kind).toBe("continue");
    memo.evaluate(policy, large());
    expect(calls()).toBe(2);
    expect(written).toBe(0);
    const small = () => eventOf(policy, { hook: "before_tool_call", tool: "write", input: { path: "notes.md", content: "x", probe } });
    memo.evaluate(policy, small());
    memo.evaluate(policy, small());
    expect(calls()).toBe(3);
    expect(written).toBe(2);
  });

  test("the very event object judged before (a repeat given its earlier finding) is answered without its key being written", () => {
    const { memo, calls } = counted();
    const policy = policyOf();
    let written = 0;
    const probe = {
      toJSON: () => {
        written++;
        return "probe";
      },
    };
    const event = eventOf(policy, { hook: "before_tool_call", tool: "bash", input: { command: "git status", probe } });
    const first = memo.evaluate(policy, event);
    expect(memo.evaluate(policy, event)).toBe(first);
    expect(calls()).toBe(1);
    expect(written).toBe(1);
    // Under another policy the same object is judged again.
    memo.evaluate(policyOf("version = 1\n"), event);
    expect(calls()).toBe(2);
  });

  test("long calls are kept by the characters of their keys, not up to the count (a verdict weighs what its command does)", () => {
    const { memo, calls } = counted();
    const policy = policyOf();
    // Each call's JSON is over 4,000 characters, under the per-call limit: far fewer than the count fit in the budget.
    const long = (index: number) => bash(policy, `echo ${index} ${"-".repeat(4_000)}`);
    const fit = Math.floor(VERDICT_MEMO_CHARS / 4_000);
    expect(fit).toBeLessThan(VERDICT_MEMO_ENTRIES);
    for (let index = 0; index <= fit; index++) memo.evaluate(policy, long(index));
    expect(calls()).toBe(fit + 1);
    // The newest is still known, the oldest was let go.
    memo.evaluate(policy, long(fit));
    expect(calls()).toBe(fit + 1);
    memo.evaluate(policy, long(0));
    expect(calls()).toBe(fit + 2);
  });
});
