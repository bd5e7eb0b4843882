// Observe mode: a rule (or the whole policy) decides nothing, but the
// verdict says what it would have decided — the way to trial a rule.
import { describe, expect, test } from "bun:test";
import { decide, policyOf } from "../../../support/decide.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

const BASE = `version = 1
[[rule]]
id = "no-curl"
when = { command = "curl" }
decision = "block"
reason = "no curl"
`;

describe("a rule in observe mode", () => {
  const policy = policyOf(`${BASE}
[[rule]]
id = "trial-wget"
when = { command = "wget" }
decision = "block"
reason = "wget is on trial"
mode = "observe"
`);

  test("lets the call go on and says what it would have decided", () => {
    const { decision, verdict } = decide("wget https://example.com", policy);
    expect(decision).toBe("continue");
    expect(verdict.observed).toMatchObject({ decision: "block", rule: { id: "trial-wget" }, reason: expect.stringContaining("wget is on trial") });
  });

  test("leaves enforced rules alone", () => {
    const { decision, verdict } = decide("curl https://example.com", policy);
    expect(decision).toBe("block");
    expect(verdict.observed).toBeUndefined();
  });

  test("reports nothing when the enforced decision is already the same or stronger", () => {
    expect(decide("curl x && wget y", policy).verdict.observed).toBeUndefined();
    expect(decide("ls", policy).verdict.observed).toBeUndefined();
  });

  test("is not told to the model in the session-start summary", () => {
    expect(policy.byHook.before_tool_call.map((rule) => rule.ref.id)).toEqual(["no-curl"]);
    expect(policy.rules.map((rule) => `${rule.ref.id}:${rule.mode}`)).toEqual(["no-curl:enforce", "trial-wget:observe"]);
  });
});

describe("[defaults] mode = observe", () => {
  const policy = policyOf(`${BASE}
[defaults]
decision = "confirm"
mode = "observe"

[[rule]]
id = "redact-keys"
hook = "after_tool_call"
decision = "redact"
detectors = ["aws"]

[[rule]]
id = "enforced-anyway"
when = { command = "shred" }
decision = "block"
mode = "enforce"
`);

  test("every tool-call rule, the default and on_error are only observed", () => {
    expect(decide("curl x", policy)).toMatchObject({ decision: "continue", verdict: { observed: { decision: "block", rule: { id: "no-curl" } } } });
    expect(decide("ls", policy)).toMatchObject({ decision: "continue", verdict: { observed: { decision: "confirm" } } });
    expect(decide("$EDITOR x", policy)).toMatchObject({ decision: "continue", verdict: { observed: { decision: "block" } } });
  });

  test("a rule's own mode wins over the default", () => {
    expect(decide("shred x", policy).decision).toBe("block");
  });

  test("redaction still applies: a trial never passes secrets to the model", () => {
    const { decision } = decide({ hook: "after_tool_call", tool: ["bash"], input: {}, output: "key AKIAIOSFODNN7EXAMPLE" }, policy);
    expect(decision).toBe("redact");
  });
});

describe("inline tests judge what the rules decide, whatever their mode", () => {
  test("a test expecting an observed rule's block passes, and one expecting continue fails", () => {
    expect(() => policyOf(`${BASE}\n[defaults]\nmode = "observe"\n[[test]]\ninput = "curl x"\nexpect = "block"\n`)).not.toThrow();
    expect(() => policyOf(`${BASE}\n[defaults]\nmode = "observe"\n[[test]]\ninput = "curl x"\nexpect = "continue"\n`)).toThrow("expected continue, got block");
  });
});
