import { describe, expect, test } from "bun:test";
import { statsText } from "../../../src/cli/log-stats.ts";
import { setTestLimit } from "../../support/test-limit.ts";

setTestLimit();

describe("log --stats", () => {
  test("counts the calls that ran code nobody could see, by decision and file", () => {
    const call = (decision: string, unseen?: string[]) => ({
      time: "2026-12-01T00:00:00Z",
      hook: "before_tool_call",
      tool: "bash",
      decision,
      ...(unseen ? { unseen_code: unseen } : {}),
    });
    const text = statsText([call("continue", ["build.sh"]), call("continue", ["build.sh"]), call("confirm", ["configure"]), call("continue")]);
    expect(text).toContain("code nobody could see (defaults.unseen_code):\n       2  continue: build.sh\n       1  confirm: configure");
  });
});
