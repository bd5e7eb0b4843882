import { describe, expect, test } from "bun:test";
import { REASON_COMMAND_CHARS } from "../../../../src/limits.ts";
import { describeCommand } from "../../../../src/policy/engine/command-text.ts";
import { simpleCommand } from "../../../support/commands.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("describeCommand", () => {
  test("the program and its words, and how it was reached", () => {
    expect(describeCommand(simpleCommand({ program: "rm", args: ["-rf", "/"], via: ["sudo", "bash -c"] }))).toBe("rm -rf / (via sudo → bash -c)");
  });

  test("a bare redirect says what it writes", () => {
    expect(describeCommand(simpleCommand({ program: "", writes: ["/etc/hosts"] }))).toBe("(redirect to /etc/hosts)");
  });

  test("a long command is cut to the named limit after its secrets are redacted", () => {
    const token = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";
    const text = describeCommand(simpleCommand({ program: "echo", args: ["x".repeat(100), token] }));
    expect(text.length).toBeLessThanOrEqual(REASON_COMMAND_CHARS + 1);
    expect(text).not.toContain("ghp_16C7");
  });
});
