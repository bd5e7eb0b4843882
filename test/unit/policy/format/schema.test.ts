import { describe, expect, test } from "bun:test";
import * as v from "valibot";
import { HOOK_KINDS } from "../../../../src/policy/engine/event.ts";
import { PolicyFile } from "../../../../src/policy/format/schema.ts";
import { ALL_DECISIONS, conditionList } from "../../../../src/policy/format/rule-shape.ts";
import { OUTPUT_STRENGTH, TOOL_CALL_STRENGTH } from "../../../../src/policy/engine/verdict.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const messages = (data: unknown) => {
  const result = v.safeParse(PolicyFile, data);
  return result.success ? [] : result.issues.map((issue) => `${v.getDotPath(issue) ?? ""}: ${issue.message}`);
};
const rule = (fields: Record<string, unknown>) => ({ version: 1, rule: [{ id: "r", ...fields }] });

describe("PolicyFile", () => {
  test("defaults fill in: continue, block on error, no rules, no tests", () => {
    expect(v.parse(PolicyFile, { version: 1 })).toMatchObject({ defaults: { decision: "continue", on_error: "block" }, rule: [], test: [] });
  });

  test("a rule's hook defaults to before_tool_call and a rule is enabled unless switched off", () => {
    expect(v.parse(PolicyFile, rule({ decision: "block" })).rule[0]).toMatchObject({ hook: "before_tool_call", enabled: true });
  });

  test("each hook allows the decisions the host honours there, and no others", () => {
    expect(messages(rule({ hook: "after_tool_call", decision: "block" }))).toEqual([
      'rule.0.decision: "block" is not possible on after_tool_call; expected one of continue, redact, withhold',
    ]);
    expect(messages(rule({ hook: "on_session_end", decision: "inject", content: "x" }))[0]).toContain("expected one of continue");
    expect(messages(rule({ hook: "before_tool_call", decision: "redact", patterns: ["x"] }))[0]).toContain('"redact" is not possible on before_tool_call');
  });

  test("a field that belongs to another decision is an error, not a silent no-op", () => {
    expect(messages(rule({ decision: "confirm", reason: "why" }))).toEqual(["rule.0.reason: only used with decision block or withhold, but this rule's decision is confirm"]);
  });

  test("field paths that would reach a prototype are refused in modify and in input conditions", () => {
    expect(messages(rule({ decision: "modify", modify: { set: { "__proto__.x": 1 } } }))[0]).toContain('"__proto__.x": the name "__proto__" is not allowed');
    expect(messages(rule({ decision: "block", when: { input: { "a.constructor": { equals: 1 } } } }))[0]).toContain("not allowed in a field path");
  });

  test("duplicate rule ids are the loader's to report (they may come from different included files)", () => {
    expect(
      messages({
        version: 1,
        rule: [
          { id: "a", decision: "block" },
          { id: "a", decision: "block" },
        ],
      }),
    ).toEqual([]);
  });

  test("a regular expression RE2 cannot run in linear time is refused", () => {
    expect(messages(rule({ decision: "block", when: { input: { command: { regex: "(a)\\1" } } } }))[0]).toContain("not a valid RE2 regular expression");
  });

  test("when may be a table or a list of tables", () => {
    expect(messages(rule({ decision: "block", when: [{ command: "rm" }, { command: "shred" }] }))).toEqual([]);
  });
});

describe("the decision lists", () => {
  test("every decision a rule may take is a tool-call or output decision, or inject", () => {
    expect(new Set(ALL_DECISIONS)).toEqual(new Set([...TOOL_CALL_STRENGTH, ...OUTPUT_STRENGTH, "inject"]));
  });

  test("every hook kind can be named by a rule", () => {
    for (const hook of HOOK_KINDS) expect(messages(rule({ hook, decision: "continue" }))).toEqual([]);
  });
});

describe("conditionList", () => {
  test("none, one table, or a list", () => {
    expect(conditionList(undefined)).toEqual([]);
    expect(conditionList({ command: "rm" })).toEqual([{ command: "rm" }]);
    expect(conditionList([{ command: "a" }, { command: "b" }])).toHaveLength(2);
  });
});
