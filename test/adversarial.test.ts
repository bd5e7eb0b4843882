// Inputs built to exhaust the guard (test/support/adversarial-inputs.ts), judged
// in process: each gets the on_error decision with a reason naming the limit it
// reached, or the decision its commands deserve. No test here asserts a
// duration: the step budget decides deterministically. adversarial.e2e.ts sends
// them through the binary.
import { describe, expect, test } from "bun:test";
import { ADVERSARIAL_INPUTS } from "./support/adversarial-inputs.ts";
import { decide } from "./support/decide.ts";
import { setTestLimit } from "./support/test-limit.ts";

setTestLimit();

describe("adversarial inputs in process", () => {
  for (const [name, command, decision, reason] of ADVERSARIAL_INPUTS) {
    test(name, () => {
      const judged = decide(command);
      expect(judged.decision).toBe(decision);
      expect(judged.reason).toMatch(reason);
      expect(judged.reason.length).toBeLessThan(2_000);
    });
  }
});
