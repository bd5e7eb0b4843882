// shell_send: what bash on a terminal really reads — the host's escapes,
// then the line editor's keys — and what cannot be modelled.
import { describe, expect, test } from "bun:test";
import { editLines, hostEscapes, readTerminalInput } from "../../../../src/shell/parse/terminal-input.ts";
import { decide } from "../../../support/decide.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("the host's escape processing", () => {
  test.each([
    ["a\\nb", "a\nb"],
    ["\\x72\\x6d -rf ~\\n", "rm -rf ~\n"],
    ["tab\\there", "tab\there"],
    ["back\\\\slash", "back\\slash"],
    ["nul\\0byte", "nul\0byte"],
    ["\\e[A and \\x1b[B are dropped", "[A and [B are dropped"],
    ["high \\xe9 dropped", "high  dropped"],
    ["unknown \\q stays", "unknown \\q stays"],
    ["\\x without digits", "\\x without digits"],
  ])("%j → %j", (input, bytes) => {
    expect(hostEscapes(input)).toBe(bytes);
  });
});

describe("the line editor", () => {
  test.each([
    ["true\nrm -rf ~\n", ["true", "rm -rf ~"]],
    ["r\0m -rf ~\n", ["rm -rf ~"]],
    ["ls /tmp/x\b\b\b\b\b\b~\n", ["ls ~"]],
    ["echo safe\x15rm -rf ~\n", ["rm -rf ~"]],
    ["rm -rf build\x17~\n", ["rm -rf ~"]],
    ["rm -rf ~ && echo\x01#\n", ["#rm -rf ~ && echo"]],
    ["echo x\x0b\x01rm -rf ~ #\n", ["rm -rf ~ #echo x"]],
    ["rm -rf ~/x\x17\x19\x19\n", ["rm -rf ~/x~/x"]],
    ["mr\x14 -rf ~\n", ["rm -rf ~"]],
    ["ls\x03rm -rf ~\r", ["rm -rf ~"]],
    ["a\x16\x15b\n", ["a\x15b"]],
  ])("%j → %j", (bytes, lines) => {
    const read = editLines("", bytes);
    expect(read.lines).toEqual(lines);
    expect(read.problems).toEqual([]);
  });

  test("text without a newline stays in the editor, and the next send completes it", () => {
    const first = readTerminalInput("", "rm -rf ");
    expect(first).toMatchObject({ lines: [], pending: "rm -rf " });
    expect(readTerminalInput(first.pending, "~\\n").lines).toEqual(["rm -rf ~"]);
  });

  test.each([["ls ~/Doc\t\n"], ["\x10\n"], ["\x12rm\n"]])("%j cannot be modelled (completion, history)", (bytes) => {
    expect(editLines("", bytes).problems).not.toEqual([]);
  });
});

describe("shell_send judged by the engine", () => {
  const send = (input: string, pendingLine?: string) =>
    decide({ hook: "before_tool_call", tool: ["shell_send"], input: { session_id: "s1", input }, ...(pendingLine !== undefined ? { pendingLine } : {}) });

  test.each([["true\\nrm -rf ~\\n"], ["r\\0m -rf ~\\n"], ["rm -rf /tmp/x\\b\\b\\b\\b\\b\\b~\\n"], ["echo ok\\x15rm -rf ~\\n"], ["rm -rf bu\\x17~\\n"]])(
    "%s is stopped",
    (input) => {
      expect(send(input).decision).toBe("block");
    },
  );

  test("a partial line waits for what completes it", () => {
    const first = send("rm -rf ");
    expect(first.decision).toBe("continue");
    expect(first.verdict.pendingLine).toBe("rm -rf ");
    expect(send("~\\n", first.verdict.pendingLine).decision).toBe("block");
  });

  test("answers and interrupts are fine; completion is on_error", () => {
    expect(send("y\\n").decision).toBe("continue");
    expect(send("\\x03").decision).toBe("continue");
    expect(send("\\x04").decision).toBe("continue");
    expect(send("cat ~/Doc\\t\\n").decision).toBe("block");
  });
});
