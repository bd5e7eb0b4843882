import { describe, expect, test } from "bun:test";
import type { EngineDeps } from "../../../../src/policy/engine/compile.ts";
import { evaluate, onErrorVerdict, policySummary, ruleSummary } from "../../../../src/policy/engine/engine.ts";
import { loadPolicy } from "../../../../src/policy/load/load.ts";
import { directEngineDeps } from "../../../../src/policy/load/load-file.ts";
import { decide, policyOf } from "../../../support/decide.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

/** A policy compiled with the engine's dependencies given explicitly. */
function compiledWith(text: string, deps: EngineDeps) {
  const loaded = loadPolicy({ text, file: "policy.toml", home: "/home/ada", deps });
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
  return loaded.policy;
}

const BLOCK_RM = 'version = 1\n[[rule]]\nid = "no-rm"\nwhen = { command = "rm" }\ndecision = "block"\nreason = "no rm"\n';
const bash = (command: string) => ({ hook: "before_tool_call" as const, tool: ["bash"], input: { command } });

describe("evaluate never throws", () => {
  test("an analyzer that throws gives the policy's on_error decision, with the analyzer's message", () => {
    const policy = compiledWith(BLOCK_RM, {
      ...directEngineDeps(),
      analyzer: () => {
        throw new Error("grammar failed to start");
      },
    });
    const verdict = evaluate(policy, bash("ls"));
    expect(verdict.decision.kind).toBe("block");
    expect(verdict.decidedBy).toEqual({ kind: "error", reason: "internal error while judging the call (grammar failed to start)" });
  });

  test("on_error = confirm asks instead", () => {
    const policy = compiledWith(`version = 1\n[defaults]\non_error = "confirm"\n${BLOCK_RM.replace("version = 1\n", "")}`, {
      ...directEngineDeps(),
      analyzer: () => {
        throw new Error("boom");
      },
    });
    expect(evaluate(policy, bash("ls")).decision.kind).toBe("confirm");
  });

  test("a crafted escape that once made check throw is judged like any input, not as an internal error", () => {
    expect(decide("echo $'\\U7fffffff'")).toMatchObject({ decision: "continue", verdict: { decidedBy: { kind: "default" } } });
  });

  test("a malformed event gets on_error on a tool call, and continue on other hooks", () => {
    const policy = policyOf(BLOCK_RM);
    expect(evaluate(policy, { hook: "malformed", intended: "before_tool_call", reason: "no tool name" }).decision.kind).toBe("block");
    expect(evaluate(policy, { hook: "malformed", intended: undefined, reason: "not an object" }).decision.kind).toBe("block");
    expect(evaluate(policy, { hook: "malformed", intended: "after_tool_call", reason: "x" }).decision.kind).toBe("continue");
  });
});

describe("the strongest decision wins", () => {
  const policy = policyOf(`version = 1
[[rule]]
id = "ok"
when = { command = "git" }
decision = "allow"
[[rule]]
id = "ask"
when = { command = "git", subcommand = "push" }
decision = "confirm"
[[rule]]
id = "stop"
when = { command = "git", flags = ["--force"] }
decision = "block"
`);

  test("block beats confirm and allow, whatever the order", () => {
    expect(decide("git push --force", policy)).toMatchObject({ decision: "block", rule: "stop" });
  });

  test("confirm beats allow", () => {
    expect(decide("git push", policy)).toMatchObject({ decision: "confirm", rule: "ask" });
  });

  test("an allow counts only once it covers every command the input runs", () => {
    expect(decide("git status", policy).decision).toBe("allow");
    const allowList = policyOf(`version = 1\n[defaults]\ndecision = "block"\n[[rule]]\nid = "ok"\nwhen = { command = "git" }\ndecision = "allow"\n`);
    expect(decide("git status", allowList).decision).toBe("allow");
    expect(decide("git status && curl x", allowList).decision).toBe("block");
  });

  test("a rule's block wins over an analysis error; a weaker rule does not", () => {
    const strict = policyOf(`version = 1\n[defaults]\non_error = "confirm"\n${BLOCK_RM.replace("version = 1\n", "")}`);
    expect(decide("rm x; $EDITOR y", strict)).toMatchObject({ decision: "block", rule: "no-rm" });
    expect(decide("ls; $EDITOR y", strict).decision).toBe("confirm");
  });
});

describe("modify", () => {
  const policy = policyOf(`version = 1
[[rule]]
id = "quiet"
when = { command = "npm" }
decision = "modify"
modify = { replace = [{ field = "command", pattern = "^npm install$", with = "npm install --no-audit" }, { field = "command", pattern = "^npm ci$", with = "npm ci && rm -rf node_modules/.cache" }] }
[[rule]]
id = "no-rm"
when = { command = "rm" }
decision = "block"
`);

  test("the input is rewritten", () => {
    expect(decide("npm install", policy).verdict.decision).toEqual({ kind: "modify", input: { command: "npm install --no-audit" } });
  });

  test("a rewritten input is judged again: if it would be stopped, the call is stopped", () => {
    const judged = decide("npm ci", policy);
    expect(judged.decision).toBe("block");
    expect(judged.reason).toContain('after rule "quiet" rewrote the input');
  });
});

describe("after_tool_call, injections and the other hooks", () => {
  test("withhold beats redact and replaces the output with the rule's notice", () => {
    const policy = policyOf(`version = 1
[[rule]]
id = "r"
hook = "after_tool_call"
decision = "redact"
patterns = ["secret-[0-9]+"]
[[rule]]
id = "w"
hook = "after_tool_call"
when = { output = { contains = "TOP SECRET" } }
decision = "withhold"
reason = "withheld"
`);
    expect(evaluate(policy, { hook: "after_tool_call", tool: ["bash"], input: {}, output: "TOP SECRET secret-1" }).decision).toEqual({ kind: "withhold", output: "withheld" });
    expect(evaluate(policy, { hook: "after_tool_call", tool: ["bash"], input: {}, output: "a secret-12 b" }).decision).toEqual({
      kind: "redact",
      output: "a [REDACTED:r] b",
      counts: { r: 1 },
    });
    expect(evaluate(policy, { hook: "after_tool_call", tool: ["bash"], input: {}, output: "clean" }).decision.kind).toBe("continue");
  });

  test("session-start injections join every inject rule's content, with the policy summary when asked", () => {
    const policy = policyOf(`version = 1
[[rule]]
id = "house"
hook = "on_session_start"
decision = "inject"
content = "Run the tests."
policy_summary = true
${BLOCK_RM.replace("version = 1\n", "")}`);
    const decision = evaluate(policy, { hook: "on_session_start" }).decision;
    expect(decision.kind).toBe("inject");
    expect(decision.kind === "inject" && decision.content).toStartWith("Run the tests.\n\nsynaps-policy is active.");
    expect(decision.kind === "inject" && decision.content).toContain("- block: no rm");
  });

  test("a hook with nothing to decide continues, and says which rules matched", () => {
    const verdict = evaluate(policyOf(BLOCK_RM), { hook: "on_session_end" });
    expect(verdict).toMatchObject({ hook: "on_session_end", decision: { kind: "continue" }, decidedBy: { kind: "default" }, matched: [] });
  });
});

describe("onErrorVerdict", () => {
  const defaults = (on_error: "block" | "confirm" | "continue") => ({ defaults: { decision: "continue" as const, on_error } });

  test("is the policy's on_error on a tool call, with the reason redacted", () => {
    const token = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";
    const verdict = onErrorVerdict(defaults("block"), "before_tool_call", `cannot read ${token}`);
    expect(verdict.decision.kind).toBe("block");
    expect(JSON.stringify(verdict)).not.toContain(token);
    expect(onErrorVerdict(defaults("confirm"), "before_tool_call", "x").decision.kind).toBe("confirm");
    expect(onErrorVerdict(defaults("continue"), "before_tool_call", "x").decision.kind).toBe("continue");
  });

  test("is continue on every other hook: there is nothing to stop", () => {
    expect(onErrorVerdict(defaults("block"), "after_tool_call", "x").decision.kind).toBe("continue");
    expect(onErrorVerdict(defaults("block"), "on_session_start", "x").decision.kind).toBe("continue");
  });
});

describe("summaries", () => {
  test("a rule is summarised by its description, else its reason, else its message, else its id", () => {
    const policy = policyOf(`version = 1
[[rule]]
id = "a"
description = "described"
reason = "reason"
decision = "block"
[[rule]]
id = "b"
reason = "reason"
decision = "block"
[[rule]]
id = "c"
message = "message"
decision = "confirm"
[[rule]]
id = "d"
decision = "block"
`);
    expect(policy.rules.map(ruleSummary)).toEqual(["described", "reason", "message", "d"]);
  });

  test("the policy summary lists the rules that stop calls, and not the others", () => {
    const summary = policySummary(policyOf(`${BLOCK_RM}[[rule]]\nid = "fine"\nwhen = { command = "ls" }\ndecision = "allow"\n`));
    expect(summary).toContain("- block: no rm");
    expect(summary).not.toContain("fine");
  });
});
