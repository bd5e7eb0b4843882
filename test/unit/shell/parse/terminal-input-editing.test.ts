import { describe, expect, test } from "bun:test";
import { editLines, hostEscapes, readTerminalInput } from "../../../../src/shell/parse/terminal-input.ts";
import { setTestLimit } from "../../../support/test-limit.ts";

setTestLimit();

describe("hostEscapes", () => {
  test("\\n \\t \\\\ \\b \\0 and \\xHH below 0x80 become bytes", () => {
    expect(hostEscapes("a\\nb\\tc\\\\d\\b\\0\\x41")).toBe("a\nb\tc\\d\b\0A");
  });

  test("\\e, \\x1b and bytes of 0x80 and above are dropped; other backslashes stay", () => {
    expect(hostEscapes("a\\eb\\x1bc\\xffd\\qe\\x")).toBe("abcd\\qe\\x");
  });
});

describe("editLines", () => {
  test("enter ends a line; what is left is the pending line", () => {
    expect(editLines("", "ls\npw")).toEqual({ lines: ["ls"], pending: "pw", problems: [] });
  });

  test("the pending line from an earlier send is completed by this one", () => {
    expect(editLines("rm -r", "f ~\n").lines).toEqual(["rm -rf ~"]);
  });

  test("backspace, ^U, ^W and ^K edit the line", () => {
    expect(editLines("", "lx\x7fs\n").lines).toEqual(["ls"]);
    expect(editLines("", "echo safe\x15rm -rf ~\n").lines).toEqual(["rm -rf ~"]);
    expect(editLines("", "rm -rf safe\x17~\n").lines).toEqual(["rm -rf ~"]);
    expect(editLines("", "rm -rf ~ && ls\x01\x06\x06\x06\x06\x06\x06\x06\x06\x0b\n").lines).toEqual(["rm -rf ~"]);
  });

  test("^Y yanks back what was killed", () => {
    expect(editLines("", "~\x15rm -rf \x19\n").lines).toEqual(["rm -rf ~"]);
  });

  test("cursor moves insert in the middle of the line", () => {
    expect(editLines("", "rm ~\x02-rf \n").lines).toEqual(["rm -rf ~"]);
  });

  test("^C throws the line away; NUL and bell do nothing", () => {
    expect(editLines("", "rm -rf ~\x03ls\0\x07\n").lines).toEqual(["ls"]);
  });

  test("^V inserts the next character as it is", () => {
    expect(editLines("", "a\x16\x15b\n").lines).toEqual(["a\x15b"]);
  });

  test("tab completion and history keys cannot be modelled: each is a problem", () => {
    expect(editLines("", "rm -rf ~/Doc\t\n").problems).toEqual(["the input types tab (completion), which changes the line in a way that cannot be known"]);
    expect(editLines("", "\x12rm\n").problems[0]).toContain("^R (history search)");
  });

  test("a cursor left inside a partial line is a problem: the next send inserts there", () => {
    expect(editLines("", "ls -la\x02").problems).toHaveLength(1);
  });
});

describe("readTerminalInput", () => {
  test("the host's escapes, then readline: a \\b sent as text deletes a character", () => {
    expect(readTerminalInput("", "rm -rf ~/x\\b\\n").lines).toEqual(["rm -rf ~/"]);
  });
});
