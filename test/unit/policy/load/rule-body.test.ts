// A shipped file's rules are held as heads and bodies: a load parses the
// heads, a rule's body is parsed the first time one of its keys is read. The
// rule read must be the rule written, whichever key is read first, and a load
// of the default policy must leave the bodies of the rules a call never
// reaches unparsed (that is the start-up saving; counted, not timed).
import { describe, expect, test } from "bun:test";
import { evaluate } from "../../../../src/policy/engine/engine.ts";
import { eventOf } from "../../../../src/policy/engine/event-of.ts";
import type { RuleGate } from "../../../../src/policy/engine/compile.ts";
import type { Rule } from "../../../../src/policy/format/schema.ts";
import { loadPolicy } from "../../../../src/policy/load/load.ts";
import { defaultPolicyText } from "../../../../src/policy/load/load-file.ts";
import { BODY_KEYS, rulesFromHeads, splitRules } from "../../../../src/policy/load/rule-body.ts";
import { analyzeShell } from "../../../../src/shell/analyze.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const RULES = [
  {
    id: "first",
    description: "über — “quoted” ✓",
    enabled: true,
    hook: "before_tool_call",
    tool: ["bash", "shell_*"],
    when: [{ command: "halt|poweroff" }, { writes: ["/proc/sysrq-trigger"] }],
    decision: "block",
    reason: "Stopped: {hosts}",
  },
  { id: "no-body", enabled: false, hook: "after_tool_call", decision: "redact", patterns: ["tok_[a-z0-9]{8}"] },
  { id: "empty-values", description: "", enabled: true, hook: "before_tool_call", when: [], unless: {}, decision: "confirm", message: "" },
  { id: "modify", enabled: true, hook: "before_tool_call", decision: "modify", modify: { set: { "input.timeout": 0, "input.dry": false } }, mode: "observe" },
] as unknown as Rule[];

const gatesOf = (rule: Rule): RuleGate[] => [{ facts: [rule.id.length] }];

/** Heads and bodies as the build writes them, read back as a load does. */
function roundTrip(rules: readonly Rule[]) {
  const written = splitRules(rules, gatesOf, (value) => JSON.stringify(value));
  const prefix = "HEADER";
  const text = `${prefix}${written.pieces}`;
  const heads = JSON.parse(JSON.stringify({ heads: written.heads, ends: written.ends }));
  return rulesFromHeads(heads, text, prefix.length);
}

const deferred = (rule: object) => BODY_KEYS.filter((key) => Object.getOwnPropertyDescriptor(rule, key)?.get !== undefined);

describe("a rule held as head and body", () => {
  test("reads as written, key for key and in the same order, whichever key is read first", () => {
    for (const first of [undefined, ...BODY_KEYS, "id"] as const) {
      const { rules } = roundTrip(RULES);
      if (first) for (const rule of rules) void (rule as Record<string, unknown>)[first];
      for (const [index, rule] of rules.entries()) {
        expect(Object.keys(rule)).toEqual(Object.keys(RULES[index]!));
        expect(JSON.parse(JSON.stringify(rule))).toEqual(JSON.parse(JSON.stringify(RULES[index])));
      }
    }
  });

  test("its head is there at once and its body keys wait for the first read, then all become plain values", () => {
    const { rules } = roundTrip(RULES);
    const [first, noBody] = rules;
    expect(first!.id).toBe("first");
    expect(first!.tool).toEqual(["bash", "shell_*"]);
    expect(deferred(first!)).toEqual(["description", "when", "reason"]);
    expect(deferred(noBody!)).toEqual([]);
    expect(first!.reason).toBe("Stopped: {hosts}");
    expect(deferred(first!)).toEqual([]);
    expect(first!.when).toEqual([{ command: "halt|poweroff" }, { writes: ["/proc/sysrq-trigger"] }]);
    // Falsy values are values: an empty text, an empty list, false and 0 come back as written.
    expect(rules[2]!.description).toBe("");
    expect(rules[2]!.when).toEqual([]);
    expect(rules[3]!.modify).toEqual({ set: { "input.timeout": 0, "input.dry": false } });
  });

  test("a body key can be written before it was read, and keeps what was written", () => {
    const { rules } = roundTrip(RULES);
    const rule = rules[0] as Record<string, unknown>;
    rule.reason = "changed";
    expect(rule.reason).toBe("changed");
    expect(rule.description).toBe("über — “quoted” ✓");
    expect(Object.keys(rule)).toEqual(Object.keys(RULES[0]!));
  });

  test("a deferred rule shows nothing but its keys: no symbol, and a spread copy holds the values as written", () => {
    const { rules } = roundTrip(RULES);
    expect(Object.getOwnPropertySymbols(rules[0]!)).toEqual([]);
    expect(Reflect.ownKeys(rules[0]!)).toEqual(Object.keys(RULES[0]!));
    const copy = { ...rules[1]!, ...rules[0]! };
    expect(JSON.parse(JSON.stringify(copy))).toEqual(JSON.parse(JSON.stringify({ ...RULES[1]!, ...RULES[0]! })));
    expect(deferred(rules[0]!)).toEqual([]);
  });

  test("each rule's alternative gates are read from its own piece", () => {
    const { alternatives } = roundTrip(RULES);
    expect(alternatives.map((read) => read())).toEqual(RULES.map(gatesOf));
  });
});

describe("the default policy's packs, loaded", () => {
  test("a call leaves the bodies of the rules its programs never reach unparsed", () => {
    const deps = { analyzer: analyzeShell, clock: { now: () => 0 } };
    const loaded = loadPolicy({ text: defaultPolicyText, file: "policy.toml", home: "/home/ada", format: "toml", deps, lint: "after" });
    if (!loaded.ok) throw new Error("the default policy does not load");
    const shipped = loaded.policy.rules.filter((rule) => rule.ref.source.startsWith("builtin:"));
    const unread = () => shipped.filter((rule) => deferred(rule.written).length > 0).length;
    const withBody = unread();
    // Nearly every pack rule has conditions or texts; none was parsed by the load itself.
    expect(withBody).toBeGreaterThan(shipped.length * 0.9);
    const verdict = evaluate(loaded.policy, eventOf(loaded.policy, { hook: "before_tool_call", tool: "bash", input: "git status && git diff --stat | head -20" }));
    expect(verdict.decision.kind).toBe("continue");
    // The call's programs reach a small part of the rules: the others' bodies are still text.
    expect(unread()).toBeGreaterThan(withBody * 0.75);
    // A call that reaches a rule reads it as written.
    const pushed = evaluate(loaded.policy, eventOf(loaded.policy, { hook: "before_tool_call", tool: "bash", input: "git push --force origin main" }));
    expect(pushed.decision.kind).not.toBe("continue");
  });
});
